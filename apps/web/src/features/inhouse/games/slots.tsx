import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake, keyed } from '../components/shared.tsx';

interface VideoOutcome {
  base: { window: string[][]; lineWins: { line: number; pay: number }[]; scatters: number };
  freeSpins: unknown[];
}
interface ClassicOutcome {
  window: string[][];
  multiplier: number;
}

/** Both slots: the 5×3 20-line video slot and the classic 3-reel slot; reels shown as columns. */
export default function SlotsGame({ game, info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const play = usePlay(game);
  const out = play.data?.outcome as VideoOutcome | ClassicOutcome | undefined;
  const window = out ? ('base' in out ? out.base.window : out.window) : null;
  return (
    <div className="ih-game stack">
      <StakeField value={stake} onChange={setStake} info={info} />
      {game === 'video-slot' && <p className="small muted">{t('slots.lines')}</p>}
      <Button block loading={play.isPending} onClick={() => play.mutate({ amount: stake })}>
        {t('slots.spin')}
      </Button>
      <ErrorLine error={play.error} />
      {play.data && window && out && (
        <RoundLine round={play.data}>
          <div className="ih-reels" style={{ gridTemplateColumns: `repeat(${window.length}, 1fr)` }}>
            {keyed(window).map(({ key, value: reel }) => (
              <div key={key} className="ih-reel">
                {keyed(reel).map(({ key: k, value: s }) => (
                  <span key={k}>{s}</span>
                ))}
              </div>
            ))}
          </div>
          {'base' in out && (
            <p className="small">
              {t('slots.wins', {
                lines: out.base.lineWins.length,
                scatters: out.base.scatters,
                free: out.freeSpins.length,
              })}
            </p>
          )}
        </RoundLine>
      )}
    </div>
  );
}
