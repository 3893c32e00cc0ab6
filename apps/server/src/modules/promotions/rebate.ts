import { businessDayOf, fromMinor, isTrialType, type RebatePreview } from '@wps/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetsService } from '../bets/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import type { SystemService } from '../system/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { rebateClaims, rebateRates } from './schema.ts';

const iso = (d: Date) => d.toISOString();

/** The rebate of one game type's valid stake at a rate in basis points, rounded down to the paisa. */
export const rebateOf = (validStake: bigint, rateBp: number): bigint =>
  validStake <= 0n ? 0n : (validStake * BigInt(rateBp)) / 10_000n;

/**
 * Manual rebate (MANPLAYREB3): the member claims a rebate on the valid bets settled since their
 * last claim, at the rate of each game type, at most once per business day, paid through the
 * ledger. The claim row (unique per member and day) and its posting commit together.
 */
export class RebateService {
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
    now = new Date(),
  ): Promise<RebatePreview & { from: Date; to: Date; total: bigint; stake: bigint }> {
    const m = await this.check(memberId);
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
    for (const r of await this.rates()) {
      const { totals } = await this.deps.bets.rounds(
        { memberId, gameType: r.gameType, from, to: now },
        { pageNo: 1, pageSize: 1 },
      );
      if (totals.validStake <= 0n) continue;
      const amount = rebateOf(totals.validStake, r.rateBp);
      total += amount;
      stake += totals.validStake;
      lines.push({
        gameType: r.gameType,
        validStake: fromMinor(totals.validStake),
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

  async claim(memberId: number): Promise<{ amount: string; period: string }> {
    const now = new Date();
    const p = await this.preview(memberId, now);
    if (p.claimedToday) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
    if (p.total <= 0n) throw new AppError('CONFLICT', { messageKey: 'rebateNothing' });
    const period = businessDayOf(now, this.deps.utcOffsetMinutes);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(rebateClaims)
        .values({ memberId, period, fromAt: p.from, toAt: p.to, validStake: p.stake, amount: p.total })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
      // Another claim may have moved the window meanwhile: only one row per member can start here.
      const [overlap] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rebateClaims)
        .where(
          and(eq(rebateClaims.memberId, memberId), sql`${rebateClaims.toAt} > ${iso(p.from)}::timestamptz`),
        );
      if ((overlap?.n ?? 0) > 1) throw new AppError('CONFLICT', { messageKey: 'rebateClaimedToday' });
      await this.deps.wallet.post(
        {
          key: `rebate:${memberId}:${period}`,
          reason: 'bonus',
          postings: [
            { account: Accounts.promotion(), amount: -p.total },
            { account: Accounts.cash(memberId), amount: p.total },
          ],
          metadata: { rebateClaimId: row.id, period },
        },
        tx,
      );
      await this.deps.messages.send(
        memberId,
        {
          kind: 'bonus',
          title: 'Rebate paid',
          body: `${fromMinor(p.total)} rebate on ${fromMinor(p.stake)} of valid bets was added to your balance.`,
        },
        tx,
      );
      return { amount: fromMinor(p.total), period };
    });
  }
}
