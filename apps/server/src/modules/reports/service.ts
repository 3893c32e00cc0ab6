import {
  addBusinessDays,
  type BonusReport,
  type CashflowReport,
  type Dashboard,
  dayRange,
  fromMinor,
  type GgrReport,
  isAgentType,
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
import { branchesOf, memberLabels, registrationsByDay } from '../members/report-sums.ts';
import { pointsCashByDay } from '../points/report-sums.ts';
import { promotionCostByDay } from '../promotions/report-sums.ts';
import { openReportsReader, type ReportsReader } from './replica.ts';

/**
 * Operator reports (issue 16). Every figure comes from the module that owns it (the bets record,
 * the cashier, members, promotions, points: each module's `report-sums.ts`), run on the reports
 * connection: the replica when REPORTS_DATABASE_URL is set, the main database otherwise.
 *
 * Definitions (also in docs/console.md, Reports):
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

  /**
   * Bonus cost lines per business day and member (converted bonuses, rebates, points cash), and
   * bonus granted; with `agentId`, only that agent's team.
   */
  private async costLines(w: ReportWindow, agentId?: number): Promise<CostLine[]> {
    const [promo, points] = await Promise.all([promotionCostByDay(this.db, w), pointsCashByDay(this.db, w)]);
    const lines: CostLine[] = [
      ...promo.map((p) => ({ ...p, points: 0n })),
      ...points.map((p) => ({
        day: p.day,
        memberId: p.memberId,
        granted: 0n,
        converted: 0n,
        rebates: 0n,
        points: p.amount,
      })),
    ];
    if (agentId === undefined) return lines;
    const team = await branchesOf(
      this.db,
      lines.map((l) => l.memberId),
      agentId,
    );
    return lines.filter((l) => team.has(l.memberId));
  }

  /** Bonus figures per business day. */
  private async bonusByDay(w: ReportWindow, agentId?: number): Promise<Map<string, Cost>> {
    const out = new Map<string, Cost>();
    for (const l of await this.costLines(w, agentId)) out.set(l.day, addCost(out.get(l.day) ?? ZERO_COST, l));
    return out;
  }

  /** Bonus figures per agent-tree branch (keyed as the bets report keys its agent rows). */
  private async bonusByBranch(w: ReportWindow, agentId?: number): Promise<Map<string, Cost>> {
    const lines = await this.costLines(w, agentId);
    const branch = await branchesOf(
      this.db,
      lines.map((l) => l.memberId),
      agentId,
    );
    const out = new Map<string, Cost>();
    for (const l of lines) {
      const key = branch.get(l.memberId);
      if (key !== undefined) out.set(key, addCost(out.get(key) ?? ZERO_COST, l));
    }
    return out;
  }

  async ggr(q: GgrReportQuery): Promise<GgrReport> {
    const w = this.window(q);
    const sums = await betSums(this.db, w, q.by, q.agentId);
    let rows: GgrRow[];
    let totalCost: bigint | null = null;
    if (q.by === 'day') {
      const cost = await this.bonusByDay(w, q.agentId);
      const byDay = new Map(sums.map((s) => [s.key, s]));
      rows = w.days.map((day) => ggrRow(day, day, byDay.get(day) ?? emptySum(day), costOf(cost.get(day))));
      totalCost = [...cost.values()].reduce((n, c) => n + costOf(c), 0n);
    } else if (q.by === 'agent') {
      const cost = await this.bonusByBranch(w, q.agentId);
      const ids = [...new Set([...sums.map((s) => s.key), ...cost.keys()])].map(Number);
      const labels = await memberLabels(this.db, ids);
      // Without an agent, the tops of the tree that are players (no upline) fold into one row `0`.
      const keyOf = (k: string) => {
        const m = labels.get(Number(k));
        return q.agentId === undefined && !(m && isAgentType(m.type)) ? '0' : k;
      };
      const bets = new Map<string, BetSumRow>();
      for (const s of sums)
        bets.set(keyOf(s.key), addSum(bets.get(keyOf(s.key)) ?? emptySum(keyOf(s.key)), s));
      const costs = new Map<string, Cost>();
      for (const [k, c] of cost) costs.set(keyOf(k), addCost(costs.get(keyOf(k)) ?? ZERO_COST, c));
      const keys = [...new Set([...bets.keys(), ...costs.keys()])].sort((a, b) => Number(a) - Number(b));
      rows = keys.map((k) => {
        const m = labels.get(Number(k));
        return {
          ...ggrRow(k, k === '0' ? '' : (m?.account ?? ''), bets.get(k) ?? emptySum(k), costOf(costs.get(k))),
          isAgent: !!m && k !== '0' && isAgentType(m.type),
        };
      });
      totalCost = [...cost.values()].reduce((n, c) => n + costOf(c), 0n);
    } else {
      rows = sums.map((s) => ggrRow(s.key, s.key, s, null));
    }
    return {
      from: q.from,
      to: q.to,
      by: q.by,
      agentId: q.agentId ?? null,
      rows,
      total: ggrRow('total', 'total', sums.reduce(addSum, emptySum('total')), totalCost),
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
    let total = ZERO_COST;
    const rows = w.days.map((day) => {
      const v = byDay.get(day) ?? ZERO_COST;
      total = addCost(total, v);
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

interface Cost {
  granted: bigint;
  converted: bigint;
  rebates: bigint;
  points: bigint;
}
type CostLine = Cost & { day: string; memberId: number };
const ZERO_COST: Cost = { granted: 0n, converted: 0n, rebates: 0n, points: 0n };
const addCost = (a: Cost, b: Cost): Cost => ({
  granted: a.granted + b.granted,
  converted: a.converted + b.converted,
  rebates: a.rebates + b.rebates,
  points: a.points + b.points,
});
/** Bonus cost: what left the promotion account as cash (granted bonus money is not yet cost). */
const costOf = (c: Cost | undefined): bigint => (c ? c.converted + c.rebates + c.points : 0n);

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
    isAgent: null,
    bets: s.bets,
    stake: fromMinor(s.stake),
    payout: fromMinor(s.payout),
    validStake: fromMinor(s.validStake),
    ggr: fromMinor(ggr),
    bonusCost: bonusCost === null ? null : fromMinor(bonusCost),
    ngr: bonusCost === null ? null : fromMinor(ggr - bonusCost),
  };
}

function bonusFigures(v: Cost) {
  return {
    bonusGranted: fromMinor(v.granted),
    bonusConverted: fromMinor(v.converted),
    rebates: fromMinor(v.rebates),
    pointsExchanged: fromMinor(v.points),
    cost: fromMinor(costOf(v)),
  };
}
