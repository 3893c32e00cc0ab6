import type { GameCategory } from '@wps/contract';
import { GAME_FILTERS } from '@wps/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { type GameFilter, useGamePages } from '../api/get-games.ts';
import { GameTile, SkeletonTiles } from '../components/game-tile.tsx';
import { VendorStrip, VendorStripPlaceholder } from '../components/vendor-strip.tsx';
import '../games.css';

const CATEGORY_OF: Record<string, GameCategory> = { fish: 'FISH', rng: 'RNG', pvp: 'PVP', bgs: 'BGS' };
// The in-house games are ours: their tiles open our own game pages, not a vendor's launch URL.
const InhouseTiles = lazy(() => import('../../inhouse/components/inhouse-tiles.tsx'));

const VENDOR_RE = /^[A-Z0-9_]{1,32}$/;

/**
 * The tiles a phone shows on the list's first screen (two columns, two rows): their art is not
 * left to lazy loading, and the first, /rng's largest paint, goes first (issue 30: Lighthouse
 * found the page's LCP image lazily loaded, requested only after layout).
 */
const aboveFold = (i: number) => (i === 0 ? 'lcp' : i < 4 ? 'fold' : 'no');

const SEARCH_DELAY_MS = 300;

/** The search box asks the server once typing pauses. */
function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * Game list centre (/fish, /rng, /pvp, /bgs): a vendor strip, the filters NEW/FAV/ALL/HOT/RECENT,
 * search, and pages of tiles that "load more" appends. `/rng?vassalage=INHOUSE` is the in-house list.
 */
export default function GameListPage({ routeKey }: PageProps) {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const hasToken = useSessionStore(selectHasToken);
  const open = usePopupStore((s) => s.open);
  const [filter, setFilter] = useState<GameFilter>('ALL');
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const raw = (params.get('vassalage') ?? '').toUpperCase();
  const vendor = VENDOR_RE.test(raw) ? raw : '';
  const inhouse = vendor === 'INHOUSE';
  const category: GameCategory = inhouse ? 'INHOUSE' : (CATEGORY_OF[routeKey] ?? 'RNG');
  const basePath = `/${routeKey}`;
  const menus = useGameMenus();
  const vendors = menus.data?.lanes.find((l) => l.title === category)?.gameClassify ?? [];
  const vendorName = vendors.find((v) => v.vassalage === vendor)?.displayName ?? vendor;
  const name = t(`common:categories.${category}`);
  const effective: GameFilter = !hasToken && (filter === 'FAV' || filter === 'RECENT') ? 'ALL' : filter;
  const pages = useGamePages({
    gameType: category,
    vassalage: inhouse ? undefined : vendor || undefined,
    filter: effective,
    keyword: keyword || undefined,
  });
  const games = pages.data?.pages.flatMap((p) => p.content) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;

  const pick = (f: GameFilter) => {
    // FAV and RECENT are the member's own lists (SPEC §4: a guest logs in first).
    if (!hasToken && (f === 'FAV' || f === 'RECENT')) {
      open('loginModal', { message: t('pleaseLogin') });
      return;
    }
    setFilter(f);
  };

  return (
    <div className="page games-page">
      <PageHeader
        title={vendor && !inhouse ? `${name} · ${vendorName}` : name}
        lead={t('listLead', { category: name })}
      />
      {!inhouse && vendors.length > 0 && (
        <VendorStrip basePath={basePath} vendors={vendors} current={vendor} />
      )}
      {/* Its place is kept while the menus load: arriving after the tiles' skeleton, the strip
          pushed the grid down (Lighthouse CLS 0.06 on /rng, one run in three). */}
      {!inhouse && menus.isPending && <VendorStripPlaceholder />}
      <div className="games-toolbar">
        <fieldset className="chip-row">
          <legend className="visually-hidden">{t('filter')}</legend>
          {GAME_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={cx('chip', f === effective && 'is-active')}
              aria-pressed={f === effective}
              onClick={() => pick(f)}
            >
              {t(`filters.${f}`)}
            </button>
          ))}
        </fieldset>
        <label className="games-search">
          <span className="visually-hidden">{t('search')}</span>
          <input
            type="search"
            value={search}
            maxLength={50}
            placeholder={t('searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
      </div>
      {inhouse ? (
        <Suspense
          fallback={
            <ul className="game-grid" aria-busy="true">
              <SkeletonTiles count={8} />
            </ul>
          }
        >
          <InhouseTiles />
        </Suspense>
      ) : pages.isPending ? (
        <ul className="game-grid" aria-busy="true" aria-label={t('loadingGames')}>
          <SkeletonTiles count={8} />
        </ul>
      ) : pages.error ? (
        <EmptyState
          headingLevel={2}
          title={t('loadFailed')}
          description={pages.error.message}
          action={<Button onClick={() => void pages.refetch()}>{t('retry')}</Button>}
        />
      ) : games.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={keyword ? t('noMatch', { keyword }) : t(`empty.${effective}`)}
          description={t('emptyHint')}
        />
      ) : (
        <>
          <p className="muted small" aria-live="polite">
            {t('shown', { shown: games.length, total })}
          </p>
          <ul className="game-grid">
            {games.map((g, i) => (
              <li key={g.gameId}>
                <GameTile game={g} above={aboveFold(i)} />
              </li>
            ))}
            {pages.isFetchingNextPage && <SkeletonTiles count={4} />}
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
      )}
    </div>
  );
}
