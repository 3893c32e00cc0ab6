import { LANGUAGES } from '@wps/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { useLanguageStore } from '../../shared/i18n/language-store.ts';
import { isLanguageCode } from '../../shared/i18n/languages.ts';
import { cx } from '../../shared/lib/cx.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useQueryClient } from '@tanstack/react-query';

/** Every SPEC §3 language, each named in its own script; incomplete ones read in English for now. */
export function LanguageSelect({ className, showLabel }: { className?: string; showLabel?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const code = useLanguageStore((s) => s.code);
  const queryClient = useQueryClient();
  return (
    <div className={cx('lang-select', className)}>
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
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.locale}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
