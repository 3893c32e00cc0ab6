import {
  dayRange,
  type LotteryDraw,
  type LotteryMenuGame,
  type LotteryPlaceBody,
  type LotteryPrizeMode,
  type LotteryStructureCode,
  type LotteryTicket,
} from '@wps/contract';
import { betTypesOf, type Odds, resultCount } from '@wps/games';
import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetsService } from '../bets/service.ts';
import type { BetGuard } from '../inhouse/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { commissionsView, LotteryConfig, oddsView } from './config.ts';
import { type DrawRow, LotteryDraws } from './draws.ts';
import { type LotteryGame, lotteryGames } from './games.ts';
import { LotteryOfficialResults } from './official.ts';
import { defaultPrizeMode, inMode } from './prize-modes.ts';
import { lotteryDraws, lotteryTickets } from './schema.ts';
import { LotterySlips } from './slips.ts';
import { listTickets, type TicketQuery } from './ticket-view.ts';

export { defaultPrizeMode } from './prize-modes.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A draw's state as players see it: a conflict between official sources is still waiting. */
export const publicDrawStatus = (status: string): LotteryDraw['status'] =>
  status === 'conflict' ? 'waiting' : (status as LotteryDraw['status']);

/**
 * Lottery (issue 15): the games' menus, tickets (placed, listed, cancelled) and opened numbers.
 * The draw lifecycle lives in `LotteryDraws` (draws.ts).
 */
export class LotteryService {
  /** Player protection (issue 16): wager/loss/session limits and exclusions; a constructor argument. */
  readonly betGuard: BetGuard;
  readonly games: LotteryGame[];
  readonly byCode: Map<string, LotteryGame>;
  readonly draws: LotteryDraws;
  /** Odds, commissions, limits and cut-offs as the operator sets them (config.ts). */
  readonly config: LotteryConfig;
  /** Placing and cancelling slips (slips.ts). */
  private readonly slips: LotterySlips;
  /** Official results of station-named draws: operator entry, approval, results feed (official.ts). */
  readonly official: LotteryOfficialResults;

  constructor(
    private readonly db: Db,
    config: Pick<Config, 'lotteryFastSeconds' | 'lotteryFastCutoffSeconds'> &
      Partial<Pick<Config, 'lotteryResultsFeed'>>,
    deps: { wallet: WalletService; bets: BetsService; audit: AuditService; betGuard: BetGuard },
  ) {
    this.betGuard = deps.betGuard;
    this.games = lotteryGames({
      fastSeconds: config.lotteryFastSeconds,
      fastCutoffSeconds: config.lotteryFastCutoffSeconds,
    });
    this.byCode = new Map(this.games.map((g) => [g.gameCode, g]));
    this.draws = new LotteryDraws(db, deps, this.byCode);
    this.config = new LotteryConfig(db, deps, this.games);
    this.official = new LotteryOfficialResults(
      db,
      this.draws,
      deps.audit,
      this.byCode,
      config.lotteryResultsFeed ?? null,
    );
    this.slips = new LotterySlips(db, deps, this.config, (code) => this.game(code), deps.betGuard);
  }

  game(gameCode: string): LotteryGame {
    const g = this.byCode.get(gameCode);
    if (!g) throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound' });
    return g;
  }

  /** The prize mode's odds on a draw structure: the defaults with the operator's overrides. */
  async odds(mode: LotteryPrizeMode, structure: LotteryStructureCode, tx?: Tx): Promise<Odds> {
    return (await this.config.rates(mode, structure, tx)).odds;
  }

  /** The odds as the operator and the menus show them: multipliers as text. */
  oddsView(odds: Odds): Record<string, string | Record<string, string>> {
    return oddsView(odds);
  }

  // ---------- menus and results ----------

  async menu(mode: LotteryPrizeMode | undefined, lang: 'en' | 'ne'): Promise<LotteryMenuGame[]> {
    const games = this.games.filter((g) => inMode(g, mode));
    const out: LotteryMenuGame[] = [];
    await this.config.refreshSettings();
    const upcoming = await this.draws.upcomingOf(games);
    // Each game is priced at its prize mode's odds on its own draw structure (issue 26).
    const rates = await this.config.ratesOf(
      games.map((g) => [mode ?? defaultPrizeMode(g), g.structure] as const),
    );
    for (const g of games) {
      const next = upcoming.get(g.gameCode) ?? null;
      const { odds, commissions } = rates.get(`${mode ?? defaultPrizeMode(g)}:${g.structure}`)!;
      const types = betTypesOf(g.structure);
      out.push({
        gameCode: g.gameCode,
        name: g.name[lang],
        region: g.region,
        vendor: g.vendor,
        structure: g.structure,
        betTypes: types,
        resultCount: resultCount(g.structure),
        cutoffSeconds: g.cutoffSeconds,
        odds: this.oddsView(Object.fromEntries(types.map((t) => [t, odds[t]]))),
        commissions: commissionsView(commissions, types),
        nextDraw: next
          ? {
              drawId: next.id,
              drawTime: iso(next.drawTime),
              cutoffAt: iso(next.cutoffAt),
              serverSeedHash: next.serverSeedHash,
              stations: next.stations,
            }
          : null,
        resultSource: g.resultSource,
      });
    }
    return out;
  }

  private drawView(d: DrawRow): LotteryDraw {
    const revealed = d.status === 'drawn' || d.status === 'settled';
    const house = d.resultSource !== 'official';
    return {
      gameCode: d.gameCode,
      drawId: d.id,
      drawTime: iso(d.drawTime),
      stations: d.stations,
      // Players see an official draw whose sources disagree as waiting, as it is for them.
      status:
        !house && d.status === 'open' && new Date(d.drawTime).getTime() <= Date.now()
          ? 'waiting'
          : publicDrawStatus(d.status),
      results: revealed ? (d.results as Record<string, string[]>) : null,
      resultSource: house ? 'house' : 'official',
      official: revealed && !house ? ((d.official as LotteryDraw['official']) ?? null) : null,
      serverSeedHash: d.serverSeedHash,
      ...(revealed && house ? { serverSeed: d.serverSeed } : {}),
    };
  }

  /** The latest drawn draw of every game of the mode. */
  async recent(mode: LotteryPrizeMode | undefined): Promise<LotteryDraw[]> {
    const codes = this.games.filter((g) => inMode(g, mode)).map((g) => g.gameCode);
    const rows = await this.db
      .selectDistinctOn([lotteryDraws.gameCode])
      .from(lotteryDraws)
      .where(and(inArray(lotteryDraws.gameCode, codes), inArray(lotteryDraws.status, ['drawn', 'settled'])))
      .orderBy(lotteryDraws.gameCode, desc(lotteryDraws.drawTime));
    return rows.map((r) => this.drawView(r));
  }

  /** Opened numbers: one draw (any state; results once drawn), a day's draws, or the latest. */
  async opened(q: {
    gameCode: string;
    drawId?: string | undefined;
    date?: string | undefined;
    pageSize?: number | undefined;
  }) {
    const game = this.game(q.gameCode);
    if (q.drawId) {
      const [d] = await this.db
        .select()
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.id, q.drawId), eq(lotteryDraws.gameCode, game.gameCode)));
      if (!d) throw new AppError('NOT_FOUND');
      return [this.drawView(d)];
    }
    let range: [Date, Date] | null = null;
    if (q.date) {
      try {
        range = dayRange(q.date);
      } catch {
        throw new AppError('VALIDATION', { fields: { date: 'badRequest' } });
      }
    }
    const rows = await this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.gameCode, game.gameCode),
          inArray(lotteryDraws.status, ['drawn', 'settled']),
          range ? gte(lotteryDraws.drawTime, range[0]) : undefined,
          range ? lt(lotteryDraws.drawTime, range[1]) : undefined,
        ),
      )
      .orderBy(desc(lotteryDraws.drawTime))
      .limit(q.pageSize ?? (range ? 100 : 10));
    return rows.map((r) => this.drawView(r));
  }

  // ---------- tickets ----------

  /**
   * Places a slip on one draw: refused once the draw's cut-off has passed on the database clock,
   * or beyond the house's limits per number and per draw; paid for in one ledger transaction.
   * Idempotent per (member, requestId): the same slip again answers the first ticket (slips.ts).
   */
  place(p: MemberPrincipal, body: LotteryPlaceBody) {
    return this.slips.place(p, body);
  }

  /** Cancels an open ticket of the caller before its draw's cut-off: refunded in full (slips.ts). */
  cancel(p: MemberPrincipal, ticketId: string) {
    return this.slips.cancel(p, ticketId);
  }

  /**
   * The commission behind a betting-record round of the member, null when none: a round is the
   * member's play in one draw (round id = draw id: the commissions of its tickets not cancelled,
   * which the draw's settlement settles, summed: settle.ts), or one ticket (a cancelled ticket's line, and lines written per ticket before).
   */
  async commissionOf(memberId: number, roundId: string): Promise<bigint | null> {
    const [t] = await this.db
      .select({ commission: sql<string>`sum(${lotteryTickets.commission})::text` })
      .from(lotteryTickets)
      .where(
        and(
          eq(lotteryTickets.memberId, memberId),
          or(
            eq(lotteryTickets.id, roundId),
            and(eq(lotteryTickets.drawId, roundId), ne(lotteryTickets.status, 'cancelled')),
          ),
        ),
      );
    return t?.commission != null ? BigInt(t.commission) : null;
  }

  /** The caller's tickets, newest first (ticket-view.ts). */
  tickets(memberId: number, q: TicketQuery): Promise<{ content: LotteryTicket[]; total: number }> {
    return listTickets(this.db, this.byCode, memberId, q);
  }
}
