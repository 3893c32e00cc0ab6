import type { Banner } from '@wps/contract';
import type { CSSProperties } from 'react';
import { pictureSources } from '../lib/banner-image.ts';

/**
 * An operator's banner as a `<picture>`: AVIF, then WebP, sized by its stored dimensions so
 * nothing shifts when it arrives. `priority` marks the page's largest paint (eager, high).
 */
export function BannerPicture({
  banner,
  sizes,
  priority = false,
  className,
  imgStyle,
}: {
  banner: Banner;
  sizes: string;
  priority?: boolean;
  className?: string;
  imgStyle?: CSSProperties;
}) {
  return (
    <picture className={className} style={{ display: 'block' }}>
      {pictureSources(banner.image).map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={banner.url}
        width={banner.image.width}
        height={banner.image.height}
        alt={banner.title}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'low'}
        decoding={priority ? 'sync' : 'async'}
        draggable={false}
        style={imgStyle}
      />
    </picture>
  );
}
