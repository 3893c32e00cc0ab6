import { Link } from 'react-router';
import { useBanners } from '../api/content.ts';

/** The operator's side-menu banners (group w_leftmenu), under the reward and invite tiles. */
export function SideBanners({ onNavigate }: { onNavigate(): void }) {
  const banners = useBanners('w_leftmenu').data ?? [];
  return banners.map((b) => {
    const v = b.image.variants[0];
    const img = (
      <img
        src={v?.url ?? b.url}
        width={v?.width ?? b.image.width}
        height={v?.height ?? b.image.height}
        alt={b.title}
        loading="lazy"
        // Inline: the side menu is on every page, this stylesheet-free piece keeps it that way.
        style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--radius-sm)' }}
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
