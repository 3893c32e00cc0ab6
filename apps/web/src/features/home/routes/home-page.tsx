import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { enabledCategories } from '../../../shared/system/categories.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';

/** Home sections of SPEC §2 that list games by category; e-sports only "when relevant" (it has games). */
const SECTION_CATEGORIES = ['INHOUSE', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'COCKFIGHT'] as const;

function Section({
  id,
  title,
  href,
  children,
}: {
  id: string;
  title: string;
  href?: string;
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={`home-${id}`}>
      <h2 className="home-section__title" id={`home-${id}`}>
        {href ? <Link to={href}>{title}</Link> : title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Home: the real sections in the spec's order. Notices, banners, games and winners come from
 * modules that have not landed, so each section says so instead of showing invented content.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const modules = usePermission().data?.info.whitelabel.modules ?? [];
  const categories = enabledCategories(modules).filter((c) =>
    (SECTION_CATEGORIES as readonly string[]).includes(c.id),
  );
  const hasToken = useSessionStore(selectHasToken);
  const open = usePopupStore((s) => s.open);

  return (
    <div className="page home">
      <section className="notice-bar" aria-label={t('home.notices')}>
        <span className="notice-bar__label">{t('home.notices')}</span>
        <span className="notice-bar__text">{t('home.noticesEmpty')}</span>
      </section>

      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__copy">
          <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 className="hero__title" id="hero-title">
            {t('home.hero.title')}
          </h1>
          <p className="hero__text">{t('home.hero.text')}</p>
          <div className="hero__actions">
            {hasToken ? (
              <Link to="/promotions" className={buttonClass('primary', 'lg')}>
                {t('home.hero.promotions')}
              </Link>
            ) : (
              <>
                <Button size="lg" onClick={() => open('registerModal')}>
                  {t('home.hero.join')}
                </Button>
                <Link to="/promotions" className={buttonClass('secondary', 'lg')}>
                  {t('home.hero.promotions')}
                </Link>
              </>
            )}
          </div>
        </div>
        <ul className="hero__facts">
          <li>
            <strong>{t('home.hero.fact1')}</strong>
            <span>{t('home.hero.fact1Text')}</span>
          </li>
          <li>
            <strong>{t('home.hero.fact2')}</strong>
            <span>{t('home.hero.fact2Text')}</span>
          </li>
          <li>
            <strong>{t('home.hero.fact3')}</strong>
            <span>{t('home.hero.fact3Text')}</span>
          </li>
        </ul>
      </section>

      <div className="home-grid">
        <Section id="hot" title={t('home.hotGames')}>
          <NotAvailable compact what={t('home.hotGames')} />
        </Section>
        <Section id="jackpot" title={t('home.jackpot')}>
          <NotAvailable compact what={t('home.jackpot')} />
        </Section>
        <Section id="wins" title={t('home.biggestWins')}>
          <NotAvailable compact what={t('home.biggestWins')} />
        </Section>
      </div>

      <div className="home-grid home-grid--categories">
        {categories.map((c) => (
          <Section key={c.id} id={c.id.toLowerCase()} title={t(`categories.${c.id}`)} href={c.href}>
            <NotAvailable compact what={t(`categories.${c.id}`)} />
          </Section>
        ))}
      </div>
    </div>
  );
}
