import { RED_POCKETS } from '@wps/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake, keyed } from '../components/shared.tsx';

type Inside = 'straight' | 'split' | 'street' | 'corner' | 'line';
const INSIDE_SIZE: Record<Inside, number> = { straight: 1, split: 2, street: 3, corner: 4, line: 6 };
const OUTSIDE = [
  ['red'],
  ['black'],
  ['odd'],
  ['even'],
  ['low'],
  ['high'],
  ['dozen', 1],
  ['dozen', 2],
  ['dozen', 3],
  ['column', 1],
  ['column', 2],
  ['column', 3],
] as const;
interface Bet {
  type: string;
  numbers?: number[];
  amount: string;
}

/** European roulette: inside bets by picking pockets on the table, outside bets by button. */
export default function RouletteGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [mode, setMode] = useState<Inside>('straight');
  const [picked, setPicked] = useState<number[]>([]);
  const [bets, setBets] = useState<Bet[]>([]);
  const play = usePlay('roulette');

  const pick = (n: number) => {
    const next = picked.includes(n) ? picked.filter((x) => x !== n) : [...picked, n];
    if (next.length === INSIDE_SIZE[mode]) {
      setBets((b) => [...b, { type: mode, numbers: [...next].sort((a, c) => a - c), amount: stake }]);
      setPicked([]);
    } else setPicked(next);
  };
  const pocket = (play.data?.outcome as { pocket?: number } | undefined)?.pocket;
  const total = bets.reduce((a, b) => a + Number(b.amount), 0);
  return (
    <div className="ih-game stack">
      <StakeField value={stake} onChange={setStake} info={info} label={t('chip')} />
      <fieldset className="chip-row">
        <legend className="small muted">{t('roulette.inside')}</legend>
        {(Object.keys(INSIDE_SIZE) as Inside[]).map((m) => (
          <button
            key={m}
            type="button"
            className={`chip${m === mode ? ' is-active' : ''}`}
            aria-pressed={m === mode}
            onClick={() => {
              setMode(m);
              setPicked([]);
            }}
          >
            {t(`roulette.bets.${m}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="ih-roulette" aria-label={t('roulette.table')}>
        <button
          type="button"
          className={`ih-pocket ih-pocket--green${picked.includes(0) ? ' is-picked' : ''}`}
          onClick={() => pick(0)}
          data-pocket={0}
        >
          0
        </button>
        {Array.from({ length: 36 }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            data-pocket={n}
            className={`ih-pocket ${RED_POCKETS.has(n) ? 'ih-pocket--red' : 'ih-pocket--black'}${picked.includes(n) ? ' is-picked' : ''}`}
            onClick={() => pick(n)}
          >
            {n}
          </button>
        ))}
      </fieldset>
      <div className="chip-row ih-chip-wrap">
        {OUTSIDE.map(([type, n]) => (
          <button
            key={`${type}${n ?? ''}`}
            type="button"
            className="chip"
            onClick={() => setBets((b) => [...b, { type, ...(n ? { numbers: [n] } : {}), amount: stake }])}
          >
            {t(`roulette.bets.${type}`)}
            {n ? ` ${n}` : ''}
          </button>
        ))}
      </div>
      <ul className="ih-bets small" aria-label={t('yourBets')}>
        {keyed(bets).map(({ key, value: b }) => (
          <li key={key}>
            {t(`roulette.bets.${b.type}`)} {b.numbers?.join('-')} · {b.amount}
          </li>
        ))}
      </ul>
      <div className="row">
        <Button variant="secondary" onClick={() => setBets([])} disabled={bets.length === 0}>
          {t('clear')}
        </Button>
        <Button loading={play.isPending} disabled={bets.length === 0} onClick={() => play.mutate({ bets })}>
          {t('roulette.spin', { total: total.toFixed(2) })}
        </Button>
      </div>
      <ErrorLine error={play.error} />
      {play.data && (
        <RoundLine round={play.data}>
          <p
            className={`ih-big ${pocket === 0 ? 'ih-pocket--green' : pocket !== undefined && RED_POCKETS.has(pocket) ? 'ih-pocket--red' : 'ih-pocket--black'}`}
            data-testid="roulette-pocket"
          >
            {pocket}
          </p>
        </RoundLine>
      )}
    </div>
  );
}
