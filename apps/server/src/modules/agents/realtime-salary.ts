import { alignedStart } from '@wps/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { BetsConsumer } from '../bets/consumers.ts';
import type { BetRow, BetsService } from '../bets/service.ts';
import type { ContractRow } from './contracts.ts';
import {
  type AgentPayouts,
  lastOfPairs,
  type PayoutFigures,
  type PeriodContext,
  pairKey,
  type SettleResult,
} from './payouts.ts';
import { agentContracts, agentRealtimeAccruals } from './schema.ts';

export const REALTIME_CONSUMER = 'agent-realtime-salary';

/**
 * A period's real-time salary with the remainder carried (issue 26): valid bet × rate in
 * ten-thousandths of a paisa, plus what the previous period left, paid down to the paisa; what is
 * left below it carries on, so the periods together pay the floor of their total. A period whose
 * valid bet is negative (rollbacks) pays nothing and keeps the remainder as it was.
 */
export function carriedShare(
  validBet: bigint,
  rateBp: number,
  carriedIn: bigint,
): { amount: bigint; remainder: bigint } {
  const exact = (validBet > 0n && rateBp > 0 ? validBet * BigInt(rateBp) : 0n) + carriedIn;
  return { amount: exact / 10_000n, remainder: exact % 10_000n };
}
const CONSUME_BATCH = 2000;

/** The real-time salary (SPEC §9): bets accrued to contracts as they settle, paid every period. */
export class RealtimeSalary {
  /**
   * The bets record's one consumer runner (bets/consumers.ts), as for wagering, points, missions
   * and referral: it drains to the horizon and publishes this consumer's watermark and lag.
   */
  private readonly consumer: BetsConsumer;
  /** What the drain in progress accrues into; set only inside `accrueRealtime`'s turn. */
  private accrual: {
    floor: Date;
    owner: PeriodContext | undefined;
    byMember: Map<number, { id: number; acceptedAt: Date | null; ownPlay: boolean }>;
  } | null = null;
  /** Drains one at a time: each carries its own floor and owner (the runner shares a drain in flight). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly payouts: AgentPayouts,
    private readonly deps: { bets: BetsService; utcOffsetMinutes: number; realtimePeriodMs: number },
  ) {
    this.consumer = new BetsConsumer(db, deps.bets, REALTIME_CONSUMER, CONSUME_BATCH, async (rows, tx) => {
      const a = this.accrual;
      if (!a) throw new Error('real-time salary: bets handed over outside an accrual');
      await a.owner?.assertOwner(tx);
      await this.accrue(rows, a.byMember, a.floor, tx);
    });
  }

  /**
   * Real-time salary for one period (5 minutes, SPEC §9): first every new bet of the record is credited to the
   * real-time contracts on its path (exactly once, through the consumer's high-water mark); then
   * each contract's valid bet of the period is paid at its rate.
   */
  async settleRealtime(ctx: PeriodContext): Promise<SettleResult> {
    await this.accrueRealtime(ctx.periodStart, ctx);
    const rows = await this.db
      .select({ c: agentContracts, validBet: agentRealtimeAccruals.validBet })
      .from(agentRealtimeAccruals)
      .innerJoin(agentContracts, eq(agentContracts.id, agentRealtimeAccruals.contractId))
      .where(eq(agentRealtimeAccruals.periodStart, ctx.periodStart))
      .orderBy(asc(agentContracts.level), asc(agentContracts.id));
    // What the last period between each pair left below the paisa (whatever contract it was under).
    const last = await lastOfPairs(
      this.db,
      'REALTIME',
      rows.map((r) => r.c),
      ctx.periodStart,
    );
    const due: Array<[ContractRow, PayoutFigures]> = [];
    for (const { c, validBet } of rows) {
      const rateBp = c.rateBp ?? 0;
      const { amount, remainder } = carriedShare(
        validBet,
        rateBp,
        last.get(pairKey(c.memberId, c.uplineId))?.remainder ?? 0n,
      );
      const figures: PayoutFigures = {
        validBet,
        netLoss: 0n,
        activeMembers: 0,
        rateBp,
        amount,
        carriedIn: 0n,
        carriedOut: 0n,
        remainder,
      };
      due.push([c, figures]);
    }
    const result = await this.payouts.payAll(due, ctx);
    result.retried = await this.payouts.retryPending(['REALTIME']);
    return result;
  }

  /**
   * Drains the bets record into the accruals. A bet counts for each real-time contract held on
   * its path (its uplines, and the bettor itself when its contract counts its own play) that was
   * accepted before the bet settled. It lands in
   * its own 5-minute period, or in `floor` when that period is already settled (a late commit):
   * periods settle in order, so nothing is ever added to a paid period.
   */
  accrueRealtime(floor: Date, owner?: PeriodContext): Promise<number> {
    const run = this.turn.then(() => this.accrueInTurn(floor, owner));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async accrueInTurn(floor: Date, owner: PeriodContext | undefined): Promise<number> {
    const contracts = await this.db
      .select({
        id: agentContracts.id,
        memberId: agentContracts.memberId,
        acceptedAt: agentContracts.acceptedAt,
        ownPlay: agentContracts.ownPlay,
      })
      .from(agentContracts)
      .where(and(eq(agentContracts.kind, 'REALTIME'), eq(agentContracts.status, 'active')));
    this.accrual = { floor, owner, byMember: new Map(contracts.map((c) => [c.memberId, c])) };
    try {
      return await this.consumer.catchUp();
    } finally {
      this.accrual = null;
    }
  }

  /** The consumer's watermark: every bet settled before it has been accrued. */
  consumedThrough(): Promise<Date | null> {
    return this.consumer.consumedThrough();
  }

  private async accrue(
    rows: BetRow[],
    byMember: Map<number, { id: number; acceptedAt: Date | null; ownPlay: boolean }>,
    floor: Date,
    tx: Tx,
  ): Promise<void> {
    const sums = new Map<string, { contractId: number; periodStart: Date; validBet: bigint }>();
    for (const b of rows) {
      if (b.trial || b.validStake === 0n) continue;
      const own = alignedStart(this.deps.realtimePeriodMs, b.settledAt, this.deps.utcOffsetMinutes);
      const periodStart = own < floor ? floor : own;
      for (const agent of [...b.uplinePath, b.memberId]) {
        const c = byMember.get(agent);
        if (!c?.acceptedAt || b.settledAt < c.acceptedAt) continue;
        // The holder's own bet counts for its uplines; for itself only if its contract says so.
        if (agent === b.memberId && !c.ownPlay) continue;
        const key = `${c.id}:${periodStart.getTime()}`;
        const prev = sums.get(key);
        sums.set(key, { contractId: c.id, periodStart, validBet: (prev?.validBet ?? 0n) + b.validStake });
      }
    }
    if (sums.size === 0) return;
    await tx
      .insert(agentRealtimeAccruals)
      .values([...sums.values()])
      .onConflictDoUpdate({
        target: [agentRealtimeAccruals.contractId, agentRealtimeAccruals.periodStart],
        set: { validBet: sql`${agentRealtimeAccruals.validBet} + excluded.valid_bet` },
      });
  }
}
