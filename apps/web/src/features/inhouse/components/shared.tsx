import type { InhouseGame } from '@wps/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import type { GameInfo, RoundResult } from '../api/inhouse.ts';

/** Positional lists (cards dealt, reels, path steps) never reorder: their position is their identity. */
export const keyed = <T,>(list: readonly T[]) => list.map((value, i) => ({ key: `p${i}`, value }));

/** Short markdown of the rules texts: only **bold** is used. */
export function RichText({ text }: { text: string }) {
  const parts = text.split('**');
  return (
    <p>
      {keyed(parts).map(({ key, value }, i) => (i % 2 === 1 ? <strong key={key}>{value}</strong> : value))}
    </p>
  );
}

export const MONEY_INPUT = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/**
 * Stake input: a decimal string with at most two decimals, within the game's limits. It takes
 * input only once the limits are known: before, its value would still change to the game's
 * minimum under a player's cursor, and what they typed would land after it ("1.0020").
 */
export function StakeField({
  value,
  onChange,
  info,
  label,
}: {
  value: string;
  onChange(v: string): void;
  info: GameInfo | undefined;
  label?: string;
}) {
  const { t } = useTranslation('inhouse');
  const valid = MONEY_INPUT.test(value);
  return (
    <label className="ih-field">
      <span>{label ?? t('stake')}</span>
      <input
        className="input"
        inputMode="decimal"
        value={value}
        disabled={!info}
        aria-invalid={!valid || undefined}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      {info && <small className="muted">{t('limits', { min: info.minBet, max: info.maxBet })}</small>}
    </label>
  );
}

export function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="text-danger" role="alert">
      {error instanceof ApiError ? error.message : t('errors.unknown')}
    </p>
  );
}

/** The result of a round: payout, balance, and the proof with a link to the verifier. */
export function RoundLine({ round, children }: { round: RoundResult; children?: ReactNode }) {
  const { t } = useTranslation('inhouse');
  const won = Number(round.payout) > 0;
  return (
    <section className="ih-result" aria-live="polite" data-testid="round-result">
      {children}
      {round.status === 'settled' && (
        <p className={won ? 'text-success' : 'muted'}>
          {won ? t('won', { payout: round.payout }) : t('lost')} · {t('stakeWas', { stake: round.stake })}
          {round.capped && ` · ${t('capped')}`}
        </p>
      )}
      <p className="small muted">
        {t('balance')}: <span className="money">{round.balance}</span>
        {round.trial && ` · ${t('playMoney')}`}
      </p>
      <p className="small muted ih-proof">
        {t('nonce')} {round.nonce} · {t('clientSeed')} {round.clientSeed} ·{' '}
        <Link to={`/verify?round=${encodeURIComponent(round.roundId)}`}>{t('verifyRound')}</Link>
      </p>
    </section>
  );
}

/**
 * Play with a stake and the play button; the child holds the game's own choices. The stake starts
 * at the game's minimum; nothing is shown, and nothing can be typed, until the limits are known.
 */
export function useStake(info: GameInfo | undefined) {
  const [stake, setStake] = useState('');
  return [stake || info?.minBet || '', setStake] as const;
}

export type GameProps = { game: InhouseGame; info: GameInfo | undefined };
