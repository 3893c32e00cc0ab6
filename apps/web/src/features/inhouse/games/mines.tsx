import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { type RoundResult, useAction, useCurrentRound, usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake } from '../components/shared.tsx';

const CELLS = Array.from({ length: 25 }, (_, i) => i);

interface View {
  mines: number;
  revealed: number[];
  minePositions: number[] | null;
  status: 'playing' | 'busted' | 'cashedOut';
  nextMultiplier: number | null;
}

/** Mines: a 5×5 board with 1–24 mines; reveal safe cells, cash out any time (recalled if left). */
export default function MinesGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [mines, setMines] = useState(3);
  const current = useCurrentRound('mines');
  const play = usePlay('mines');
  const act = useAction('mines');
  const [round, setRound] = useState<RoundResult | null>(null);
  useEffect(() => {
    if (current.data?.round) setRound(current.data.round);
  }, [current.data]);
  useEffect(() => {
    if (play.data) setRound(play.data);
  }, [play.data]);
  useEffect(() => {
    if (act.data) setRound(act.data);
  }, [act.data]);
  const view = round?.outcome as View | undefined;
  const open = round?.status === 'open';
  return (
    <div className="ih-game stack">
      {!open && (
        <>
          <StakeField value={stake} onChange={setStake} info={info} />
          <label className="ih-field">
            <span>{t('mines.count')}</span>
            <select className="input" value={mines} onChange={(e) => setMines(Number(e.target.value))}>
              {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <Button block loading={play.isPending} onClick={() => play.mutate({ amount: stake, mines })}>
            {t('mines.start')}
          </Button>
        </>
      )}
      {view && (
        <fieldset className="ih-mines" aria-label={t('mines.board')}>
          {CELLS.map((cell) => {
            const shown = view.revealed.includes(cell);
            const mine = view.minePositions?.includes(cell);
            return (
              <button
                key={cell}
                type="button"
                data-cell={cell}
                className={`ih-cell${shown ? ' is-open' : ''}${mine ? ' is-mine' : ''}`}
                disabled={!open || shown || act.isPending}
                onClick={() =>
                  round && act.mutate({ roundId: round.roundId, action: { type: 'reveal', cell } })
                }
                aria-label={t('mines.cell', { n: cell + 1 })}
              >
                {mine ? '✹' : shown ? '◆' : ''}
              </button>
            );
          })}
        </fieldset>
      )}
      {open && view && (
        <Button
          block
          variant="secondary"
          disabled={view.revealed.length === 0}
          loading={act.isPending}
          onClick={() => act.mutate({ roundId: round.roundId, action: { type: 'cashOut' } })}
        >
          {t('mines.cashOut')}
        </Button>
      )}
      {open && view?.nextMultiplier && (
        <p className="small muted">{t('mines.next', { multiplier: view.nextMultiplier.toFixed(4) })}</p>
      )}
      <ErrorLine error={play.error ?? act.error} />
      {round && <RoundLine round={round} />}
    </div>
  );
}
