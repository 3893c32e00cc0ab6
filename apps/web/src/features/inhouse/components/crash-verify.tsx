import type { crashProofSchema } from '@wps/contract';
import { crashPointHundredths, verifyChainHash } from '@wps/games';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { VerifierCard } from './verifier-card.tsx';

type CrashProof = z.infer<typeof crashProofSchema>;

/** How far back a revealed hash may be from the published one (a chain is 100,000 rounds). */
const MAX_DISTANCE = 2_000_000;

interface Result {
  point: string;
  distance: number | null;
  pointOk: boolean | null;
  /** The salt is the beacon round's randomness: SHA-256 of its signature (null: nothing to check). */
  saltOk: boolean | null;
}

const hexBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The chain's commitment as published: its terminating hash was out (committed) before the salt's
 * beacon round was due, so nobody, the operator included, knew the salt when the chain was fixed.
 */
function SaltSource({ proof }: { proof: CrashProof }) {
  const { t, i18n } = useTranslation('inhouse');
  const source = proof.saltSource;
  if (!source) return <p className="small muted">{t('verify.crash.noSaltSource')}</p>;
  const before = source.dueAt !== null && Date.parse(proof.committedAt) < Date.parse(source.dueAt);
  return (
    <div className="stack" data-testid="crash-salt-source">
      <dl className="ih-dl small">
        <dt>{t('verify.crash.committedAt')}</dt>
        <dd>{formatDateTime(proof.committedAt, i18n.language)}</dd>
        <dt>{t('verify.crash.saltSource')}</dt>
        <dd>
          <a href={source.roundUrl} target="_blank" rel="noreferrer noopener">
            {t('verify.crash.saltRound', { round: source.round })}
          </a>
          <span className="ih-mono small muted"> {source.chainHash}</span>
        </dd>
        <dt>{t('verify.crash.saltDue')}</dt>
        <dd>{formatDateTime(source.dueAt, i18n.language)}</dd>
      </dl>
      <p className={`small ${before ? 'text-success' : 'text-danger'}`} data-testid="crash-salt-committed">
        {before ? t('verify.crash.committedBefore') : t('verify.crash.committedAfter')}
      </p>
      {proof.salt === null && <p className="small muted">{t('verify.crash.saltPending')}</p>}
    </div>
  );
}

/**
 * The crash part of /verify: a round's revealed hash gives its point (first 52 bits, 1 % edge)
 * and, hashed forward, must reach the chain's terminating hash published before round 1.
 * `?crashRound=` fills it from the public proof of that round.
 */
export function CrashVerify({ roundId }: { roundId: string | null }) {
  const { t } = useTranslation('inhouse');
  const proof = useQuery({
    queryKey: ['inhouse', 'crash', 'proof', roundId],
    queryFn: ({ signal }) => api.get<CrashProof>(`/wps/inhouse/crash/rounds/${roundId}`, { signal }),
    enabled: roundId !== null && /^\d{1,10}$/.test(roundId),
  });
  const [hash, setHash] = useState('');
  const [salt, setSalt] = useState('');
  const [terminating, setTerminating] = useState('');
  const [claimed, setClaimed] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const p = proof.data;
    if (!p) return;
    setHash(p.hash ?? '');
    setSalt(p.salt ?? '');
    setTerminating(p.terminatingHash);
    setClaimed(p.point);
  }, [proof.data]);

  function verify(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setResult(null);
    const h = hash.trim().toLowerCase();
    const top = terminating.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(h) || !/^[0-9a-f]{64}$/.test(top)) {
      setError(t('verify.crash.badHash'));
      return;
    }
    setBusy(true);
    const saltText = salt.trim().toLowerCase();
    const signature = proof.data?.saltSignature ?? null;
    // Let the button show its spinner before the hashing (up to a second on a phone) starts.
    setTimeout(() => {
      void (async () => {
        const point = crashPointHundredths(h, saltText || undefined);
        const saltOk = signature && saltText ? (await sha256Hex(hexBytes(signature))) === saltText : null;
        setResult({
          point: (point / 100).toFixed(2),
          distance: verifyChainHash(h, top, MAX_DISTANCE),
          pointOk: claimed === null ? null : claimed === point,
          saltOk,
        });
        setBusy(false);
      })();
    }, 20);
  }

  return (
    <VerifierCard
      id="crash-verify"
      title={t('verify.crash.title')}
      lead={t('verify.crash.lead')}
      notice={
        proof.data && (
          <>
            <SaltSource proof={proof.data} />
            {proof.data.hash === null && <p className="text-danger">{t('verify.crash.notCrashed')}</p>}
          </>
        )
      }
      fields={[
        { name: 'crashHash', label: t('verify.crash.hash'), value: hash, onChange: setHash },
        { name: 'crashSalt', label: t('verify.crash.salt'), value: salt, onChange: setSalt },
        {
          name: 'crashTerminating',
          label: t('verify.crash.terminating'),
          value: terminating,
          onChange: setTerminating,
        },
      ]}
      runLabel={t('verify.crash.run')}
      busy={busy}
      onVerify={verify}
      error={error}
    >
      {result && (
        <div className="stack" data-testid="crash-verify-result" aria-live="polite">
          <p>
            {t('verify.crash.point')} <strong data-testid="crash-verify-point">{result.point}×</strong>
          </p>
          {result.saltOk !== null && (
            <p className={result.saltOk ? 'text-success' : 'text-danger'} data-testid="crash-verify-salt">
              {result.saltOk ? t('verify.crash.saltOk') : t('verify.crash.saltBad')}
            </p>
          )}
          {result.pointOk !== null && (
            <p className={result.pointOk ? 'text-success' : 'text-danger'}>
              {result.pointOk ? t('verify.crash.pointOk') : t('verify.crash.pointBad')}
            </p>
          )}
          <p
            className={result.distance !== null ? 'text-success' : 'text-danger'}
            data-testid="crash-verify-chain"
          >
            {result.distance !== null
              ? t('verify.crash.chainOk', { n: result.distance })
              : t('verify.crash.chainBad')}
          </p>
        </div>
      )}
    </VerifierCard>
  );
}
