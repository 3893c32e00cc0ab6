import { LOTTERY_PRIZE_MODES, type LotteryPrizeMode } from '@wps/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../../shared/lib/page.ts';
import { useGameMenus } from '../../games/api/get-game-menus.ts';
import { prizeModeOf } from '../../games/lib/rules.ts';
import { Countdown } from '../../../shared/ui/countdown.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { invalidateMoney } from '../../wallet/api/get-balance.ts';
import { useLotteryMenu, useRefreshAfterDraw, useTickets } from '../api/lottery.ts';
import { BetPanel } from '../components/bet-panel.tsx';
import { clock, Lobby } from '../components/lobby.tsx';
import { MyTickets } from '../components/my-tickets.tsx';
import { ResultsHistory } from '../components/results.tsx';
import { formatNepalTime } from '../lib/time.ts';
import '../lottery.css';

const GAME_CODE_RE = /^[A-Z0-9_]{1,40}$/;

/**
 * Which prize mode a page lists (SPEC §2 routing: TCG_LOTTO_VN → /vnLottery, TCG_SEA → /seaLottery,
 * LOTT/ELOTT → /lottery). The VN lottery's is derived from the vendor data (SPEC §4), so null
 * until the vendor lanes are there; /lottery without one lists each game at its own mode.
 */
function modeOf(
  routeKey: string,
  asked: string | null,
  lanes: Parameters<typeof prizeModeOf>[0] | undefined,
): LotteryPrizeMode | undefined | null {
  if (routeKey === 'seaLottery') return 'SEA';
  if (asked && (LOTTERY_PRIZE_MODES as readonly string[]).includes(asked)) return asked as LotteryPrizeMode;
  if (routeKey !== 'vnLottery') return undefined;
  return lanes ? prizeModeOf(lanes) : null;
}

/** SPEC §2: /vnLottery and /lottery take a game code, /seaLottery does not: its games open under /lottery. */
function gameHref(key: string, gameCode: string, mode: LotteryPrizeMode | undefined): string {
  const page = key === 'seaLottery' ? '/lottery' : `/${key}`;
  return `${page}?gameCode=${gameCode}${mode ? `&prizeMode=${mode}` : ''}`;
}

/** Lottery pages (`/lottery`, `/vnLottery`, `/seaLottery`): the lobby, or one game's betting view with `?gameCode=`. */
export default function LotteryPage({ routeKey }: PageProps) {
  const { t } = useTranslation(['lottery', 'common']);
  const [params] = useSearchParams();
  const key = routeKey === 'vnLottery' || routeKey === 'seaLottery' ? routeKey : 'lottery';
  const lanes = useGameMenus().data?.lanes;
  const derived = modeOf(key, params.get('prizeMode'), lanes);
  const mode = derived ?? undefined;
  const menu = useLotteryMenu(mode, derived !== null);
  const code = params.get('gameCode') ?? '';
  const gameCode = GAME_CODE_RE.test(code) ? code : null;
  const game = menu.data?.games.find((g) => g.gameCode === gameCode) ?? null;
  const base = `/${key}`;

  return (
    <div className="page page--wide lt-page">
      <PageHeader
        title={game ? game.name : t(`common:pages.${key}.title`)}
        lead={game ? t('lottery:bet.lead') : t(`common:pages.${key}.lead`)}
      />
      {menu.isPending && <Loader label={t('lottery:lobby.loading')} />}
      {menu.data && !game && (
        <>
          {gameCode && <p className="text-danger">{t('lottery:lobby.unknownGame')}</p>}
          <Lobby games={menu.data.games} hrefOf={(c) => gameHref(key, c, mode)} />
        </>
      )}
      {game && <GameView game={game} prizeMode={mode} back={mode ? `${base}?prizeMode=${mode}` : base} />}
    </div>
  );
}

function GameView({
  game,
  prizeMode,
  back,
}: {
  game: NonNullable<ReturnType<typeof useLotteryMenu>['data']>['games'][number];
  /** The mode the odds shown are of: the slip is placed at the same (none: the game's own). */
  prizeMode: LotteryPrizeMode | undefined;
  back: string;
}) {
  const { t } = useTranslation('lottery');
  const refresh = useRefreshAfterDraw();
  const tickets = useTickets(game.gameCode);
  const qc = useQueryClient();
  const mine = tickets.data?.content ?? [];
  const settled = mine.filter((x) => x.status === 'settled').length;
  const seen = useRef(settled);
  // A ticket just settled: its payout is in the wallet, so the balance shown must follow.
  useEffect(() => {
    if (settled !== seen.current) {
      seen.current = settled;
      void invalidateMoney(qc);
    }
  }, [settled, qc]);
  const next = game.nextDraw;
  const closed = !next || Date.parse(next.cutoffAt) <= Date.now();
  return (
    <div className="lt-view">
      <p className="small">
        <Link to={back}>{t('lobby.back')}</Link>
      </p>
      {next && (
        <section className="card lt-next" aria-label={t('bet.nextDraw')}>
          <p>
            {t('lobby.nextDraw', { time: formatNepalTime(next.drawTime) })}
            {next.stations.length > 0 && <> · {next.stations.join(', ')}</>}
          </p>
          <p className="lt-countdown">
            <Countdown
              endsAt={Date.parse(next.cutoffAt)}
              onDone={refresh}
              format={(s) => t('lobby.closesIn', { time: clock(s) })}
            />
          </p>
          {game.resultSource === 'official' ? (
            <p className="small muted" data-testid="pays-official">
              {t('official.paysOfficial')}
            </p>
          ) : (
            <p className="small muted lt-mono lt-wrap">
              {t('bet.hash')} {next.serverSeedHash}
            </p>
          )}
        </section>
      )}
      <BetPanel game={game} prizeMode={prizeMode} drawId={next?.drawId ?? null} closed={closed} />
      <MyTickets tickets={mine} />
      <ResultsHistory gameCode={game.gameCode} mine={mine} />
    </div>
  );
}
