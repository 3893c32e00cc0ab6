import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import type { GameInfo } from '../api/inhouse.ts';
import { StakeField, useStake, keyed } from '../components/shared.tsx';

export interface TableBet {
  key: string;
  label: string;
  bet: Record<string, unknown>;
}

/** A bet slip for the card and dice tables: tap a bet to add a chip of the chosen stake. */
export function BetSlip({
  options,
  info,
  busy,
  onPlay,
  playLabel,
}: {
  options: TableBet[];
  info: GameInfo | undefined;
  busy: boolean;
  onPlay(bets: Record<string, unknown>[]): void;
  playLabel: string;
}) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [slip, setSlip] = useState<{ label: string; bet: Record<string, unknown> }[]>([]);
  return (
    <div className="stack">
      <StakeField value={stake} onChange={setStake} info={info} label={t('chip')} />
      <div className="chip-row ih-chip-wrap">
        {options.map((o) => (
          <button
            key={o.key}
            type="button"
            className="chip"
            onClick={() => setSlip((s) => [...s, { label: o.label, bet: { ...o.bet, amount: stake } }])}
          >
            {o.label}
          </button>
        ))}
      </div>
      <ul className="ih-bets small" aria-label={t('yourBets')}>
        {keyed(slip).map(({ key, value: b }) => (
          <li key={key}>
            {b.label} · {String(b.bet.amount)}
          </li>
        ))}
      </ul>
      <div className="row">
        <Button variant="secondary" onClick={() => setSlip([])} disabled={slip.length === 0}>
          {t('clear')}
        </Button>
        <Button loading={busy} disabled={slip.length === 0} onClick={() => onPlay(slip.map((s) => s.bet))}>
          {playLabel}
        </Button>
      </div>
    </div>
  );
}
