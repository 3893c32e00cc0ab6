import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { monthNames } from '../lib/format.ts';
import './date-field.css';

interface Parts {
  y: string;
  m: string;
  d: string;
}
const split = (value: string): Parts => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? { y: m[1]!, m: m[2]!, d: m[3]! } : { y: '', m: '', d: '' };
};
const daysIn = (y: string, m: string) => (y && m ? new Date(Number(y), Number(m), 0).getDate() : 31);
const pad = (n: number) => String(n).padStart(2, '0');

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange(value: string): void;
  minYear: number;
  maxYear: number;
  /** Earliest / latest `YYYY-MM-DD` accepted; a date outside is pulled to the bound. */
  min?: string | undefined;
  max?: string | undefined;
  /** With `optional`, clearing all three parts gives ''. */
  optional?: boolean;
  error?: string | null | undefined;
  hint?: string | undefined;
  className?: string;
}

/**
 * A date as day, month and year lists in the site's language (Nepali month names, Latin digits;
 * see shared/lib/format.ts). The browser's own date input follows the browser's locale, not the
 * page's, so a Nepali page would show an English (or a US-ordered) picker.
 */
export function DateField({
  label,
  value,
  onChange,
  minYear,
  maxYear,
  min,
  max,
  optional = false,
  error,
  hint,
  className,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [parts, setParts] = useState<Parts>(() => split(value));
  useEffect(() => setParts(split(value)), [value]);
  const months = monthNames(i18n.language);
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, i) => String(maxYear - i));
  const days = Array.from({ length: daysIn(parts.y, parts.m) }, (_, i) => pad(i + 1));

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    // A day past the end of the new month becomes its last day (31 March → February: 28 or 29).
    const last = daysIn(next.y, next.m);
    if (next.d && Number(next.d) > last) next.d = pad(last);
    setParts(next);
    if (next.y && next.m && next.d) {
      let v = `${next.y}-${next.m}-${next.d}`;
      if (min && v < min) v = min;
      if (max && v > max) v = max;
      onChange(v);
    } else if (optional && !next.y && !next.m && !next.d) {
      onChange('');
    }
  };
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const select = (part: keyof Parts, name: string, options: Array<[string, string]>) => (
    <label className="date-field__part">
      <span className="visually-hidden">{name}</span>
      <select
        className="input"
        value={parts[part]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => update({ [part]: e.target.value })}
      >
        <option value="">{name}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <fieldset className={cx('field date-field', error && 'field--invalid', className)}>
      <legend className="field__label">{label}</legend>
      <div className="date-field__parts">
        {select(
          'd',
          t('date.day'),
          days.map((d) => [d, String(Number(d))]),
        )}
        {select(
          'm',
          t('date.month'),
          months.map((name, i) => [pad(i + 1), name]),
        )}
        {select(
          'y',
          t('date.year'),
          years.map((y) => [y, y]),
        )}
      </div>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
