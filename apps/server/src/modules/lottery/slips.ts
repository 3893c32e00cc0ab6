import { randomBytes } from 'node:crypto';
import { fromMinor, type LotteryPlaceBody, type LotteryPrizeMode, toMinor } from '@wps/contract';
import { betCommission, betCost, GameRuleError, type LotteryBet, type Odds, validateBet } from '@wps/games';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { BetsService } from '../bets/service.ts';
import type { BetGuard } from '../inhouse/service.ts';
import { Accounts, accountKey } from '../wallet/accounts.ts';
import { fingerprintOf, type WalletService } from '../wallet/service.ts';
import type { LotteryConfig } from './config.ts';
import type { StoredBet } from './stored-bet.ts';
import { releaseExposure, ShardFull, takeDrawExact, takeDrawShard, takeNumbers } from './exposure.ts';
import type { LotteryGame } from './games.ts';
import { defaultPrizeMode } from './prize-modes.ts';
import { lotteryTickets } from './schema.ts';

const newTicketId = () => `LT${randomBytes(12).toString('hex')}`;

function invalidBet(e: unknown): never {
  if (e instanceof GameRuleError)
    throw new AppError('VALIDATION', { messageKey: 'lotteryInvalidBet', args: [e.message] });
  throw e;
}

/** Placing and cancelling lottery slips (`LotteryService.place` and `cancel` answer through this). */
export class LotterySlips {
  constructor(
    private readonly db: Db,
    private readonly deps: { wallet: WalletService; bets: BetsService },
    private readonly config: LotteryConfig,
    private readonly game: (gameCode: string) => LotteryGame,
    /** The service's player protection, read at each slip (services.ts sets it after construction). */
    private readonly betGuard: BetGuard,
  ) {}

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
    // The operator's limits and cut-off; the odds and commission the ticket is bought with: its
    // game's structure's (issue 26), kept on the ticket, so the draw settles at them.
    await this.config.refreshSettings();
    const { odds, commissions } = await this.config.rates(mode, game.structure);
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
    return this.betGuard(p.memberId, trial, cost, 'lottery', async () => {
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
    acc: ReturnType<LotterySlips['accounts']>,
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
}
