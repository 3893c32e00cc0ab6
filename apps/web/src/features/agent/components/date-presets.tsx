import { addBusinessDays, businessDayOf } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';

export const DATE_PRESETS = ['today', 'yesterday', 'week', 'month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/**
 * A preset as business days: the server reads `YYYY-MM-DD` as the whole business day (Nepal
 * time), so "today" is the business day now, whatever the browser's own time zone says.
 */
export function presetRange(p: DatePreset, now = new Date()): { from: string; to: string } {
  const today = businessDayOf(now);
  const back = (n: number) => addBusinessDays(today, -n);
  switch (p) {
    case 'today':
      return { from: back(0), to: back(0) };
    case 'yesterday':
      return { from: back(1), to: back(1) };
    case 'week':
      return { from: back(6), to: back(0) };
    default:
      return { from: back(29), to: back(0) };
  }
}

export function DatePresets({ value, onChange }: { value: DatePreset; onChange(p: DatePreset): void }) {
  const { t } = useTranslation('agent');
  return (
    <fieldset className="agent-presets">
      <legend className="visually-hidden">{t('range.label')}</legend>
      {DATE_PRESETS.map((p) => (
        <Button
          key={p}
          size="sm"
          variant={p === value ? 'primary' : 'secondary'}
          aria-pressed={p === value}
          onClick={() => onChange(p)}
        >
          {t(`range.${p}`)}
        </Button>
      ))}
    </fieldset>
  );
}
