import { weightedPick } from '@wps/games';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifierCard } from '../../inhouse/components/verifier-card.tsx';
import { runInBrowser, sha256Hex } from '../../inhouse/lib/replay.ts';
import { TICKET_VERIFY_PARAMS } from '../lib/ticket-verify-link.ts';

type Param = (typeof TICKET_VERIFY_PARAMS)[number];

interface Verdict {
  hashOk: boolean | null;
  float: number;
  bucket: number;
  total: number;
  /** Position of the drawn prize in the table, from 1. */
  pick: number;
  /** Whether it is the prize the ticket paid (when the link said which). */
  pickOk: boolean | null;
}

/**
 * The public verifier for reward-ticket draws (wheel, envelope, egg; DESIGN §7: one verifier for
 * every fair draw): float 0 of (serverSeed, clientSeed, nonce) in the browser — the same Web Crypto
 * HMAC blocks as the in-house rounds — its bucket ⌊float × total weight⌋, and the prize whose
 * weight range holds the bucket (the games package's weightedPick, which the server drew with).
 */
export function TicketVerify({ initial }: { initial: Partial<Record<Param, string>> }) {
  const { t } = useTranslation('tickets');
  const [f, setF] = useState<Record<Param, string>>(() => ({
    ticketSeed: initial.ticketSeed ?? '',
    ticketHash: initial.ticketHash ?? '',
    ticketClient: initial.ticketClient ?? '',
    ticketNonce: initial.ticketNonce ?? '',
    ticketWeights: initial.ticketWeights ?? '',
    ticketPick: initial.ticketPick ?? '',
  }));
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: Param) => (v: string) => setF((x) => ({ ...x, [k]: v }));

  async function verify(e?: FormEvent) {
    e?.preventDefault();
    setVerdict(null);
    setError(null);
    const nonce = Number(f.ticketNonce);
    const weights = f.ticketWeights.split(',').map((w) => Number(w.trim()));
    if (
      !/^[0-9a-f]{64}$/.test(f.ticketSeed.trim()) ||
      !f.ticketClient ||
      !Number.isSafeInteger(nonce) ||
      nonce < 0
    ) {
      setError(t('verify.badSeeds'));
      return;
    }
    if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w <= 0)) {
      setError(t('verify.badWeights'));
      return;
    }
    if (!globalThis.crypto?.subtle) {
      setError(t('verify.noWebCrypto'));
      return;
    }
    setBusy(true);
    try {
      const seeds = { serverSeed: f.ticketSeed.trim(), clientSeed: f.ticketClient, nonce };
      const { float } = await runInBrowser(seeds, (src) => ({ float: src.float(0) }));
      const total = weights.reduce((a, w) => a + w, 0);
      const pick = weightedPick(float, weights) + 1;
      const claimed = Number(f.ticketPick);
      setVerdict({
        hashOk: f.ticketHash
          ? (await sha256Hex(seeds.serverSeed)) === f.ticketHash.trim().toLowerCase()
          : null,
        float,
        bucket: Math.floor(float * total),
        total,
        pick,
        pickOk: f.ticketPick && Number.isSafeInteger(claimed) ? claimed === pick : null,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // A link from an opened ticket verifies at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the link's ticket
  useEffect(() => {
    if (initial.ticketSeed) void verify();
  }, []);

  return (
    <VerifierCard
      id="ticket-verify"
      title={t('verify.title')}
      lead={t('verify.lead')}
      fields={TICKET_VERIFY_PARAMS.map((name) => ({
        name,
        label: t(`verify.${name}`),
        value: f[name],
        onChange: set(name),
      }))}
      runLabel={t('verify.run')}
      busy={busy}
      onVerify={verify}
      error={error}
    >
      {verdict && (
        <div data-testid="ticket-verify-result" aria-live="polite">
          {verdict.hashOk !== null && (
            <p className={verdict.hashOk ? 'text-success' : 'text-danger'} data-testid="ticket-verify-hash">
              {verdict.hashOk ? t('verify.hashOk') : t('verify.hashBad')}
            </p>
          )}
          <p className="ih-mono small">
            {verdict.float} → ⌊{verdict.float} × {verdict.total}⌋ = {verdict.bucket}
          </p>
          <p data-testid="ticket-verify-pick">{t('verify.pick', { n: verdict.pick })}</p>
          {verdict.pickOk !== null && (
            <p className={verdict.pickOk ? 'text-success' : 'text-danger'} data-testid="ticket-verify-match">
              {verdict.pickOk ? t('verify.pickOk') : t('verify.pickBad')}
            </p>
          )}
        </div>
      )}
    </VerifierCard>
  );
}
