import type { GameCategory } from '@wps/contract';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNearViewport } from '../../../shared/lib/use-near-viewport.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import type { NavCategory } from '../../../shared/system/categories.ts';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useVendorGames } from '../api/get-games.ts';
import { useHotGames } from '../api/get-hot-games.ts';
import { useRecentGames } from '../api/get-recent.ts';
import { useWinners } from '../api/get-winners.ts';
import {
  biggestWinsShown,
  CATEGORY_PAGES,
  esportsRelevant,
  homeGameFetches,
  homeVendors,
  isLottery,
  type Lane,
  lotteryRoute,
} from '../lib/rules.ts';
import { Carousel } from './carousel.tsx';
import { GameTile, SkeletonTiles } from './game-tile.tsx';
import { WinnerGrid, WinnerScroller, WinnerSkeleton } from './winners.tsx';
import '../home-section.css';
import '../games.css';

/** SPEC §2 home sections that list games by category, in the spec's order. */
const SECTION_ORDER: GameCategory[] = [
  'INHOUSE',
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
];

function Section({
  id,
  title,
  href,
  children,
}: {
  id: string;
  title: string;
  href?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('games');
  return (
    <section className="home-section games-home-section" aria-labelledby={`home-${id}`}>
      <div className="games-home-section__head">
        <h2 className="home-section__title" id={`home-${id}`}>
          {title}
        </h2>
        {href && (
          <Link to={href} className="small">
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function TileRow({
  label,
  games,
  pending,
  reserveArrows = false,
}: {
  label: string;
  games: import('@wps/contract').Game[];
  pending: boolean;
  /** A list that usually has more than 12 (hot games): keep the arrows' row while it loads (CLS). */
  reserveArrows?: boolean;
}) {
  const { t } = useTranslation('games');
  // Drawing a row of twelve tiles was the home page's longest task on a slow phone (issue 30).
  // Deferred, the row keeps its placeholders for the urgent render and React draws the tiles in a
  // transition, in slices it can interrupt for input and paint. The row's height does not change.
  // One value (null while pending): the query's list keeps its identity, so only an answer defers.
  const shownGames = useDeferredValue(pending ? null : games);
  if (shownGames === null)
    return (
      <div className="carousel">
        {reserveArrows && (
          <div className="carousel__arrows" aria-hidden="true" style={{ visibility: 'hidden' }}>
            <span className="icon-btn" />
          </div>
        )}
        <ul className="carousel__track" aria-busy="true" aria-label={label}>
          <SkeletonTiles count={6} />
        </ul>
      </div>
    );
  if (shownGames.length === 0) return <p className="muted small">{t('home.noGames')}</p>;
  return (
    <Carousel label={label} count={shownGames.length}>
      {shownGames.map((g) => (
        <li key={g.gameId}>
          <GameTile game={g} />
        </li>
      ))}
    </Carousel>
  );
}

/**
 * A category's row of games, asked for and drawn only once it is within a screen of the viewport:
 * until then it holds the skeleton's place (the same height, so nothing shifts when it fills).
 */
function VendorGamesRow({
  category,
  vendor,
  label,
}: {
  category: GameCategory;
  vendor: string;
  label: string;
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const games = useVendorGames(category, vendor, 12, near);
  return (
    <div ref={ref}>
      <TileRow label={label} games={games.data?.content ?? []} pending={games.isPending} />
    </div>
  );
}

function VendorLinks({ category, lane }: { category: GameCategory; lane: Lane | undefined }) {
  const { t } = useTranslation('games');
  const vendors = homeVendors(lane);
  return (
    <ul
      className="vendor-strip"
      aria-label={t('home.vendorsOf', { category: t(`common:categories.${category}`) })}
    >
      {vendors.map((v) => {
        const base = CATEGORY_PAGES[category].split('?')[0] ?? '/';
        const to = isLottery(category)
          ? lotteryRoute(v.vassalage)
          : category === 'INHOUSE'
            ? CATEGORY_PAGES.INHOUSE
            : `${base}?vassalage=${encodeURIComponent(v.vassalage)}`;
        return (
          <li key={v.vassalage}>
            <Link to={to} className="vendor-chip">
              <img src={v.logoUrl} alt="" width={40} height={20} loading="lazy" />
              <span>{v.displayName}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function CategorySection({ category, lane }: { category: GameCategory; lane: Lane | undefined }) {
  const { t } = useTranslation('games');
  const lanes = lane ? [lane] : [];
  const fetches = category === 'INHOUSE' ? [{ category, vendor: 'INHOUSE' }] : homeGameFetches(lanes);
  const name = t(`common:categories.${category}`);
  return (
    <Section id={category.toLowerCase()} title={name} href={CATEGORY_PAGES[category]}>
      {category !== 'INHOUSE' && <VendorLinks category={category} lane={lane} />}
      {fetches.map((f) => {
        const vendorName = lane?.gameClassify.find((v) => v.vassalage === f.vendor)?.displayName ?? f.vendor;
        return (
          <VendorGamesRow
            key={f.vendor}
            category={f.category}
            vendor={f.vendor}
            label={category === 'INHOUSE' ? name : t('vendorGames', { vendor: vendorName })}
          />
        );
      })}
    </Section>
  );
}

function RecentSection() {
  const { t } = useTranslation('games');
  const recent = useRecentGames();
  const games = recent.data?.pages[0]?.list ?? [];
  // SPEC §2: only when logged in with entries.
  if (games.length === 0) return null;
  return (
    <Section id="recent" title={t('home.recent')} href="/recent">
      <TileRow label={t('home.recent')} games={games} pending={false} />
    </Section>
  );
}

/**
 * The home page's catalogue sections (SPEC §2, §9): hot games, latest wins (SPEC's "jackpot
 * winners" board: real settled rounds, and no jackpot stands behind them, issue 27), biggest wins,
 * recent games for a member with entries, and a section per category. Every list is keyed by
 * language, so a language change refetches hot games, vendors and winners (SPEC §4).
 */
export default function HomeGames({ categories }: { categories: readonly NavCategory[] }) {
  const { t } = useTranslation('games');
  const hasToken = useSessionStore(selectHasToken);
  const menus = useGameMenus();
  const hot = useHotGames();
  const latest = useWinners('LATEST');
  const biggest = useWinners('BIGGEST');
  const lanes = menus.data?.lanes ?? [];
  const enabled = new Set(categories.map((c) => c.id as string));
  const sections = SECTION_ORDER.filter(
    (c) =>
      enabled.has(c) &&
      lanes.some((l) => l.title === c && l.gameClassify.length > 0) &&
      (c !== 'ESPORTS' || esportsRelevant(lanes)),
  );

  return (
    <div className="games-home">
      <Section id="hot" title={t('home.hot')} href="/rng">
        <TileRow label={t('home.hot')} games={hot.data?.list ?? []} pending={hot.isPending} reserveArrows />
      </Section>
      <div className="games-home__winners">
        <Section id="latest-wins" title={t('home.latest')}>
          {latest.isPending ? (
            <WinnerSkeleton count={4} />
          ) : latest.data && latest.data.list.length > 0 ? (
            <WinnerScroller list={latest.data.list} />
          ) : (
            <EmptyState compact title={t('home.noWinners')} />
          )}
        </Section>
        <Section id="wins" title={t('home.biggest')}>
          {biggest.isPending ? (
            <WinnerSkeleton grid count={9} />
          ) : biggest.data && biggest.data.list.length > 0 ? (
            <WinnerGrid list={biggestWinsShown(biggest.data.list)} />
          ) : (
            <EmptyState compact title={t('home.noWinners')} />
          )}
        </Section>
      </div>
      {hasToken && <RecentSection />}
      {sections.map((c) => (
        <CategorySection key={c} category={c} lane={lanes.find((l) => l.title === c)} />
      ))}
    </div>
  );
}
