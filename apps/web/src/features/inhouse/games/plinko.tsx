import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake, keyed } from '../components/shared.tsx';

/** Plinko: 8–16 rows, three risk levels; the ball's path is one float per row. */
export default function PlinkoGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<'low' | 'medium' | 'high'>('medium');
  const play = usePlay('plinko');
  const out = play.data?.outcome as { path: ('L' | 'R')[]; bucket: number; multiplier: number } | undefined;
  return (
    <div className="ih-game stack">
      <StakeField value={stake} onChange={setStake} info={info} />
      <label className="ih-field">
        <span>{t('plinko.rows')}</span>
        <select className="input" value={rows} onChange={(e) => setRows(Number(e.target.value))}>
          {Array.from({ length: 9 }, (_, i) => i + 8).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="chip-row">
        <legend className="small muted">{t('plinko.risk')}</legend>
        {(['low', 'medium', 'high'] as const).map((r) => (
          <button
            key={r}
            type="button"
            className={`chip${r === risk ? ' is-active' : ''}`}
            aria-pressed={r === risk}
            onClick={() => setRisk(r)}
          >
            {t(`plinko.${r}`)}
          </button>
        ))}
      </fieldset>
      <Button block loading={play.isPending} onClick={() => play.mutate({ amount: stake, rows, risk })}>
        {t('plinko.drop')}
      </Button>
      <ErrorLine error={play.error} />
      {play.data && out && (
        <RoundLine round={play.data}>
          <p className="ih-path" role="img" aria-label={`${t('plinko.path')}: ${out.path.join(' ')}`}>
            {keyed(out.path).map(({ key, value: p }) => (
              <span key={key}>{p === 'L' ? '↙' : '↘'}</span>
            ))}
          </p>
          <p className="ih-big">{out.multiplier}×</p>
        </RoundLine>
      )}
    </div>
  );
}
