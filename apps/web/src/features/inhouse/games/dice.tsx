import { diceChanceHundredths, diceMultiplier } from '@wps/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { usePlay } from '../api/inhouse.ts';
import { ErrorLine, type GameProps, RoundLine, StakeField, useStake } from '../components/shared.tsx';

/** Dice: roll 0.00–100.00 over or under a chosen target. */
export default function DiceGame({ info }: GameProps) {
  const { t } = useTranslation('inhouse');
  const [stake, setStake] = useStake(info);
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<'over' | 'under'>('over');
  const play = usePlay('dice');
  const t100 = Math.round(target * 100);
  const valid = t100 >= 1 && t100 <= 9999;
  const chance = valid ? diceChanceHundredths(t100, direction) / 100 : 0;
  const mult = valid ? diceMultiplier(t100, direction) / 10000 : 0;
  const result = play.data;
  return (
    <div className="ih-game stack">
      <StakeField value={stake} onChange={setStake} info={info} />
      <label className="ih-field">
        <span>{t('dice.target')}</span>
        <input
          className="input"
          type="number"
          min={0.01}
          max={99.99}
          step={0.01}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
        />
        <input
          type="range"
          min={1}
          max={9999}
          value={t100}
          onChange={(e) => setTarget(Number(e.target.value) / 100)}
          aria-label={t('dice.target')}
        />
      </label>
      <fieldset className="chip-row">
        <legend className="visually-hidden">{t('dice.direction')}</legend>
        {(['over', 'under'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={`chip${d === direction ? ' is-active' : ''}`}
            aria-pressed={d === direction}
            onClick={() => setDirection(d)}
          >
            {t(`dice.${d}`)}
          </button>
        ))}
      </fieldset>
      <p className="small muted">
        {t('dice.odds', { chance: chance.toFixed(2), multiplier: mult.toFixed(4) })}
      </p>
      {/*
        The roll and the button that makes it stay together above the bottom tab bar (issue 27: on a
        360 px phone the roll used to land below the fold, under the tab bar), whatever the scroll.
      */}
      <div className="ih-play-bar">
        {result && (
          <p
            className={`ih-play-bar__roll ${Number(result.payout) > 0 ? 'text-success' : 'muted'}`}
            aria-live="polite"
          >
            <span className="ih-big" data-testid="dice-roll">
              {(result.outcome as { roll: number }).roll.toFixed(2)}
            </span>
            <span>{Number(result.payout) > 0 ? t('won', { payout: result.payout }) : t('lost')}</span>
          </p>
        )}
        <Button
          block
          loading={play.isPending}
          disabled={!valid}
          onClick={() => play.mutate({ amount: stake, target, direction })}
        >
          {t('dice.roll')}
        </Button>
      </div>
      <ErrorLine error={play.error} />
      {result && <RoundLine round={result} />}
    </div>
  );
}
