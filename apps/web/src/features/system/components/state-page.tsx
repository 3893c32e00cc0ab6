import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelectStandalone, ThemeToggleStandalone } from './state-tools.tsx';

/**
 * The frame of the whole-app state pages (maintenance, region block, start-up failure): no
 * navigation, since the rest of the site is closed, but language and theme still switch.
 */
export function StatePage({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="state-page">
      <div className="state-page__tools">
        <span className="logo logo--static">
          <svg className="logo__mark" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.14" />
            <path d="M12 18h8l5 22 6-22h6l6 22 5-22h8l-9 30h-8l-5-19-5 19h-8z" fill="currentColor" />
          </svg>
          <span className="logo__text">{t('app.name')}</span>
        </span>
        <div className="state-page__switches">
          <LanguageSelectStandalone />
          <ThemeToggleStandalone />
        </div>
      </div>
      <main className="state-page__card" id="main">
        <div className="state-page__icon" aria-hidden="true">
          {icon}
        </div>
        <h1 className="state-page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
