import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferedLanguages } from '../../../shared/i18n/offered-languages.tsx';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { LanguageSelectStandalone, ThemeToggleStandalone } from './state-tools.tsx';
import '../../../app/layouts/logo.css';
import './state-page.css';

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
  const languages = useOfferedLanguages();
  return (
    <div className="state-page">
      <div className="state-page__tools">
        <span className="logo logo--static">
          <BrandMark className="logo__mark" />
          <span className="logo__text">{t('app.name')}</span>
        </span>
        <div className="state-page__switches">
          <LanguageSelectStandalone languages={languages} />
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
