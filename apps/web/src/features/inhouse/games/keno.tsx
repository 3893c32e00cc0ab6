import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake } from '../components/shared.tsx';

/** Keno: pick 1–10 of 40 numbers; ten are drawn. */
export default function KenoGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [picks, setPicks] = useState<number[]>([]);
  const play = usePlay('keno');
  const out = play.data?.outcome as { drawn: number[]; hits: number; multiplier: number } | undefined;
  const toggle = (n: number) =>
    setPicks((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < 10 ? [...p, n] : p));
  return (
    <div className="ih-game stack">
      <StakeField value={stake} onChange={setStake} info={info} />
      <fieldset className="ih-keno" aria-label={t('keno.board')}>
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={picks.includes(n)}
            className={`ih-cell${picks.includes(n) ? ' is-picked' : ''}${out?.drawn.includes(n) ? ' is-drawn' : ''}`}
            onClick={() => toggle(n)}
          >
            {n}
          </button>
        ))}
      </fieldset>
      <p className="small muted">{t('keno.picked', { n: picks.length })}</p>
      <Button
        block
        loading={play.isPending}
        disabled={picks.length === 0}
        onClick={() => play.mutate({ amount: stake, picks })}
      >
        {t('keno.draw')}
      </Button>
      <ErrorLine error={play.error} />
      {play.data && out && (
        <RoundLine round={play.data}>
          <p>{t('keno.hits', { hits: out.hits, multiplier: out.multiplier })}</p>
        </RoundLine>
      )}
    </div>
  );
}
