import type { GameCategory } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { cx } from '../../../shared/lib/cx.ts';
import { Button, buttonClass } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useVendorGames } from '../api/get-games.ts';
import { GameTile, SkeletonTiles } from '../components/game-tile.tsx';
import { useLaunch } from '../components/use-launch.ts';
import { isLargeMenu, isLottery, lotteryRoute, type VendorCard } from '../lib/rules.ts';
import '../games.css';

/** Route key → category: one game centre per lower-cased game type (SPEC §2). */
const CATEGORY_OF: Record<string, GameCategory> = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  lott: 'LOTT',
  elott: 'ELOTT',
  cockfight: 'COCKFIGHT',
  live: 'LIVE',
};

function LotteryGames({ vendor, category }: { vendor: string; category: GameCategory }) {
  const { t } = useTranslation('games');
  const games = useVendorGames(category, vendor, 50);
  if (!games.data) return null;
  return (
    <ul className="lottery-links" aria-label={t('lotteryGames')}>
      {games.data.content.map((g) => (
        <li key={g.gameId}>
          <Link to={lotteryRoute(vendor, g.gameCode)} className="chip">
            {g.displayName}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function VendorCardView({
  card,
  category,
  selected,
  basePath,
}: {
  card: VendorCard;
  category: GameCategory;
  selected: boolean;
  basePath: string;
}) {
  const { t } = useTranslation('games');
  const launch = useLaunch();
  const lottery = isLottery(category);
  return (
    <li className={cx('vendor-card', selected && 'is-active', card.maintenance && 'is-maintenance')}>
      <img className="vendor-card__logo" src={card.logoUrl} alt="" width={64} height={32} loading="lazy" />
      <div className="vendor-card__body">
        <h2 className="vendor-card__name">{card.displayName}</h2>
        <p className="muted small">
          {card.maintenance ? t('underMaintenance') : t('gameCount', { count: card.gameCount })}
        </p>
        {lottery && <LotteryGames vendor={card.vassalage} category={category} />}
      </div>
      <div className="vendor-card__actions">
        {lottery ? (
          <Link to={lotteryRoute(card.vassalage)} className={buttonClass('primary', 'sm')}>
            {t('enter')}
          </Link>
        ) : card.isGame === 'VASSALAGE' ? (
          // The vendor opens its own lobby: launch it directly.
          <Button
            size="sm"
            disabled={card.maintenance}
            onClick={() => launch({ vendor: card.vassalage, gameType: category })}
          >
            {t('enter')}
          </Button>
        ) : (
          <Link
            to={`${basePath}?vassalage=${encodeURIComponent(card.vassalage)}`}
            className={buttonClass(selected ? 'primary' : 'secondary', 'sm')}
            aria-current={selected ? 'true' : undefined}
          >
            {t('showGames')}
          </Link>
        )}
      </div>
    </li>
  );
}

/**
 * Game centre (/sports, /esports, /lott, /elott, /cockfight, /live): the category's vendors as
 * cards. A lobby vendor (isGame VASSALAGE) launches straight in; a vendor with a list shows its
 * games below; lottery vendors route to their lottery page (SPEC §2 lottery routing).
 */
export default function GameCentrePage({ routeKey }: PageProps) {
  const { t } = useTranslation('games');
  const [params] = useSearchParams();
  const category = CATEGORY_OF[routeKey] ?? 'LIVE';
  const basePath = `/${routeKey}`;
  const name = t(`common:categories.${category}`);
  const menus = useGameMenus();
  const vendors = menus.data?.lanes.find((l) => l.title === category)?.gameClassify ?? [];
  const wanted = (params.get('vassalage') ?? '').toUpperCase();
  const selected = vendors.find((v) => v.vassalage === wanted) ?? vendors[0];
  const games = useVendorGames(category, isLottery(category) ? undefined : selected?.vassalage, 40);

  return (
    <div className="page games-page">
      <PageHeader title={name} lead={t('centreLead', { category: name })} />
      {menus.isPending ? (
        <ul className="vendor-cards" aria-busy="true" aria-label={t('loadingGames')}>
          <li className="vendor-card vendor-card--skeleton" />
          <li className="vendor-card vendor-card--skeleton" />
        </ul>
      ) : menus.error ? (
        <EmptyState headingLevel={2} title={t('loadFailed')} description={menus.error.message} />
      ) : vendors.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('noVendors', { category: name })}
          description={t('emptyHint')}
        />
      ) : (
        <>
          <ul className={cx('vendor-cards', isLargeMenu(vendors.length) && 'vendor-cards--large')}>
            {vendors.map((v) => (
              <VendorCardView
                key={v.vassalage}
                card={v}
                category={category}
                selected={!isLottery(category) && v.vassalage === selected?.vassalage}
                basePath={basePath}
              />
            ))}
          </ul>
          {!isLottery(category) && selected && (
            <section aria-labelledby="centre-games" className="games-section">
              <h2 id="centre-games" className="games-heading">
                {t('vendorGames', { vendor: selected.displayName })}
              </h2>
              <ul className="game-grid">
                {games.isPending ? (
                  <SkeletonTiles count={4} />
                ) : (
                  games.data?.content.map((g) => (
                    <li key={g.gameId}>
                      <GameTile game={g} />
                    </li>
                  ))
                )}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
