import type { ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { useCountryCodes } from '../api/get-country-codes.ts';
import { useLocale } from '../hooks/use-locale.ts';

/** Nepal first: the product serves Nepal, and the server assumes +977 when none is sent. */
export const DEFAULT_DIAL_CODE = '977';

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
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <div className="phone-input">
          <select className="input select phone-input__code" aria-label={t('fields.dialCode')} {...dialCode}>
            {list.map((c) => (
              <option key={`${c.countryCode}-${c.countryDialingCode}`} value={c.countryDialingCode}>
                {`+${c.countryDialingCode} ${locale === 'ne' ? c.native : c.name}`}
              </option>
            ))}
          </select>
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
