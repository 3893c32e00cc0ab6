import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';

export const DATE_PRESETS = ['today', 'yesterday', 'week', 'month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A preset as business days (the server reads `YYYY-MM-DD` as the whole business day). */
export function presetRange(p: DatePreset, now = new Date()): { from: string; to: string } {
  const back = (n: number) => day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
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
