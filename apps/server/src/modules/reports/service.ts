import {
  addBusinessDays,
  type BonusReport,
  type CashflowReport,
  type Dashboard,
  dayRange,
  fromMinor,
  type GgrReport,
  type GgrReportQuery,
  type GgrRow,
  type PlayersReport,
  REPORT_MAX_DAYS,
  type ReportRangeQuery,
} from '@wps/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { activeBettors, type BetSumRow, betSums, type ReportWindow } from '../bets/report-sums.ts';
import { cashflowByChannel, firstDepositors } from '../cashier/report-sums.ts';
import { accountNames, registrationsByDay } from '../members/report-sums.ts';
import { pointsCashByDay } from '../points/report-sums.ts';
import { promotionCostByDay } from '../promotions/report-sums.ts';
import { openReportsReader, type ReportsReader } from './replica.ts';

/**
 * Operator reports (issue 16). Every figure comes from the module that owns it (the bets record,
 * the cashier, members, promotions, points: each module's `report-sums.ts`), run on the reports
 * connection: the replica when REPORTS_DATABASE_URL is set, the main database otherwise.
 *
 * Definitions (also in the README, Reports):
 * - GGR (gross gaming revenue) = stakes − payouts of real-money bets settled in the range (trial
 *   play excluded; a rollback's correcting row subtracts on the day it was written).
 * - Bonus cost = bonus money converted to cash + rebates paid + points exchanged for cash: the
 *   player rewards that leave the promotion account as withdrawable cash. Bonus money merely
 *   granted is shown, not counted (it may still be forfeited).
 * - NGR (net gaming revenue) = GGR − bonus cost.
 */
export class ReportsService {
  private readonly reader: ReportsReader;

  constructor(
    primary: Db,
    private readonly config: Pick<Config, 'reportsDatabaseUrl' | 'businessUtcOffsetMinutes'>,
  ) {
    this.reader = openReportsReader(config.reportsDatabaseUrl, primary);
  }

  /** The connection reports read from (tests check that a configured replica is the one used). */
  get db(): Db {
    return this.reader.db;
  }

  get source(): 'replica' | 'primary' {
    return this.reader.kind;
  }

  close(): Promise<void> {
    return this.reader.close();
  }

  /** The business days `from`..`to` as instants, refused past REPORT_MAX_DAYS or when reversed. */
  window(q: Pick<ReportRangeQuery, 'from' | 'to'>): ReportWindow & { days: string[] } {
    const offsetMinutes = this.config.businessUtcOffsetMinutes;
    const days: string[] = [];
    for (let d = q.from; d <= q.to && days.length <= REPORT_MAX_DAYS; d = addBusinessDays(d, 1)) days.push(d);
    if (q.from > q.to || days.length > REPORT_MAX_DAYS) {
      throw new AppError('VALIDATION', { messageKey: 'reportRange', fields: { to: 'reportRange' } });
    }
    return {
      from: dayRange(q.from, offsetMinutes)[0],
      to: dayRange(q.to, offsetMinutes)[1],
      offsetMinutes,
      days,
    };
  }

  /** Bonus cost per business day: converted bonuses + rebates + points cash. */
  private async bonusByDay(w: ReportWindow) {
    const [promo, points] = await Promise.all([promotionCostByDay(this.db, w), pointsCashByDay(this.db, w)]);
    const out = new Map<string, { granted: bigint; converted: bigint; rebates: bigint; points: bigint }>();
    const at = (day: string) => {
      let v = out.get(day);
      if (!v) {
        v = { granted: 0n, converted: 0n, rebates: 0n, points: 0n };
        out.set(day, v);
      }
      return v;
    };
    for (const p of promo)
      Object.assign(at(p.day), { granted: p.granted, converted: p.converted, rebates: p.rebates });
    for (const [day, amount] of points) at(day).points = amount;
    return out;
  }

  async ggr(q: GgrReportQuery): Promise<GgrReport> {
    const w = this.window(q);
    const sums = await betSums(this.db, w, q.by, q.agentId);
    let rows: GgrRow[];
    if (q.by === 'day') {
      const cost = await this.bonusByDay(w);
      const byDay = new Map(sums.map((s) => [s.key, s]));
      rows = w.days.map((day) => {
        const c = cost.get(day);
        return ggrRow(day, day, byDay.get(day) ?? emptySum(day), c ? c.converted + c.rebates + c.points : 0n);
      });
    } else if (q.by === 'agent') {
      const names = await accountNames(
        this.db,
        sums.map((s) => Number(s.key)).filter((id) => id > 0),
      );
      rows = sums.map((s) => ggrRow(s.key, names.get(Number(s.key)) ?? '', s, null));
    } else {
      rows = sums.map((s) => ggrRow(s.key, s.key, s, null));
    }
    const totalSum = sums.reduce(addSum, emptySum('total'));
    const totalCost = q.by === 'day' ? rows.reduce((acc, r) => acc + minor(r.bonusCost!), 0n) : null;
    return {
      from: q.from,
      to: q.to,
      by: q.by,
      agentId: q.agentId ?? null,
      rows,
      total: ggrRow('total', 'total', totalSum, totalCost),
    };
  }

  async cashflow(q: ReportRangeQuery): Promise<CashflowReport> {
    const w = this.window(q);
    const sums = await cashflowByChannel(this.db, w);
    let deposits = 0n;
    let withdrawals = 0n;
    let depositCount = 0;
    let withdrawalCount = 0;
    for (const s of sums) {
      if (s.kind === 'deposit') {
        deposits += s.amount;
        depositCount += s.count;
      } else {
        withdrawals += s.amount;
        withdrawalCount += s.count;
      }
    }
    return {
      from: q.from,
      to: q.to,
      rows: sums.map((s) => ({ ...s, amount: fromMinor(s.amount) })),
      totals: {
        deposits: fromMinor(deposits),
        depositCount,
        withdrawals: fromMinor(withdrawals),
        withdrawalCount,
      },
    };
  }

  async players(q: ReportRangeQuery): Promise<PlayersReport> {
    const w = this.window(q);
    const [registered, active, first] = await Promise.all([
      registrationsByDay(this.db, w),
      activeBettors(this.db, w),
      firstDepositors(this.db, w),
    ]);
    const rows = w.days.map((day) => ({
      day,
      newPlayers: registered.get(day) ?? 0,
      activePlayers: active.byDay.get(day) ?? 0,
      firstDepositors: first.get(day) ?? 0,
    }));
    return {
      from: q.from,
      to: q.to,
      rows,
      totals: {
        newPlayers: rows.reduce((n, r) => n + r.newPlayers, 0),
        activePlayers: active.total,
        firstDepositors: rows.reduce((n, r) => n + r.firstDepositors, 0),
      },
    };
  }

  async bonus(q: ReportRangeQuery): Promise<BonusReport> {
    const w = this.window(q);
    const byDay = await this.bonusByDay(w);
    const zero = { granted: 0n, converted: 0n, rebates: 0n, points: 0n };
    const total = { ...zero };
    const rows = w.days.map((day) => {
      const v = byDay.get(day) ?? zero;
      total.granted += v.granted;
      total.converted += v.converted;
      total.rebates += v.rebates;
      total.points += v.points;
      return { day, ...bonusFigures(v) };
    });
    return { from: q.from, to: q.to, rows, total: bonusFigures(total) };
  }

  /** The dashboard: per-day GGR, NGR, cash in and out, players; and the range's totals. */
  async dashboard(q: ReportRangeQuery): Promise<Dashboard> {
    const [ggr, cash, players] = await Promise.all([
      this.ggr({ ...q, by: 'day' }),
      this.cashflow(q),
      this.players(q),
    ]);
    const cashOf = (day: string, kind: 'deposit' | 'withdrawal') =>
      cash.rows.filter((r) => r.day === day && r.kind === kind).reduce((n, r) => n + minor(r.amount), 0n);
    const days = ggr.rows.map((g, i) => {
      const p = players.rows[i]!;
      return {
        day: g.key,
        ggr: g.ggr,
        ngr: g.ngr!,
        deposits: fromMinor(cashOf(g.key, 'deposit')),
        withdrawals: fromMinor(cashOf(g.key, 'withdrawal')),
        newPlayers: p.newPlayers,
        activePlayers: p.activePlayers,
        firstDepositors: p.firstDepositors,
      };
    });
    return {
      from: q.from,
      to: q.to,
      days,
      totals: {
        stake: ggr.total.stake,
        payout: ggr.total.payout,
        ggr: ggr.total.ggr,
        bonusCost: ggr.total.bonusCost!,
        ngr: ggr.total.ngr!,
        deposits: cash.totals.deposits,
        withdrawals: cash.totals.withdrawals,
        ...players.totals,
      },
    };
  }
}

const minor = (s: string): bigint => {
  const neg = s.startsWith('-');
  const [i, f = '00'] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i!) * 100n + BigInt(f.padEnd(2, '0'));
  return neg ? -v : v;
};

const emptySum = (key: string): BetSumRow => ({ key, bets: 0, stake: 0n, payout: 0n, validStake: 0n });

const addSum = (a: BetSumRow, b: BetSumRow): BetSumRow => ({
  key: a.key,
  bets: a.bets + b.bets,
  stake: a.stake + b.stake,
  payout: a.payout + b.payout,
  validStake: a.validStake + b.validStake,
});

function ggrRow(key: string, label: string, s: BetSumRow, bonusCost: bigint | null): GgrRow {
  const ggr = s.stake - s.payout;
  return {
    key,
    label,
    bets: s.bets,
    stake: fromMinor(s.stake),
    payout: fromMinor(s.payout),
    validStake: fromMinor(s.validStake),
    ggr: fromMinor(ggr),
    bonusCost: bonusCost === null ? null : fromMinor(bonusCost),
    ngr: bonusCost === null ? null : fromMinor(ggr - bonusCost),
  };
}

function bonusFigures(v: { granted: bigint; converted: bigint; rebates: bigint; points: bigint }) {
  return {
    bonusGranted: fromMinor(v.granted),
    bonusConverted: fromMinor(v.converted),
    rebates: fromMinor(v.rebates),
    pointsExchanged: fromMinor(v.points),
    cost: fromMinor(v.converted + v.rebates + v.points),
  };
}
