import {
  type CompleteLocale,
  fromMinor,
  periodStart,
  RANKING_SIZE,
  type Ranking,
  type RankingPeriod,
  SPEC,
} from '@wps/contract';
import type { BetsService } from '../bets/service.ts';
import { type GamesService, maskName } from '../games/service.ts';
import type { MembersService } from '../members/service.ts';

/** A "big win" on the public board: a round paying at least this much (NPR 1,000.00). */
export const BIG_WIN_MIN = 100_000n;
/** Boards are public and read on every promotions-page view: computed at most once a minute. */
export const RANKING_TTL_MS = 60_000;

/**
 * Ranking and winners (SPEC §2 implied screen, §3 ranking category): the top turnover of the
 * day, week or month and the latest big wins, both from the bets record, names masked. Answers
 * are cached per period and language, and concurrent misses share one computation.
 */
export class RankingService {
  private readonly cache = new Map<string, { at: number; value: Promise<Ranking> }>();

  constructor(
    private readonly deps: {
      bets: BetsService;
      members: MembersService;
      games: GamesService;
      utcOffsetMinutes: number;
      now?: () => number;
    },
  ) {}

  private now() {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  board(period: RankingPeriod, locale: CompleteLocale): Promise<Ranking> {
    const key = `${period}|${locale}`;
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < RANKING_TTL_MS) return hit.value;
    const value = this.compute(period, locale);
    this.cache.set(key, { at: this.now(), value });
    // A failed computation must not be served for a minute.
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private async compute(period: RankingPeriod, locale: CompleteLocale): Promise<Ranking> {
    const now = new Date(this.now());
    const start = periodStart(period, now, this.deps.utcOffsetMinutes);
    const top = await this.deps.bets.topTurnover(start, RANKING_SIZE);
    const list = [];
    for (const [i, r] of top.entries()) {
      const m = await this.deps.members.getById(r.memberId);
      list.push({ rank: i + 1, account: maskName(m?.account ?? ''), turnover: fromMinor(r.validStake) });
    }
    const wins = await this.deps.games.winners(
      { gameCategory: 'ALL', limitNum: SPEC.biggestWinsShown, sort: 'LATEST', minPayout: BIG_WIN_MIN },
      locale,
    );
    return {
      period,
      periodStart: start.toISOString(),
      asOf: now.toISOString(),
      list,
      bigWins: wins.map((w) => ({
        account: w.customerName,
        amount: w.winAmount,
        game: w.gameName,
        time: w.time,
      })),
    };
  }
}
