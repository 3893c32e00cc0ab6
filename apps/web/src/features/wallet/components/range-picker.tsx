import { DATE_YEAR_MIN } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { BsToggle } from './record-time.tsx';
import { useBsFormatter } from '../lib/use-bs-dates.ts';
import {
  canStepForward,
  type DayRange,
  presetOf,
  presetRange,
  RANGE_PRESETS,
  RANGE_STEPS,
  stepRange,
} from '../lib/dates.ts';

/**
 * Presets (today, 7 days, 30 days, custom), SPEC §9's previous/next 7 and 30 days, and the chosen
 * range written out in the reader's language, with its Bikram Sambat dates when the reader chose
 * them. The custom days are chosen as day, month and year lists in the site's language.
 */
export function RangePicker({ value, onChange }: { value: DayRange; onChange(range: DayRange): void }) {
  const { t, i18n } = useTranslation('wallet');
  const bs = useBsFormatter();
  const forward = canStepForward(value);
  const active = presetOf(value);
  const [custom, setCustom] = useState(active === 'custom');
  const showDays = custom || active === 'custom';
  return (
    <div className="wallet-range-picker">
      <fieldset className="wallet-range wallet-range--presets">
        <legend className="visually-hidden">{t('range.quick')}</legend>
        {RANGE_PRESETS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={(p === 'custom' ? showDays : !custom && active === p) ? 'primary' : 'secondary'}
            aria-pressed={p === 'custom' ? showDays : !custom && active === p}
            onClick={() => {
              if (p === 'custom') {
                setCustom(true);
                return;
              }
              setCustom(false);
              onChange(presetRange(p));
            }}
          >
            {t(`range.preset.${p}`)}
          </Button>
        ))}
      </fieldset>
      {showDays && (
        <div className="wallet-toolbar">
          <DateField
            label={t('range.from')}
            value={value.from}
            minYear={DATE_YEAR_MIN}
            maxYear={new Date().getFullYear()}
            max={value.to}
            onChange={(from) => onChange({ ...value, from })}
          />
          <DateField
            label={t('range.to')}
            value={value.to}
            minYear={DATE_YEAR_MIN}
            maxYear={new Date().getFullYear()}
            min={value.from}
            onChange={(to) => onChange({ ...value, to })}
          />
        </div>
      )}
      <p className="small muted" data-testid="range-shown">
        {value.from === value.to
          ? formatDate(value.from, i18n.language)
          : t('range.shown', {
              from: formatDate(value.from, i18n.language),
              to: formatDate(value.to, i18n.language),
            })}
        {bs && (
          <span className="wallet-bs-date" data-testid="range-shown-bs">
            {value.from === value.to
              ? bs(value.from, i18n.language)
              : t('range.shown', { from: bs(value.from, i18n.language), to: bs(value.to, i18n.language) })}
          </span>
        )}
      </p>
      <BsToggle />
      <fieldset className="wallet-range">
        <legend className="visually-hidden">{t('range.presets')}</legend>
        {RANGE_STEPS.map((days) => (
          <Button
            key={`p${days}`}
            size="sm"
            variant="ghost"
            onClick={() => {
              setCustom(true);
              onChange(stepRange(value, -1, days));
            }}
          >
            {t('range.previous', { count: days })}
          </Button>
        ))}
        {RANGE_STEPS.map((days) => (
          <Button
            key={`n${days}`}
            size="sm"
            variant="ghost"
            disabled={!forward}
            onClick={() => {
              setCustom(true);
              onChange(stepRange(value, 1, days));
            }}
          >
            {t('range.next', { count: days })}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

/** The chosen days in words, in the reader's language ("23 Nov 2026 – 29 Nov 2026"): a folded filter's summary. */
export function useRangeText(value: DayRange): string {
  const { t, i18n } = useTranslation('wallet');
  return value.from === value.to
    ? formatDate(value.from, i18n.language)
    : t('range.shown', {
        from: formatDate(value.from, i18n.language),
        to: formatDate(value.to, i18n.language),
      });
}
