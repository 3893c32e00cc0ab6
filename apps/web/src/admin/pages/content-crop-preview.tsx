import { BANNER_DISPLAY_RATIO, type BannerGroup } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { coverCrop } from '../../features/home/lib/banner-image.ts';

/**
 * The upload beside how its group's slot shows it: the site fills the slot's box centred
 * (object-fit: cover), so the original carries a frame around the part players will see.
 */
export function CropPreview({
  src,
  width,
  height,
  group,
}: {
  src: string;
  width: number;
  height: number;
  group: BannerGroup;
}) {
  const { t } = useTranslation('content-admin');
  const ratio = BANNER_DISPLAY_RATIO[group];
  const crop = coverCrop(width, height, ratio);
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  const cut = Math.round(crop.cut * 100);
  return (
    <div className="content-crop" data-testid="crop-preview">
      <figure className="content-crop__item">
        <figcaption className="small muted">{t('banners.original', { width, height })}</figcaption>
        <div className="content-crop__original" style={{ aspectRatio: `${width} / ${height}` }}>
          <img src={src} alt={t('banners.preview')} />
          <span
            className="content-crop__frame"
            aria-hidden="true"
            style={{
              left: pct(crop.x, width),
              top: pct(crop.y, height),
              width: pct(crop.width, width),
              height: pct(crop.height, height),
            }}
          />
        </div>
      </figure>
      <figure className="content-crop__item">
        <figcaption className="small muted">
          {t('banners.onSite', { group: t(`banners.groups.${group}`), ratio: ratioText(ratio) })}
        </figcaption>
        <div className="content-preview" style={{ aspectRatio: String(ratio) }}>
          <img src={src} alt={t('banners.cropped')} />
        </div>
      </figure>
      <p className="small muted" role="status">
        {cut > 0 ? t('banners.cropCut', { percent: cut }) : t('banners.cropNone')}
      </p>
    </div>
  );
}

/** 3 → "3:1", 8/3 → "8:3". */
export function ratioText(ratio: number): string {
  for (let h = 1; h <= 12; h++) {
    const w = ratio * h;
    if (Math.abs(w - Math.round(w)) < 1e-6) return `${Math.round(w)}:${h}`;
  }
  return ratio.toFixed(2);
}
