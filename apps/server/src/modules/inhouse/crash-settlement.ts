import type { CrashBetView } from '@wps/contract';
import { mulDiv } from '@wps/games';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { GroupCommit, type ItemResult } from '../../db/group-commit.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { CrashSettings } from './crash-bets.ts';
import type { CrashGateway } from './crash-gateway.ts';
import {
  type BetRow,
  betView,
  crashAfterMs,
  crashNotRunning,
  type CrashTime,
  crashTooLate,
  multiplierAt,
  type SettleJob,
  type Settled,
} from './crash-rules.ts';
import { crashBets, crashRounds } from './crash-schema.ts';
import type { InhouseService } from './service.ts';

/**
 * Settlements: the player's cash-out, the loop's auto cash-outs and the losses (or refunds) of a
 * round that is over, each judged against its bet's own round row on the database's clock. One
 * settlement batch runs at a time, in arrival order, so a manual cash-out sent before the crash
 * is decided before the crash settles the bets left open.
 */
export class CrashSettlement {
  private readonly settleQueue = new GroupCommit<SettleJob, Settled | null>((jobs) => this.settleMany(jobs));

  constructor(
    private readonly inhouse: InhouseService,
    private readonly time: CrashTime,
    private readonly settings: CrashSettings,
    private readonly gateway: CrashGateway,
  ) {}

  /**
   * Manual cash-out at the multiplier the database's clock says now, of the bet the frame names
   * (or the member's open bet in the slot). Judged against that bet's own round row, so it holds on
   * any instance, leader or follower, whatever round that instance believes is current.
   */
  async cashOut(
    principal: MemberPrincipal,
    target: { slot: number; betId?: number | undefined },
    origin?: unknown,
  ): Promise<CrashBetView> {
    const at = this.time.now();
    // The caller's socket gets the route's answer; the member's other tabs get the frame.
    const settled = await this.settleBet(
      { kind: 'manual', memberId: principal.memberId, slot: target.slot, betId: target.betId ?? null, at },
      origin,
    );
    if (!settled) throw new AppError('NOT_FOUND');
    // A refunded bet (its round was interrupted) answers as it is.
    if (settled.status === 'void') return settled;
    if (settled.status !== 'won' || settled.cashout === null) throw crashTooLate();
    return settled;
  }

  /**
   * Settles one open bet. Idempotent: a bet already settled (auto cash-out raced a manual one,
   * or another instance) is returned as it is.
   */
  async settleBet(job: SettleJob, origin?: unknown): Promise<CrashBetView | null> {
    const out = await this.settleQueue.submit(job);
    if (!out) return null;
    if (out.fresh) this.gateway.emit({ t: 'settled', bet: out.view }, out.memberId, true, origin);
    return out.view;
  }

  /**
   * One transaction for a batch of settlements, a handful of statements whatever its size: the
   * bets locked in one select (with their rounds and the database's clock), the wins in one
   * ledger statement (refunds in another), the bets record in one insert, the bet rows in one
   * update. Jobs are decided in order, so of two jobs for one bet (an auto cash-out and a manual
   * one) the first decides and the second sees it settled.
   */
  private async settleMany(jobs: SettleJob[]): Promise<ItemResult<Settled | null>[]> {
    // Read before the transaction: embedded PGlite has one connection, a query outside the
    // transaction from inside it would wait for it forever.
    const settings = await this.settings.get();
    return this.inhouse.transaction(async (tx) => {
      const ids = jobs.flatMap((j) => (j.kind !== 'manual' || j.betId !== null ? [j.betId!] : []));
      const bySlotOnly = jobs.flatMap((j) => (j.kind === 'manual' && j.betId === null ? [j.memberId] : []));
      const conditions = [
        ...(ids.length ? [inArray(crashBets.id, ids)] : []),
        ...(bySlotOnly.length
          ? [and(inArray(crashBets.memberId, [...new Set(bySlotOnly)]), eq(crashBets.status, 'open'))]
          : []),
      ];
      const locked = await tx
        .select({
          bet: crashBets,
          startsAt: crashRounds.startsAt,
          point: crashRounds.point,
          voided: sql<boolean>`${crashRounds.voidedAt} is not null`,
          dbNow: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`,
        })
        .from(crashBets)
        .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
        .where(or(...conditions))
        .orderBy(crashBets.id)
        .for('update', { of: crashBets });
      const dbNow = locked.length ? Number(locked[0]!.dbNow) : Number.POSITIVE_INFINITY;
      const roundOf = new Map(
        locked.map((l) => [
          l.bet.roundId,
          { startsAt: l.startsAt.getTime(), point: l.point, voided: l.voided },
        ]),
      );
      const byId = new Map(locked.map((l) => [l.bet.id, l.bet]));
      // A slot names the member's newest bet open in it when the batch began.
      const openInSlot = new Map<string, number>();
      for (const l of locked)
        if (l.bet.status === 'open') openInSlot.set(`${l.bet.memberId}:${l.bet.slot}`, l.bet.id);
      const out: ItemResult<Settled | null>[] = [];
      const settling: Array<{
        k: number;
        bet: BetRow;
        lands: number | null;
        payout: bigint;
        refund: boolean;
      }> = [];
      const later: Array<{ k: number; id: number }> = [];
      for (const job of jobs) {
        const id =
          job.kind === 'manual' && job.betId === null
            ? openInSlot.get(`${job.memberId}:${job.slot}`)
            : job.betId;
        let current = id === undefined || id === null ? undefined : byId.get(id);
        if (current && job.kind === 'manual' && current.memberId !== job.memberId) current = undefined;
        if (!current) {
          if (job.kind !== 'manual') out.push({ ok: true, value: null });
          else {
            // No open bet in the slot: answer the newest bet there as it stands, if any.
            const [b] =
              job.betId === null
                ? await tx
                    .select()
                    .from(crashBets)
                    .where(and(eq(crashBets.memberId, job.memberId), eq(crashBets.slot, job.slot)))
                    .orderBy(desc(crashBets.id))
                    .limit(1)
                : [];
            out.push(
              b
                ? { ok: true, value: { view: betView(b), memberId: b.memberId, fresh: false } }
                : { ok: false, error: new AppError('NOT_FOUND') },
            );
          }
          continue;
        }
        if (current.status !== 'open') {
          // Settled before, or earlier in this batch (its payout is known once the batch is paid).
          if (settling.some((x) => x.bet.id === current.id)) later.push({ k: out.length, id: current.id });
          out.push({
            ok: true,
            value: { view: betView(current), memberId: current.memberId, fresh: false },
          });
          continue;
        }
        const round = roundOf.get(current.roundId)!;
        let lands: number | null;
        if (round.voided) {
          lands = null;
        } else if (job.kind === 'close') {
          lands =
            current.autoCashout !== null && current.autoCashout <= round.point && round.point > 100
              ? current.autoCashout
              : null;
        } else if (job.kind === 'auto') {
          lands = current.autoCashout;
        } else {
          // The one clock: the arrival on the database's clock, and never later than the database
          // says it is now (an instance's estimate cannot run ahead of it).
          const at = this.time.synced ? Math.min(job.at, dbNow) : job.at;
          if (at < round.startsAt) {
            out.push({ ok: false, error: crashNotRunning() });
            continue;
          }
          if (at >= round.startsAt + crashAfterMs(round.point)) {
            out.push({ ok: false, error: crashTooLate() });
            continue;
          }
          const m = multiplierAt(at - round.startsAt);
          // A manual cash-out past the bet's auto target lands at the target: the auto cash-out
          // happened first by the clock, whether or not the loop had ticked yet.
          lands = current.autoCashout !== null && current.autoCashout <= m ? current.autoCashout : m;
        }
        const refund = round.voided;
        const payout = refund
          ? current.amount
          : lands === null
            ? 0n
            : BigInt(mulDiv(Number(current.amount), lands, 100));
        const status = refund ? 'void' : lands === null ? 'lost' : 'won';
        const settled: BetRow = { ...current, status, cashout: refund ? null : lands };
        byId.set(settled.id, settled);
        settling.push({ k: out.length, bet: settled, lands: settled.cashout, payout, refund });
        out.push({ ok: true, value: null }); // filled in below
      }
      // Refunds (a void round) pay the stake back whatever the game's payout cap.
      const groups = [settling.filter((x) => !x.refund), settling.filter((x) => x.refund)];
      const paidOf = new Map<number, { payout: bigint; balance: bigint | null }>();
      for (const [g, group] of groups.entries()) {
        if (group.length === 0) continue;
        // A refund's payout is its stake: the cap is raised to the largest refunded stake.
        let cap = settings.maxPayout;
        if (g === 1) for (const x of group) if (x.payout > cap) cap = x.payout;
        const paid = await this.inhouse.settleMany(
          tx,
          group.map(({ bet, payout }) => ({
            pl: this.inhouse.playerOf(bet.memberId, bet.trial),
            roundId: `crash${bet.id}`,
            game: 'crash',
            stake: bet.amount,
            enginePayout: payout,
          })),
          cap,
        );
        for (const [n, x] of group.entries()) paidOf.set(x.bet.id, paid[n]!);
      }
      if (settling.length) {
        const rows = settling.map(({ bet, lands }) => ({
          id: bet.id,
          status: bet.status,
          cashout: lands,
          payout: paidOf.get(bet.id)!.payout.toString(),
        }));
        await tx.execute(sql`
          update crash_bets c
          set status = v.status, cashout = v.cashout, payout = v.payout, settled_at = now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id bigint, status text, cashout integer, payout bigint)
          where c.id = v.id`);
      }
      for (const { k, bet } of settling) {
        const s = paidOf.get(bet.id)!;
        const row: BetRow = { ...bet, payout: s.payout };
        // A loss leaves the balance as it was: no read for it (a crash settles every open bet).
        out[k] = {
          ok: true,
          value: { view: betView(row, s.balance ?? undefined), memberId: bet.memberId, fresh: true },
        };
      }
      for (const { k, id } of later) {
        const first = out[settling.find((x) => x.bet.id === id)!.k]!;
        if (first.ok && first.value) out[k] = { ok: true, value: { ...first.value, fresh: false } };
      }
      return out;
    });
  }
}
