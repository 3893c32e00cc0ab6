import { BANNER_DISPLAY_RATIO, type BannerGroup } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBanners } from '../api/content.ts';
import { BannerPicture } from './banner-picture.tsx';

/**
 * SPEC §3 banners of the account popups (w_login, w_register, w_forget) above the form: nothing
 * at all, not an empty box, while the group has none. Several scroll sideways, one per view.
 */
export function PopupBanners({ group, onNavigate }: { group: BannerGroup; onNavigate(): void }) {
  const { t } = useTranslation('content');
  const banners = useBanners(group).data ?? [];
  if (!banners.length) return null;
  const imgStyle = {
    display: 'block',
    width: '100%',
    height: 'auto',
    aspectRatio: String(BANNER_DISPLAY_RATIO[group]),
    objectFit: 'cover',
    borderRadius: 'var(--radius-sm)',
  } as const;
  return (
    <section
      aria-label={t('banners.label')}
      data-testid={`popup-banners-${group}`}
      style={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: '100%',
        gap: 8,
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        marginBottom: 12,
      }}
    >
      {banners.map((b) => {
        const img = <BannerPicture banner={b} sizes="(min-width: 480px) 420px, 100vw" imgStyle={imgStyle} />;
        const slot = { scrollSnapAlign: 'start' } as const;
        if (b.linkageType === 'route' && b.link)
          return (
            <Link key={b.id} to={b.link} onClick={onNavigate} style={slot}>
              {img}
            </Link>
          );
        if (b.linkageType === 'url' && b.link)
          return (
            <a key={b.id} href={b.link} target="_blank" rel="noopener noreferrer" style={slot}>
              {img}
            </a>
          );
        return (
          <div key={b.id} style={slot}>
            {img}
          </div>
        );
      })}
    </section>
  );
}
