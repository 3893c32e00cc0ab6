import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferedLanguages } from '../../shared/i18n/offered-languages.tsx';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { useLanguageStore } from '../../shared/i18n/language-store.ts';
import { isLanguageCode } from '../../shared/i18n/languages.ts';
import { cx } from '../../shared/lib/cx.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useQueryClient } from '@tanstack/react-query';
import './language-select.css';

/** The languages the site is configured to offer (SPEC §9; by default the complete ones, EN and NE). */
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
  const languages = useOfferedLanguages();
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
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
