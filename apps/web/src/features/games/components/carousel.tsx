import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { carouselArrows } from '../lib/rules.ts';

/**
 * SPEC §9 home carousel: 6 per view on wide screens, gap 13, arrows only above 12 items. A plain
 * scroll-snapping row: phones swipe it, keyboards tab through it.
 */
export function Carousel({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  const { t } = useTranslation('games');
  const ref = useRef<HTMLUListElement>(null);
  const step = (dir: -1 | 1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="carousel">
      {carouselArrows(count) && (
        <div className="carousel__arrows">
          <button type="button" className="icon-btn" onClick={() => step(-1)} aria-label={t('home.previous')}>
            ‹
          </button>
          <button type="button" className="icon-btn" onClick={() => step(1)} aria-label={t('home.next')}>
            ›
          </button>
        </div>
      )}
      <ul className="carousel__track" ref={ref} aria-label={label}>
        {children}
      </ul>
    </div>
  );
}
