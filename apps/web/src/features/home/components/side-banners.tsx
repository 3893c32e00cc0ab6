import { BANNER_DISPLAY_RATIO } from '@wps/contract';
import { Link } from 'react-router';
import { useBanners } from '../api/content.ts';
import { BannerPicture } from './banner-picture.tsx';

/** The operator's side-menu banners (group w_leftmenu), under the reward and invite tiles. */
export function SideBanners({ onNavigate }: { onNavigate(): void }) {
  const banners = useBanners('w_leftmenu').data ?? [];
  return banners.map((b) => {
    const img = (
      <BannerPicture
        banner={b}
        sizes="240px"
        // Inline: the side menu is on every page, this stylesheet-free piece keeps it that way.
        imgStyle={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: String(BANNER_DISPLAY_RATIO.w_leftmenu),
          objectFit: 'cover',
          borderRadius: 'var(--radius-sm)',
        }}
      />
    );
    if (b.linkageType === 'route' && b.link)
      return (
        <Link key={b.id} to={b.link} onClick={onNavigate}>
          {img}
        </Link>
      );
    if (b.linkageType === 'url' && b.link)
      return (
        <a key={b.id} href={b.link} target="_blank" rel="noopener noreferrer">
          {img}
        </a>
      );
    return <div key={b.id}>{img}</div>;
  });
}
