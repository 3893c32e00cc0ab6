import type { Card } from '@wps/games';
import { useTranslation } from 'react-i18next';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, keyed } from '../components/shared.tsx';
import { CardFace } from './cards.tsx';
import { BetSlip } from './table-bets.tsx';

const BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;

/** Punto banco with the third-card rules. */
export default function BaccaratGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const play = usePlay('baccarat');
  const out = play.data?.outcome as
    | { playerCards: Card[]; bankerCards: Card[]; playerTotal: number; bankerTotal: number; winner: string }
    | undefined;
  return (
    <div className="ih-game stack">
      <BetSlip
        info={info}
        busy={play.isPending}
        playLabel={t('deal')}
        options={BETS.map((b) => ({ key: b, label: t(`baccarat.${b}`), bet: { type: b } }))}
        onPlay={(bets) => play.mutate({ bets })}
      />
      <ErrorLine error={play.error} />
      {play.data && out && (
        <RoundLine round={play.data}>
          <div className="ih-table">
            <div className="ih-hand">
              <span className="small muted">
                {t('baccarat.player')} · {out.playerTotal}
              </span>
              <span className="ih-cards">
                {keyed(out.playerCards).map(({ key, value }) => (
                  <CardFace key={key} card={value} />
                ))}
              </span>
            </div>
            <div className="ih-hand">
              <span className="small muted">
                {t('baccarat.banker')} · {out.bankerTotal}
              </span>
              <span className="ih-cards">
                {keyed(out.bankerCards).map(({ key, value }) => (
                  <CardFace key={key} card={value} />
                ))}
              </span>
            </div>
          </div>
          <p className="ih-big">{t(`baccarat.${out.winner}`)}</p>
        </RoundLine>
      )}
    </div>
  );
}
