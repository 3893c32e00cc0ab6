import { SPEC } from '@wps/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { groupMoney } from '../../../app/layouts/balance-format.ts';
import { useImageSrc } from '../../../shared/system/image-cdn.ts';
import type { Winner } from '../api/get-winners.ts';
import { browserDriftEnv, startDrift } from '../lib/drift.ts';

function WinnerCard({ w }: { w: Winner }) {
  const { t } = useTranslation('games');
  const imageSrc = useImageSrc();
  return (
    <li className="winner">
      <img src={imageSrc(w.iconUrl)} alt="" width={48} height={48} loading="lazy" />
      <div className="winner__text">
        <strong className="winner__name">{w.customerName}</strong>
        <span className="winner__amount">{groupMoney(w.winAmount)}</span>
        <span className="winner__game">{t('home.wonIn', { game: w.gameName })}</span>
      </div>
    </li>
  );
}

/**
 * SPEC §2/§9 winners board (latest wins): a row that drifts 0.5 px per frame and wraps, paused while
 * hovered or focused and still for anyone who asks for reduced motion.
 */
export function WinnerScroller({ list }: { list: Winner[] }) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const drift = startDrift(el, SPEC.winnerScrollerStep, browserDriftEnv(el));
    const { pause, resume } = drift;
    el.addEventListener('pointerenter', pause);
    el.addEventListener('pointerleave', resume);
    el.addEventListener('focusin', pause);
    el.addEventListener('focusout', resume);
    el.addEventListener('touchstart', pause, { passive: true });
    return () => {
      drift.stop();
      el.removeEventListener('pointerenter', pause);
      el.removeEventListener('pointerleave', resume);
      el.removeEventListener('focusin', pause);
      el.removeEventListener('focusout', resume);
      el.removeEventListener('touchstart', pause);
    };
  }, []);
  return (
    <ul className="winner-scroller" ref={ref} data-testid="winner-scroller">
      {list.map((w) => (
        <WinnerCard key={`${w.time}-${w.customerName}-${w.winAmount}`} w={w} />
      ))}
    </ul>
  );
}

/** SPEC §9: the biggest wins, first 9, as a grid. */
export function WinnerGrid({ list }: { list: Winner[] }) {
  return (
    <ul className="winner-grid">
      {list.map((w) => (
        <WinnerCard key={`${w.time}-${w.customerName}-${w.winAmount}`} w={w} />
      ))}
    </ul>
  );
}

/**
 * Placeholder cards while a board loads, in the same list (scroller row or grid) with the same
 * lines as a real card (blank), so the block below does not move when the winners arrive (CLS).
 */
export function WinnerSkeleton({ grid = false, count }: { grid?: boolean; count: number }) {
  return (
    <ul className={grid ? 'winner-grid' : 'winner-scroller'} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <li className="winner winner--skeleton" key={i} aria-hidden="true">
          <span className="winner__art" />
          <div className="winner__text">
            <strong className="winner__name">{'\u00a0'}</strong>
            <span className="winner__amount">{'\u00a0'}</span>
            <span className="winner__game">{'\u00a0'}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
