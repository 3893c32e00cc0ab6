import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { canStepForward, type DayRange, lastDays, RANGE_STEPS, stepRange } from '../lib/dates.ts';

/** From/to days plus SPEC §9's presets: the previous and next 7 and 30 days. */
export function RangePicker({ value, onChange }: { value: DayRange; onChange(range: DayRange): void }) {
  const { t } = useTranslation('wallet');
  const forward = canStepForward(value);
  return (
    <div className="wallet-toolbar">
      <TextField
        label={t('range.from')}
        type="date"
        value={value.from}
        max={value.to}
        onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
      />
      <TextField
        label={t('range.to')}
        type="date"
        value={value.to}
        min={value.from}
        onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
      />
      <fieldset className="wallet-range">
        <legend className="visually-hidden">{t('range.presets')}</legend>
        {RANGE_STEPS.map((days) => (
          <Button
            key={`p${days}`}
            size="sm"
            variant="secondary"
            onClick={() => onChange(stepRange(value, -1, days))}
          >
            {t('range.previous', { days })}
          </Button>
        ))}
        {RANGE_STEPS.map((days) => (
          <Button
            key={`n${days}`}
            size="sm"
            variant="secondary"
            disabled={!forward}
            onClick={() => onChange(stepRange(value, 1, days))}
          >
            {t('range.next', { days })}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => onChange(lastDays(7))}>
          {t('range.reset')}
        </Button>
      </fieldset>
    </div>
  );
}
