import { BANNER_DISPLAY_RATIO, type Banner, SPEC } from '@wps/contract';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cx } from '../../../shared/lib/cx.ts';
import { preloadImage } from '../../../shared/lib/preload-image.ts';
import { useMediaQuery } from '../../../shared/lib/use-media-query.ts';
import { pictureSources } from '../lib/banner-image.ts';
import { BannerPicture } from './banner-picture.tsx';

/** Embla's duration is in its own units, not ms; 40 takes about SPEC §9's 1000 ms across a phone-wide slide. */
const EMBLA_DURATION_FOR_1S = 40;

const SIZES = '(min-width: 1024px) 960px, 100vw';

/**
 * SPEC §2/§9 banner carousel: autoplay every 5000 ms, slides move in about 1000 ms, loop and
 * pagination only with more than one slide, swipe on touch, a click follows the banner's link.
 * The first banner is the page's largest paint: eager, high priority and sized; the rest lazy.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const many = banners.length > 1;
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [ref, embla] = useEmblaCarousel(
    { loop: many, watchDrag: many, duration: reduceMotion ? 1 : EMBLA_DURATION_FOR_1S },
    many && !reduceMotion
      ? [Autoplay({ delay: SPEC.banner.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true })]
      : [],
  );
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    onSelect();
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const follow = useCallback(
    (b: Banner) => {
      // Embla swallows the click that ends a swipe, so this runs for real clicks only.
      if (b.linkageType === 'route' && b.link) navigate(b.link);
      else if (b.linkageType === 'url' && b.link) window.open(b.link, '_blank', 'noopener,noreferrer');
    },
    [navigate],
  );

  const first = banners[0];
  // The first slide is the page's largest paint: hint it in <head> (best format) as soon as known.
  const lead = first ? pictureSources(first.image)[0] : undefined;
  if (first && lead) {
    preloadImage(first.url, {
      type: lead.type,
      imageSrcSet: lead.srcSet,
      imageSizes: SIZES,
      fetchPriority: 'high',
    });
  }
  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('banners.label')}
      // The group's box (the console previews the crop to it), not each upload's own shape.
      style={{ aspectRatio: String(BANNER_DISPLAY_RATIO.w_home) }}
    >
      <div className="banner-carousel__viewport" ref={ref}>
        <div className="banner-carousel__container">
          {banners.map((b, i) => {
            const clickable = b.linkageType !== 'none' && b.link;
            const img = <BannerPicture banner={b} sizes={SIZES} priority={i === 0} />;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset.
              <div
                className="banner-carousel__slide"
                key={b.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t('banners.slide', { n: i + 1, total: banners.length })}
              >
                {clickable ? (
                  <button type="button" className="banner-carousel__link" onClick={() => follow(b)}>
                    {img}
                  </button>
                ) : (
                  img
                )}
              </div>
            );
          })}
        </div>
      </div>
      {many && (
        <div className="banner-carousel__dots" role="tablist" aria-label={t('banners.pagination')}>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              role="tab"
              aria-selected={i === selected}
              aria-label={t('banners.goTo', { n: i + 1 })}
              className={cx('banner-carousel__dot', i === selected && 'is-active')}
              onClick={() => embla?.scrollTo(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
