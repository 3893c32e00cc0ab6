import type { Card } from '@wps/games';
import { useTranslation } from 'react-i18next';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine } from '../components/shared.tsx';
import { CardFace } from './cards.tsx';
import { BetSlip } from './table-bets.tsx';

const BETS = ['dragon', 'tiger', 'tie', 'suitedTie'] as const;

/** Dragon tiger: one card each, the higher wins. */
export default function DragonTigerGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const play = usePlay('dragon-tiger');
  const out = play.data?.outcome as { dragon: Card; tiger: Card; winner: string } | undefined;
  return (
    <div className="ih-game stack">
      <BetSlip
        info={info}
        busy={play.isPending}
        playLabel={t('deal')}
        options={BETS.map((b) => ({ key: b, label: t(`dragonTiger.${b}`), bet: { type: b } }))}
        onPlay={(bets) => play.mutate({ bets })}
      />
      <ErrorLine error={play.error} />
      {play.data && out && (
        <RoundLine round={play.data}>
          <p className="ih-cards">
            {t('dragonTiger.dragon')} <CardFace card={out.dragon} /> · {t('dragonTiger.tiger')}{' '}
            <CardFace card={out.tiger} />
          </p>
          <p className="ih-big">{t(`dragonTiger.${out.winner}`)}</p>
        </RoundLine>
      )}
    </div>
  );
}
