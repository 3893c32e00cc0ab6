import { businessDayOf, fromMinor, isTrialType, type RebatePreview } from '@wps/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { finalThrough } from '../bets/horizon.ts';
import type { BetsService } from '../bets/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import type { SystemService } from '../system/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { rebateClaims, rebateRates } from './schema.ts';

const iso = (d: Date) => d.toISOString();

/** Advisory-lock namespace: one member's rebate claims are decided one at a time. */
export const REBATE_CLAIM_LOCK = 7_303;

/** The rebate of one game type's valid stake at a rate in basis points, rounded down to the paisa. */
export const rebateOf = (validStake: bigint, rateBp: number): bigint =>
  validStake <= 0n ? 0n : (validStake * BigInt(rateBp)) / 10_000n;

/**
 * Which rate each game's valid stake earns: its own (`INHOUSE:DICE`: the in-house games are all
 * of type INHOUSE, and a near-riskless dice bet should not earn what a slot spin does), else its
 * type's (`RNG`), else none. Each stake counts under one rate only, so a game with a rate of its
 * own is not paid again under its type's.
 */
export function rebateStakes(
  rateKeys: readonly string[],
  stakes: ReadonlyArray<{ gameType: string; gameCode: string | null; validStake: bigint }>,
): Map<string, bigint> {
  const keys = new Set(rateKeys);
  const out = new Map<string, bigint>();
  for (const g of stakes) {
    const own = g.gameCode ? `${g.gameType}:${g.gameCode.toUpperCase()}` : null;
    const key = own && keys.has(own) ? own : keys.has(g.gameType) ? g.gameType : null;
    if (key) out.set(key, (out.get(key) ?? 0n) + g.validStake);
  }
  return out;
}

/**
 * Manual rebate (MANPLAYREB3): the member claims a rebate on the valid bets settled since their
 * last claim, at the rate of each game type, at most once per business day, paid through the
 * ledger. The claim row (unique per member and day) and its posting commit together; windows
 * abut (each starts where the member's last one ended), and a window is posted once.
 */
export class RebateService {
  /**
   * Where a claim's window ends, and so its business day: the database's clock (every instance
   * reads the same one), never this process's, held back to the start of the oldest transaction
   * still open (bets/horizon.ts finalThrough): a bet settled before the window's end is then
   * already committed, so no bet falls between two windows. Tests pin it, e.g. either side of
   * business midnight.
   */
  readonly clock = {
    now: (ex: DbOrTx): Promise<Date> => finalThrough(ex),
  };

  constructor(
    private readonly db: Db,
    private readonly deps: {
      bets: BetsService;
      wallet: WalletService;
      members: MembersService;
      messages: MessagesService;
      audit: AuditService;
      system: SystemService;
      utcOffsetMinutes: number;
    },
  ) {}

  private async check(memberId: number) {
    if (!(await this.deps.system.isFlagEnabled('MANPLAYREB3'))) throw new AppError('NOT_ENABLED');
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  async rates() {
    return this.db.select().from(rebateRates).orderBy(asc(rebateRates.gameType));
  }

  async setRates(
    actor: { id: number; account: string; ip?: string | null },
    rates: Array<{ gameType: string; rateBp: number }>,
  ) {
    await this.db.transaction(async (tx) => {
      // Locks the table for the replacement: two saves at once audit each other's result as `before`.
      await tx.execute(sql`lock table ${rebateRates} in share row exclusive mode`);
      const before = await tx.select().from(rebateRates).orderBy(asc(rebateRates.gameType));
      await tx.delete(rebateRates);
      if (rates.length) await tx.insert(rebateRates).values(rates);
      await this.deps.audit.record(
        {
          actor,
          action: 'rebate.rates',
          target: { type: 'rebate_rates', id: 'all' },
          before,
          after: rates,
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
  }

  /** What a claim now would pay, per game type, from the bets record since the last claim. */
  async preview(
    memberId: number,
    at?: Date,
  ): Promise<RebatePreview & { from: Date; to: Date; total: bigint; stake: bigint }> {
    const m = await this.check(memberId);
    const now = at ?? (await this.clock.now(this.db));
    const [last] = await this.db
      .select()
      .from(rebateClaims)
      .where(eq(rebateClaims.memberId, memberId))
      .orderBy(desc(rebateClaims.toAt))
      .limit(1);
    const from = last?.toAt ?? m.createdAt;
    const period = businessDayOf(now, this.deps.utcOffsetMinutes);
    const lines = [];
    let total = 0n;
    let stake = 0n;
    const rates = await this.rates();
    const byRate = rebateStakes(
      rates.map((r) => r.gameType),
      await this.deps.bets.validStakeByGame(memberId, from, now),
    );
    for (const r of rates) {
      const validStake = byRate.get(r.gameType) ?? 0n;
      if (validStake <= 0n) continue;
      const amount = rebateOf(validStake, r.rateBp);
      total += amount;
      stake += validStake;
      lines.push({
        gameType: r.gameType,
        validStake: fromMinor(validStake),
        rateBp: r.rateBp,
        amount: fromMinor(amount),
      });
    }
    return {
      amount: fromMinor(total),
      validStake: fromMinor(stake),
      lines,
      since: last ? iso(last.toAt) : null,
      claimedToday: last?.period === period,
      from,
      to: now,
      total,
      stake,
    };
  }

  /**
   * Pays the rebate on the valid bets since the last claim. Claims of one member are decided one
   * at a time: the transaction starts with an advisory lock keyed by the member, reads the last
   * claim again under it and goes on only if the window [from, to) it was quoted for still starts
   * where that claim ended; otherwise another claim got in first and this one is quoted again
   * (so two claims either side of business midnight cannot both pay the turnover before it).
   * `to` and the business day come from the database clock, not this process's. The ledger key
   * is the window's start: one posting per window, whatever the day it is claimed on.
   */
  async claim(memberId: number): Promise<{ amount: string; period: string }> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const p = await this.preview(memberId);
      const outcome = await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${REBATE_CLAIM_LOCK}::int, ${memberId}::int)`);
        const [last] = await tx
          .select({ toAt: rebateClaims.toAt })
          .from(rebateClaims)
          .where(eq(rebateClaims.memberId, memberId))
          .orderBy(desc(rebateClaims.toAt))
          .limit(1);
        if (last && last.toAt.getTime() !== p.from.getTime()) return 'moved' as const;
        if (p.claimedToday) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
        if (p.total <= 0n || p.to.getTime() <= p.from.getTime())
          throw new AppError('CONFLICT', { messageKey: 'rebateNothing' });
        const period = businessDayOf(p.to, this.deps.utcOffsetMinutes);
        const [row] = await tx
          .insert(rebateClaims)
          .values({ memberId, period, fromAt: p.from, toAt: p.to, validStake: p.stake, amount: p.total })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
        const posted = await this.deps.wallet.post(
          {
            key: `rebate:${memberId}:${iso(p.from)}`,
            reason: 'bonus',
            postings: [
              { account: Accounts.promotion(), amount: -p.total },
              { account: Accounts.cash(memberId), amount: p.total },
            ],
            metadata: { rebateClaimId: row.id, period, from: iso(p.from), to: iso(p.to) },
          },
          tx,
        );
        // This window was paid already: never twice (the throw rolls the claim row back).
        if (posted.replayed) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
        await this.deps.messages.send(
          memberId,
          systemMessage('bonus', ['rebatePaidTitle'], ['rebatePaid', fromMinor(p.total), fromMinor(p.stake)]),
          tx,
        );
        return { amount: fromMinor(p.total), period };
      });
      if (outcome !== 'moved') return outcome;
    }
    throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
  }
}
