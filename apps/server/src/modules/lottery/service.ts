import type { BetGuard } from '../inhouse/service.ts';
import { randomBytes } from 'node:crypto';
import {
  dayRange,
  fromMinor,
  type LotteryDraw,
  type LotteryMenuGame,
  type LotteryPlaceBody,
  type LotteryPrizeMode,
  type LotteryTicket,
  toMinor,
} from '@wps/contract';
import {
  betCommission,
  betCost,
  betTypesOf,
  type Commissions,
  GameRuleError,
  type LotteryBet,
  type Odds,
  resultCount,
  validateBet,
} from '@wps/games';
import { and, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetsService } from '../bets/service.ts';
import { Accounts, accountKey } from '../wallet/accounts.ts';
import { fingerprintOf, type WalletService } from '../wallet/service.ts';
import { commissionsView, LotteryConfig, oddsView } from './config.ts';
import { type DrawRow, LotteryDraws, type StoredBet } from './draws.ts';
import { type LotteryGame, lotteryGames } from './games.ts';
import { releaseExposure, ShardFull, takeDrawExact, takeDrawShard, takeNumbers } from './exposure.ts';
import { lotteryDraws, lotteryTickets } from './schema.ts';
import { listTickets, type TicketQuery } from './ticket-view.ts';
import { rowsOf } from '../../db/rows.ts';

const newTicketId = () => `LT${randomBytes(12).toString('hex')}`;
const iso = (d: Date | string) => new Date(d).toISOString();

function invalidBet(e: unknown): never {
  if (e instanceof GameRuleError)
    throw new AppError('VALIDATION', { messageKey: 'lotteryInvalidBet', args: [e.message] });
  throw e;
}

/** The prize mode a game's tickets use when the caller names none. */
export function defaultPrizeMode(game: LotteryGame): LotteryPrizeMode {
  if (game.vendor === 'TCG_SEA') return 'SEA';
  return game.gameType === 'ELOTT' ? 'ELOTT' : 'LOTT';
}

/** Whether a menu of `mode` lists the game: SEA lists the 4D games, the others the Vietnamese ones. */
const inMode = (game: LotteryGame, mode: LotteryPrizeMode | undefined) =>
  !mode || (mode === 'SEA') === (game.vendor === 'TCG_SEA');

/**
 * Lottery (issue 15): the games' menus, tickets (placed, listed, cancelled) and opened numbers.
 * The draw lifecycle lives in `LotteryDraws` (draws.ts).
 */
export class LotteryService {
  /** Player protection (issue 16), set by services.ts: wager/loss/session limits and exclusions. */
  betGuard: BetGuard | null = null;
  readonly games: LotteryGame[];
  readonly byCode: Map<string, LotteryGame>;
  readonly draws: LotteryDraws;
  /** Odds, commissions, limits and cut-offs as the operator sets them (config.ts). */
  readonly config: LotteryConfig;

  constructor(
    private readonly db: Db,
    config: Pick<Config, 'lotteryFastSeconds' | 'lotteryFastCutoffSeconds'>,
    private readonly deps: { wallet: WalletService; bets: BetsService; audit: AuditService },
  ) {
    this.games = lotteryGames({
      fastSeconds: config.lotteryFastSeconds,
      fastCutoffSeconds: config.lotteryFastCutoffSeconds,
    });
    this.byCode = new Map(this.games.map((g) => [g.gameCode, g]));
    this.draws = new LotteryDraws(db, deps, this.byCode);
    this.config = new LotteryConfig(db, deps, this.games);
  }

  game(gameCode: string): LotteryGame {
    const g = this.byCode.get(gameCode);
    if (!g) throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound' });
    return g;
  }

  /** The prize mode's odds: the defaults with the operator's overrides. */
  async odds(mode: LotteryPrizeMode, tx?: Tx): Promise<Odds> {
    return (await this.config.rates(mode, tx)).odds;
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
    const ratesOf = new Map<LotteryPrizeMode, { odds: Odds; commissions: Commissions }>();
    for (const g of games) {
      const next = upcoming.get(g.gameCode) ?? null;
      const m = mode ?? defaultPrizeMode(g);
      if (!ratesOf.has(m)) ratesOf.set(m, await this.config.rates(m));
      const { odds, commissions } = ratesOf.get(m)!;
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
      });
    }
    return out;
  }

  private drawView(d: DrawRow): LotteryDraw {
    const revealed = d.status !== 'open';
    return {
      gameCode: d.gameCode,
      drawId: d.id,
      drawTime: iso(d.drawTime),
      stations: d.stations,
      status: d.status as LotteryDraw['status'],
      results: revealed ? (d.results as Record<string, string[]>) : null,
      serverSeedHash: d.serverSeedHash,
      ...(revealed ? { serverSeed: d.serverSeed } : {}),
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

  private accounts(p: { memberId: number; trial: boolean }, game: LotteryGame) {
    return {
      wallet: p.trial ? Accounts.trial(p.memberId) : Accounts.cash(p.memberId),
      house: this.deps.wallet.houseFor(game.vendor, p.memberId, p.trial),
    };
  }

  /**
   * Places a slip on one draw: refused once the draw's cut-off has passed on the database clock,
   * or beyond the house's limits per number and per draw; paid for in one ledger transaction.
   * Idempotent per (member, requestId): the same slip again answers the first ticket.
   */
  async place(p: MemberPrincipal, body: LotteryPlaceBody) {
    const game = this.game(body.gameCode);
    const mode = body.prizeMode ?? defaultPrizeMode(game);
    if ((mode === 'SEA') !== (game.vendor === 'TCG_SEA'))
      throw new AppError('VALIDATION', { messageKey: 'lotteryInvalidBet', args: [mode] });
    // The operator's limits and cut-off; the odds and commission the ticket is bought with.
    await this.config.refreshSettings();
    const { odds, commissions } = await this.config.rates(mode);
    const bets: StoredBet[] = body.bets.map((b) => {
      const amountMinor = toMinor(b.amount);
      if (amountMinor > BigInt(Number.MAX_SAFE_INTEGER) / 1000n)
        throw new AppError('VALIDATION', { messageKey: 'lotteryInvalidBet', args: [b.amount] });
      const bet: LotteryBet = { type: b.type, numbers: b.numbers, amount: Number(amountMinor) };
      try {
        validateBet(game.structure, bet);
      } catch (e) {
        invalidBet(e);
      }
      const cost = betCost(game.structure, bet);
      return { ...bet, cost, commission: betCommission(cost, commissions[bet.type]) };
    });
    // Commission comes off the cost at purchase (lottery-commission.ts): the ticket charges the rest.
    const commission = bets.reduce((a, b) => a + BigInt(b.commission ?? 0), 0n);
    const cost = bets.reduce((a, b) => a + BigInt(b.cost), 0n) - commission;
    const trial = p.role === 'trial';
    if (trial) await this.deps.wallet.ensureTrial(p.memberId);
    const acc = this.accounts({ memberId: p.memberId, trial }, game);
    await this.deps.wallet.ensureAccounts([acc.wallet, acc.house]);
    const guard: BetGuard = this.betGuard ?? ((_m, _t, _s, _c, fn) => fn());
    return guard(p.memberId, trial, cost, 'lottery', async () => {
      try {
        return await this.placeTx(p, body, game, mode, bets, { cost, commission }, trial, acc, odds, false);
      } catch (e) {
        // The draw shard it drew had no room: once more, on the exact path (exposure.ts).
        if (!(e instanceof ShardFull)) throw e;
        return this.placeTx(p, body, game, mode, bets, { cost, commission }, trial, acc, odds, true);
      }
    });
  }

  private placeTx(
    p: MemberPrincipal,
    body: LotteryPlaceBody,
    game: LotteryGame,
    mode: LotteryPrizeMode,
    bets: StoredBet[],
    { cost, commission }: { cost: bigint; commission: bigint },
    trial: boolean,
    acc: ReturnType<LotteryService['accounts']>,
    odds: Odds,
    exact: boolean,
  ) {
    return this.db.transaction(async (tx) => {
      // A share lock: many bets at once, but the draw (FOR UPDATE) waits for them and they for it.
      const [draw] = rowsOf<{ status: string; accepting: boolean }>(
        await tx.execute(sql`
          select status, cutoff_at > now() as accepting from lottery_draws
          where id = ${body.drawId} and game_code = ${game.gameCode} for share`),
      );
      if (!draw) throw new AppError('NOT_FOUND');
      const ticketId = newTicketId();
      const inserted = await tx
        .insert(lotteryTickets)
        .values({
          id: ticketId,
          memberId: p.memberId,
          gameCode: game.gameCode,
          drawId: body.drawId,
          requestId: body.requestId,
          prizeMode: mode,
          trial,
          bets,
          odds,
          cost,
          commission,
        })
        .onConflictDoNothing()
        .returning({ id: lotteryTickets.id });
      if (inserted.length === 0) return this.replay(tx, p.memberId, body, bets, acc.wallet);
      if (draw.status !== 'open' || !draw.accepting)
        throw new AppError('CONFLICT', { messageKey: 'lotteryClosed' });
      if (!trial) await takeNumbers(tx, game, body.drawId, bets);
      const posted = await this.deps.wallet.post(
        {
          key: `lottery:${ticketId}:bet`,
          reason: 'bet',
          postings: [
            { account: acc.wallet, amount: -cost },
            { account: acc.house, amount: cost },
          ],
          metadata: {
            vendor: game.vendor,
            roundId: ticketId,
            gameCode: game.gameCode,
            drawId: body.drawId,
            ...(commission > 0n ? { commission: commission.toString() } : {}),
          },
        },
        tx,
      );
      // The draw's total last: its row is the one every bet of the draw may touch, so it is held
      // only from here to the commit.
      if (!trial) await (exact ? takeDrawExact : takeDrawShard)(tx, game, body.drawId, cost);
      return {
        ticketId,
        cost: fromMinor(cost),
        commission: fromMinor(commission),
        balance: fromMinor(posted.balances.get(accountKey(acc.wallet))!),
      };
    });
  }

  private async replay(
    tx: Tx,
    memberId: number,
    body: LotteryPlaceBody,
    bets: StoredBet[],
    wallet: ReturnType<typeof Accounts.cash>,
  ) {
    const [t] = await tx
      .select()
      .from(lotteryTickets)
      .where(and(eq(lotteryTickets.memberId, memberId), eq(lotteryTickets.requestId, body.requestId)));
    // The slip itself, not the commission it was priced with (an operator may change it between tries).
    const slip = (bs: StoredBet[]) => bs.map(({ type, numbers, amount }) => ({ type, numbers, amount }));
    if (
      !t ||
      t.drawId !== body.drawId ||
      fingerprintOf(slip(t.bets as StoredBet[])) !== fingerprintOf(slip(bets))
    )
      throw new AppError('IDEMPOTENCY_CONFLICT');
    return {
      ticketId: t.id,
      cost: fromMinor(t.cost),
      commission: fromMinor(t.commission),
      balance: fromMinor(await this.deps.wallet.balance(wallet, tx)),
    };
  }

  /** Cancels an open ticket of the caller before its draw's cut-off: refunded in full. */
  async cancel(p: MemberPrincipal, ticketId: string) {
    return this.db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(lotteryTickets)
        .where(and(eq(lotteryTickets.id, ticketId), eq(lotteryTickets.memberId, p.memberId)))
        .for('update');
      if (!t) throw new AppError('NOT_FOUND');
      const game = this.game(t.gameCode);
      const [draw] = rowsOf<{ status: string; accepting: boolean }>(
        await tx.execute(sql`
          select status, cutoff_at > now() as accepting from lottery_draws where id = ${t.drawId} for share`),
      );
      if (t.status !== 'open' || !draw || draw.status !== 'open' || !draw.accepting)
        throw new AppError('CONFLICT', { messageKey: 'lotteryCancelClosed' });
      const acc = this.accounts(t, game);
      const posted = await this.deps.wallet.post(
        {
          key: `lottery:${t.id}:refund`,
          reason: 'rollback',
          postings: [
            { account: acc.house, amount: -t.cost },
            { account: acc.wallet, amount: t.cost },
          ],
          metadata: { vendor: game.vendor, roundId: t.id, gameCode: game.gameCode, drawId: t.drawId },
        },
        tx,
      );
      if (!t.trial) await releaseExposure(tx, t.drawId, t.bets as StoredBet[], t.cost);
      await tx
        .update(lotteryTickets)
        .set({ status: 'cancelled', settledAt: sql`now()` })
        .where(eq(lotteryTickets.id, t.id));
      // The record shows the cancelled ticket; nothing was staked, so it adds no turnover.
      await this.deps.bets.recordSettlement(tx, {
        memberId: t.memberId,
        source: 'lottery',
        vendor: game.vendor,
        gameCode: game.gameCode,
        gameType: game.gameType,
        roundId: t.id,
        stake: 0n,
        payout: 0n,
        status: 'cancelled',
        trial: t.trial,
      });
      return {
        ticketId: t.id,
        status: 'cancelled' as const,
        balance: fromMinor(posted.balances.get(accountKey(acc.wallet))!),
      };
    });
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
