import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFavoriteGames, useFavoriteIds } from '../api/favorites.ts';
import { useRecentGames } from '../api/get-recent.ts';
import { GameTile, SkeletonTiles } from '../components/game-tile.tsx';
import '../games.css';

function FavoriteList() {
  const { t } = useTranslation('games');
  const list = useFavoriteGames();
  // Unfavourited here, a tile leaves the page at once (the id list is optimistic).
  const ids = useFavoriteIds();
  if (list.isPending)
    return (
      <ul className="game-grid" aria-busy="true" aria-label={t('loadingGames')}>
        <SkeletonTiles count={8} />
      </ul>
    );
  if (list.error)
    return <EmptyState headingLevel={2} title={t('loadFailed')} description={list.error.message} />;
  const games = list.data.content.filter((g) => !ids.data || ids.data.includes(g.nodeId));
  if (games.length === 0)
    return (
      <EmptyState
        headingLevel={2}
        title={t('empty.FAV')}
        description={t('favoriteHint')}
        action={
          <Link to="/rng" className={buttonClass('primary')}>
            {t('browse')}
          </Link>
        }
      />
    );
  return (
    <ul className="game-grid">
      {games.map((g) => (
        <li key={g.gameId}>
          <GameTile game={g} />
        </li>
      ))}
    </ul>
  );
}

function RecentList() {
  const { t } = useTranslation('games');
  const pages = useRecentGames();
  if (pages.isPending)
    return (
      <ul className="game-grid" aria-busy="true" aria-label={t('loadingGames')}>
        <SkeletonTiles count={8} />
      </ul>
    );
  if (pages.error)
    return <EmptyState headingLevel={2} title={t('loadFailed')} description={pages.error.message} />;
  const games = pages.data.pages.flatMap((p) => p.list);
  if (games.length === 0)
    return (
      <EmptyState
        headingLevel={2}
        title={t('empty.RECENT')}
        description={t('recentHint')}
        action={
          <Link to="/rng" className={buttonClass('primary')}>
            {t('browse')}
          </Link>
        }
      />
    );
  return (
    <>
      <ul className="game-grid">
        {games.map((g) => (
          <li key={g.gameId}>
            <GameTile game={g} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <div className="games-more">
          <Button
            variant="secondary"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** `/favorite` and `/recent`: the player's own game lists (login required by the route guard). */
export default function AccountGamesPage({ routeKey }: PageProps) {
  const { t } = useTranslation();
  const key = routeKey === 'recent' ? 'recent' : 'favorite';
  return (
    <div className="page games-page">
      <PageHeader title={t(`pages.${key}.title`)} lead={t(`pages.${key}.lead`)} />
      {key === 'recent' ? <RecentList /> : <FavoriteList />}
    </div>
  );
}
