import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { enabledCategories } from '../../../shared/system/categories.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { useBannersReady } from '../api/content.ts';
import { JackpotBanner } from '../../jackpot/jackpot-banner.tsx';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { NoticeMarquee } from '../components/notice-marquee.tsx';
import '../hero.css';
import '../home.css';

// The catalogue sections (tiles, winners) are their own chunk, fetched right after the first paint.
const HomeGames = lazy(() => import('../../games/components/home-games.tsx'));

/**
 * Home: the sections in the spec's order: notice marquee, banner carousel (the introduction
 * when no banner is showing), then the catalogue's game sections.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const modules = usePermission().data?.info.whitelabel.modules ?? [];
  const categories = enabledCategories(modules);
  const hasToken = useSessionStore(selectHasToken);
  const open = usePopupStore((s) => s.open);
  const banners = useBannersReady('w_home');

  return (
    <div className="page home">
      <NoticeMarquee />

      {banners.data.length ? (
        <>
          {/* The page's title for screen readers and outlines when the banners take the hero's place. */}
          <h1 className="visually-hidden">{t('home.hero.title')}</h1>
          <BannerCarousel banners={banners.data} />
        </>
      ) : (
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
      )}

      <JackpotBanner />

      <Suspense fallback={<div className="games-home-placeholder" aria-busy="true" />}>
        <HomeGames categories={categories} />
      </Suspense>
    </div>
  );
}
