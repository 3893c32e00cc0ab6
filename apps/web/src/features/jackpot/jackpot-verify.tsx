import { toMinor } from '@wps/contract';
import { hashServerSeed, jackpotDraw } from '@wps/games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupMoney } from '../../app/layouts/balance-format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useJackpotWins } from './api.ts';

const FIELDS = [
  'serverSeed',
  'serverSeedHash',
  'clientSeed',
  'nonce',
  'poolId',
  'stake',
  'hitEvery',
] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

interface Verdict {
  hashOk: boolean | null;
  draw: number;
  chance: number;
  hit: boolean;
}

const EMPTY: Form = {
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  poolId: '1',
  stake: '',
  hitEvery: '',
};

/**
 * The jackpot's part of /verify (DESIGN §7: one verifier for every fair draw): recomputes a
 * round's jackpot draw in the browser with the same code the server ran (packages/games
 * jackpot.ts), from the round's seeds, nonce and stake and the pool's hit rate. Recent wins fill
 * the form; a forced (test) win says it had no draw.
 */
export function JackpotVerify() {
  const { t } = useTranslation('jackpot');
  const { t: ti } = useTranslation('inhouse');
  const wins = useJackpotWins().data?.wins ?? [];
  const [form, setForm] = useState<Form>(EMPTY);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = (k: Field) =>
    k === 'poolId' || k === 'stake' || k === 'hitEvery'
      ? t(`verify.${k === 'poolId' ? 'pool' : k}`)
      : ti(`verify.${k}`);

  function verify(e: FormEvent) {
    e.preventDefault();
    setVerdict(null);
    setError(null);
    const nonce = Number(form.nonce);
    const poolId = Number(form.poolId);
    let stake: bigint;
    let hitEvery: bigint;
    try {
      stake = toMinor(form.stake.trim());
      hitEvery = toMinor(form.hitEvery.trim());
    } catch {
      setError(ti('verify.badSeeds'));
      return;
    }
    if (
      !/^[0-9a-f]{64}$/.test(form.serverSeed.trim()) ||
      !form.clientSeed ||
      !Number.isSafeInteger(nonce) ||
      nonce < 0 ||
      !Number.isSafeInteger(poolId) ||
      poolId < 1 ||
      hitEvery <= 0n
    ) {
      setError(ti('verify.badSeeds'));
      return;
    }
    const serverSeed = form.serverSeed.trim();
    const d = jackpotDraw({ serverSeed, clientSeed: form.clientSeed, nonce, poolId, stake, hitEvery });
    setVerdict({
      hashOk: form.serverSeedHash
        ? hashServerSeed(serverSeed) === form.serverSeedHash.trim().toLowerCase()
        : null,
      draw: d.draw,
      chance: d.chance,
      hit: d.hit,
    });
  }

  return (
    <section
      className="card stack ih-verify"
      aria-labelledby="jackpot-verify-title"
      data-testid="jackpot-verify"
    >
      <h2 id="jackpot-verify-title">{t('verify.tab')}</h2>
      <p className="muted">{t('verify.lead')}</p>
      <h3>{t('verify.recent')}</h3>
      {wins.length === 0 ? (
        <p className="muted">{t('verify.none')}</p>
      ) : (
        <ul className="jackpot-verify__wins">
          {wins.slice(0, 5).map((w) => (
            <li key={w.id}>
              <span>
                {w.poolName} · {w.customerName} · <strong>{groupMoney(w.amount)}</strong>
              </span>{' '}
              {w.proof === null ? (
                <small className="muted">{t('verify.forced')}</small>
              ) : (
                <>
                  {w.proof.serverSeed === null && <small className="muted">{t('verify.unrevealed')} </small>}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      setForm({
                        serverSeed: w.proof!.serverSeed ?? '',
                        serverSeedHash: w.proof!.serverSeedHash,
                        clientSeed: w.proof!.clientSeed,
                        nonce: String(w.proof!.nonce),
                        poolId: String(w.poolId),
                        stake: w.proof!.stake,
                        hitEvery: w.proof!.hitEvery,
                      })
                    }
                  >
                    {t('verify.use')}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="stack" onSubmit={verify}>
        {FIELDS.map((k) => (
          <label key={k} className="ih-field">
            <span>{label(k)}</span>
            <input
              className="input ih-mono"
              name={`jackpot-${k}`}
              value={form[k]}
              inputMode={
                k === 'nonce' || k === 'poolId' || k === 'stake' || k === 'hitEvery' ? 'decimal' : undefined
              }
              onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
            />
          </label>
        ))}
        <Button type="submit">{t('verify.run')}</Button>
      </form>
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      {verdict && (
        <dl className="ih-proof" data-testid="jackpot-verdict">
          {verdict.hashOk !== null && (
            <>
              <dt>{ti('verify.serverSeedHash')}</dt>
              <dd>{verdict.hashOk ? '✓' : '✗'}</dd>
            </>
          )}
          <dt>{t('verify.draw')}</dt>
          <dd className="ih-mono">{verdict.draw}</dd>
          <dt>{t('verify.chance')}</dt>
          <dd className="ih-mono">{(verdict.chance * 100).toPrecision(4)} %</dd>
          <dt>{verdict.hit ? t('verify.hit') : t('verify.miss')}</dt>
          <dd>{verdict.hit ? '✓' : '—'}</dd>
        </dl>
      )}
    </section>
  );
}
