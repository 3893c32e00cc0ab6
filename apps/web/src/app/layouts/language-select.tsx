import { SELECTABLE_LANGUAGES } from '@wps/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { useLanguageStore } from '../../shared/i18n/language-store.ts';
import { isLanguageCode } from '../../shared/i18n/languages.ts';
import { cx } from '../../shared/lib/cx.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useQueryClient } from '@tanstack/react-query';
import './language-select.css';

/** The languages we can really show (SPEC §3 lists about 35; the rest stay configured, off until translated). */
export function LanguageSelect({
  className,
  showLabel,
  compact,
}: {
  className?: string;
  showLabel?: boolean;
  /** Phones: a globe-sized button; the open list still names every language. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const code = useLanguageStore((s) => s.code);
  const queryClient = useQueryClient();
  return (
    <div className={cx('lang-select', compact && 'lang-select--compact', className)}>
      <label htmlFor={id} className={cx('lang-select__label', !showLabel && 'visually-hidden')}>
        {t('language.label')}
      </label>
      <Icon name="globe" size={18} className="lang-select__icon" />
      <select
        id={id}
        className="lang-select__control"
        value={code}
        onChange={async (e) => {
          const next = e.target.value;
          if (!isLanguageCode(next)) return;
          await changeLanguage(next);
          // SPEC §4: after a language change the server-provided lists are fetched again.
          await queryClient.invalidateQueries();
        }}
      >
        {SELECTABLE_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
