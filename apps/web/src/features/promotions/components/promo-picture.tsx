import type { Promotion } from '@wps/contract';
import { pictureSources } from '../../home/lib/banner-image.ts';

/**
 * A promotion's uploaded image as a `<picture>` (AVIF, then WebP), sized by its stored
 * dimensions so the card does not shift when it arrives. Lazy: cards below the fold wait.
 */
export function PromoPicture({ promo, sizes }: { promo: Promotion; sizes: string }) {
  const image = promo.image;
  if (!image || !promo.imageUrl) return null;
  return (
    <picture className="promo-picture">
      {pictureSources(image).map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={promo.imageUrl}
        width={image.width}
        height={image.height}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
    </picture>
  );
}
