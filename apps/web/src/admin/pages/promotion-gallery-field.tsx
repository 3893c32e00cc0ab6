import { type ContentImage, PROMOTION_ANNOUNCEMENT_IMAGES_MAX } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { errorText } from './cashier-ui.tsx';
import { useUploadPromotionImage } from './promo-kinds-api.ts';
import './promo-kinds.css';

/**
 * SPEC §3 Promotion announcementImages: the detail's images in order. Each upload goes through the
 * same pipeline as the card image (decoded, re-encoded to WebP and AVIF) and joins the end; the
 * operator moves them up and down or removes them. Saved with the promotion.
 */
export function GalleryField({
  images,
  onChange,
  error,
}: {
  images: ContentImage[];
  onChange(images: ContentImage[]): void;
  error?: string | undefined;
}) {
  const { t: tk } = useTranslation('promo-kinds');
  const upload = useUploadPromotionImage();
  const full = images.length >= PROMOTION_ANNOUNCEMENT_IMAGES_MAX;
  const move = (i: number, by: -1 | 1) => {
    const next = [...images];
    const [it] = next.splice(i, 1);
    if (it) next.splice(i + by, 0, it);
    onChange(next);
  };
  return (
    <div className="promo-image-field">
      <label className="field__label" htmlFor="promo-gallery">
        {tk('admin.gallery')}
      </label>
      <input
        id="promo-gallery"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={full || upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file, { onSuccess: (img) => onChange([...images, img]) });
          e.target.value = '';
        }}
      />
      <span className="muted small">
        {upload.isPending
          ? tk('admin.imageUploading')
          : tk('admin.galleryHint', { max: PROMOTION_ANNOUNCEMENT_IMAGES_MAX })}
      </span>
      {(upload.error || error) && (
        <span className="wallet-error" role="alert">
          {upload.error ? errorText(upload.error) : error}
        </span>
      )}
      {images.length > 0 && (
        <ol className="promo-gallery-field">
          {images.map((img, i) => {
            const preview = img.variants[0];
            const n = i + 1;
            return (
              <li key={img.id} className="promo-gallery-field__item">
                {preview && (
                  <img
                    src={preview.url}
                    width={preview.width}
                    height={preview.height}
                    alt={tk('admin.galleryImage', { n })}
                  />
                )}
                <div className="promo-gallery-field__actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={tk('admin.galleryUp', { n })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={tk('admin.galleryDown', { n })}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onChange(images.filter((x) => x.id !== img.id))}
                    aria-label={tk('admin.galleryRemove', { n })}
                  >
                    ×
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
