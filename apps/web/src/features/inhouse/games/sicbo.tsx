import { useTranslation } from 'react-i18next';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine } from '../components/shared.tsx';
import { BetSlip, type TableBet } from './table-bets.tsx';

const FACES = [1, 2, 3, 4, 5, 6];
const PIPS = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Sic bo: three dice, the usual paytable. */
export default function SicBoGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const play = usePlay('sicbo');
  const out = play.data?.outcome as { dice: number[]; total: number } | undefined;
  const options: TableBet[] = [
    { key: 'small', label: t('sicbo.small'), bet: { type: 'small' } },
    { key: 'big', label: t('sicbo.big'), bet: { type: 'big' } },
    { key: 'anyTriple', label: t('sicbo.anyTriple'), bet: { type: 'anyTriple' } },
    ...Array.from({ length: 14 }, (_, i) => i + 4).map((n) => ({
      key: `t${n}`,
      label: t('sicbo.total', { n }),
      bet: { type: 'total', total: n },
    })),
    ...FACES.map((n) => ({
      key: `s${n}`,
      label: t('sicbo.single', { n }),
      bet: { type: 'single', number: n },
    })),
    ...FACES.map((n) => ({
      key: `d${n}`,
      label: t('sicbo.double', { n }),
      bet: { type: 'double', number: n },
    })),
    ...FACES.map((n) => ({
      key: `tr${n}`,
      label: t('sicbo.triple', { n }),
      bet: { type: 'triple', number: n },
    })),
    ...FACES.flatMap((a) =>
      FACES.filter((b) => b > a).map((b) => ({
        key: `c${a}${b}`,
        label: `${a}+${b}`,
        bet: { type: 'combination', numbers: [a, b] },
      })),
    ),
  ];
  return (
    <div className="ih-game stack">
      <BetSlip
        info={info}
        busy={play.isPending}
        playLabel={t('sicbo.roll')}
        options={options}
        onPlay={(bets) => play.mutate({ bets })}
      />
      <ErrorLine error={play.error} />
      {play.data && out && (
        <RoundLine round={play.data}>
          <p className="ih-big" role="img" aria-label={`${out.dice.join(' ')} = ${out.total}`}>
            {out.dice.map((d) => PIPS[d - 1]).join(' ')} = {out.total}
          </p>
        </RoundLine>
      )}
    </div>
  );
}
