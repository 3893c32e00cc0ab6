import type { Promotion } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { pictureSources } from '../../home/lib/banner-image.ts';
import './promo-gallery.css';

/**
 * SPEC §3 Promotion announcementImages in the detail, in their sequence: each a `<picture>`
 * (AVIF, then WebP) sized by its stored dimensions, so nothing shifts as they arrive.
 */
export function PromoGallery({ promo }: { promo: Promotion }) {
  const { t } = useTranslation('promo-kinds');
  const list = [...promo.announcementImages].sort((a, b) => a.sequence - b.sequence);
  if (list.length === 0) return null;
  return (
    <ol className="promo-gallery" aria-label={t('gallery.label')}>
      {list.map((a) => (
        <li key={a.image.id}>
          <picture>
            {pictureSources(a.image).map((s) => (
              <source key={s.type} type={s.type} srcSet={s.srcSet} sizes="(max-width: 640px) 100vw, 560px" />
            ))}
            <img
              src={a.url}
              width={a.image.width}
              height={a.image.height}
              alt={t('gallery.alt', { n: a.sequence, total: list.length })}
              loading="lazy"
              decoding="async"
            />
          </picture>
        </li>
      ))}
    </ol>
  );
}
