import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { useCountryCodes } from '../api/get-country-codes.ts';
import { useLocale } from '../hooks/use-locale.ts';

/** Nepal first: the product serves Nepal, and the server assumes +977 when none is sent. */
export const DEFAULT_DIAL_CODE = '977';

/** "NP" → 🇳🇵 (regional indicator letters); anything else shows no flag. */
export function flagOf(countryCode: string): string {
  if (!/^[A-Za-z]{2}$/.test(countryCode)) return '';
  return String.fromCodePoint(...[...countryCode.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/** Country dialing-code picker and the number, one field with one label and one error. */
export function PhoneField({
  label,
  error,
  dialCode,
  mobile,
  hint,
  mobileRef,
}: {
  label: ReactNode;
  error?: string | null | undefined;
  dialCode: UseFormRegisterReturn;
  mobile: UseFormRegisterReturn;
  hint?: ReactNode;
  mobileRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const { data: countries } = useCountryCodes();
  const list = countries ?? [
    { countryCode: 'NP', countryDialingCode: DEFAULT_DIAL_CODE, name: 'Nepal', native: 'नेपाल' },
  ];
  const [picked, setPicked] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement | null>(null);
  // The form may start on another code (a remembered number): show what the select really holds,
  // again once the country list has arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the select when the list changes.
  useEffect(() => {
    if (selectRef.current?.value) setPicked(selectRef.current.value);
  }, [countries]);
  const shown = list.find((c) => c.countryDialingCode === (picked ?? DEFAULT_DIAL_CODE)) ?? list[0];
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <div className="phone-input">
          {/* The box shows flag and code only (never cut off on a 360 px phone); the native list
              that opens names every country in full. */}
          <span className="phone-input__code">
            <span className="phone-input__shown" aria-hidden="true">
              {flagOf(shown?.countryCode ?? 'NP')} +{shown?.countryDialingCode ?? DEFAULT_DIAL_CODE}
            </span>
            <select
              className="phone-input__select"
              aria-label={t('fields.dialCode')}
              {...dialCode}
              ref={(el) => {
                dialCode.ref(el);
                selectRef.current = el;
              }}
              onChange={(e) => {
                setPicked(e.target.value);
                return dialCode.onChange(e);
              }}
            >
              {list.map((c) => (
                <option key={`${c.countryCode}-${c.countryDialingCode}`} value={c.countryDialingCode}>
                  {`${flagOf(c.countryCode)} +${c.countryDialingCode} ${locale === 'ne' ? c.native : c.name}`}
                </option>
              ))}
            </select>
          </span>
          <input
            id={inputId}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...mobile}
            ref={(el) => {
              mobile.ref(el);
              if (typeof mobileRef === 'function') mobileRef(el);
            }}
          />
        </div>
      )}
    </FieldShell>
  );
}
