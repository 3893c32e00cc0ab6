import { SELECTABLE_LANGUAGES } from '@wps/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../shared/i18n/index.ts';
import { useLanguageStore } from '../../../shared/i18n/language-store.ts';
import { isLanguageCode } from '../../../shared/i18n/languages.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { Icon } from '../../../shared/ui/icons.tsx';
import '../../../app/layouts/language-select.css';

/**
 * Language picker for pages outside the router (the state pages, the console). The state pages
 * pass the site's configured languages; the console, translated in full, offers the complete ones.
 */
export function LanguageSelectStandalone({
  languages = SELECTABLE_LANGUAGES,
}: {
  languages?: ReadonlyArray<{ code: string; locale: string; name: string }>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const code = useLanguageStore((s) => s.code);
  return (
    <div className="lang-select">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Icon name="globe" size={18} className="lang-select__icon" />
      <select
        id={id}
        className="lang-select__control"
        value={code}
        onChange={(e) => {
          if (isLanguageCode(e.target.value)) void changeLanguage(e.target.value);
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

export function ThemeToggleStandalone() {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const toggle = useThemeStore((s) => s.toggle);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-btn theme-toggle"
      onClick={toggle}
      aria-label={t('theme.switchTo', { theme: t(`theme.${next}`) })}
      data-current-theme={theme}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
