import { randomUUID } from 'node:crypto';
import {
  type AccountRecord,
  type AgentWallet,
  bpToRate,
  type CommissionTransferInput,
  type ConsolidatedContract,
  type agentRegisterSchema,
  type ContractKind,
  type ContractOffer,
  type ContractStatus,
  contractKindEnabled,
  type DownlineRow,
  fromMinor,
  isAgentType,
  type CompleteLocale,
  MEMBER_TYPES,
  type Page,
  periodStart,
  type PeriodKind,
  type TeamOverview,
} from '@wps/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { fieldError, parseAmount } from '../cashier/amount.ts';
import type { CashierTeamTotals } from '../cashier/team-totals.ts';
import type { Db } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import type { BetsService } from '../bets/service.ts';
import { type TeamTotals, ZERO_TOTALS } from '../bets/team.ts';
import { checkNewPassword } from '../members/validation.ts';
import { normalizeAccount } from '../members/normalize.ts';
import type { MembersService } from '../members/service.ts';
import type { TreeSort } from '../members/tree.ts';
import { FieldErrors } from '../members/validation.ts';
import type { SystemService } from '../system/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { AgentContracts, contractOut } from './contracts.ts';
import { type ContractHolder, OwnPlay } from './own-play.ts';
import { pageOf, PayoutReports } from './reports.ts';
import { AgentSettlement } from './settlement.ts';

interface Range {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;
/** Longest range a team report reads at once: a quarter (the bets record is large). */
const MAX_RANGE_MS = 93 * DAY_MS;

/** The period a contract's "current period" figures cover (SPEC §3). */
const CURRENT_PERIOD: Record<ContractKind, PeriodKind> = {
  REALTIME: 'day',
  DAILY: 'day',
  HOURLY: 'hour',
  DIVIDEND: 'month',
};
const PAY_PERIOD_KIND: Record<string, PeriodKind> = {
  DAILY: 'day',
  WEEKLY: 'week',
  SEMIMONTHLY: 'semimonth',
  MONTHLY: 'month',
};

/**
 * The agent area (issue 12): contracts, their settlement, and the agent centre's reports. Every
 * call that names a member checks it is in the caller's own subtree first: another tree's id is
 * NOT_FOUND, exactly as an id that does not exist.
 */
export class AgentsService {
  readonly contracts: AgentContracts;
  readonly settlement: AgentSettlement;
  readonly payouts: PayoutReports;
  private readonly ownPlay: OwnPlay;

  constructor(
    db: Db,
    private readonly config: Config,
    private readonly deps: {
      members: MembersService;
      bets: BetsService;
      wallet: WalletService;
      system: SystemService;
      /** The team's deposits and withdrawals (cashier module). */
      cashierTeam: CashierTeamTotals;
    },
  ) {
    this.contracts = new AgentContracts(db, deps.members);
    this.settlement = new AgentSettlement(db, {
      wallet: deps.wallet,
      bets: deps.bets,
      activeMinBet: config.agentActiveMinBet,
      utcOffsetMinutes: config.businessUtcOffsetMinutes,
      realtimePeriodMs: config.agentRealtimePeriodMs,
    });
    this.payouts = new PayoutReports(db, (ids) => deps.members.tree.accountsOf(ids));
    this.ownPlay = new OwnPlay(deps.bets, config.agentActiveMinBet);
  }

  /** Resolves a report's range: defaults to today (business day); at most a quarter. */
  range(from?: Date, to?: Date): Range {
    const now = new Date();
    const start = from ?? periodStart('day', now, this.config.businessUtcOffsetMinutes);
    const end = to ?? new Date(Math.max(now.getTime(), start.getTime() + DAY_MS));
    if (end.getTime() <= start.getTime() || end.getTime() - start.getTime() > MAX_RANGE_MS) {
      throw new AppError('VALIDATION', { fields: { to: 'badRequest' } });
    }
    return { from: start, to: end };
  }

  /** `memberId` is the caller or in its subtree; anything else is NOT_FOUND. */
  async assertInTeam(agentId: number, memberId: number): Promise<void> {
    if (memberId === agentId) return;
    if (!(await this.deps.members.isInDownline(agentId, memberId))) throw new AppError('NOT_FOUND');
  }

  /** Brings the team overview's rollups up to the bets record (a job; the overview is exact anyway). */
  rollUp(): Promise<number> {
    return this.deps.bets.rollup.catchUp(this.config.businessUtcOffsetMinutes);
  }

  async overview(agentId: number, r: Range): Promise<TeamOverview> {
    const [counts, cash, bets] = await Promise.all([
      this.deps.members.tree.counts(agentId, r.from, r.to),
      this.deps.cashierTeam.totals(this.deps.members.tree.teamIdsSql(agentId), r.from, r.to),
      this.deps.bets.team.overview(
        agentId,
        r.from,
        r.to,
        this.config.agentActiveMinBet,
        this.config.businessUtcOffsetMinutes,
      ),
    ]);
    const t = bets.totals;
    return {
      from: r.from.toISOString(),
      to: r.to.toISOString(),
      members: counts.members,
      directMembers: counts.direct,
      agents: counts.agents,
      newMembers: counts.newMembers,
      activeMembers: t.activeMembers,
      validBet: fromMinor(t.validBet),
      stake: fromMinor(t.stake),
      payout: fromMinor(t.payout),
      profitLoss: fromMinor(t.stake - t.payout),
      deposits: fromMinor(cash.deposits.amount),
      depositCount: cash.deposits.count,
      firstDeposits: cash.firstDeposits,
      withdrawals: fromMinor(cash.withdrawals.amount),
      withdrawalCount: cash.withdrawals.count,
      daily: bets.daily.map((d) => ({
        day: d.day,
        validBet: fromMinor(d.validBet),
        profitLoss: fromMinor(d.stake - d.payout),
        activeMembers: d.activeMembers,
      })),
    };
  }

  async downlines(
    agentId: number,
    q: {
      parentId?: number | undefined;
      search?: string | undefined;
      sort?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<Page<DownlineRow>> {
    const parentId = q.parentId ?? agentId;
    await this.assertInTeam(agentId, parentId);
    const { rows, total } = await this.deps.members.tree.list({
      ancestorId: agentId,
      parentId,
      search: q.search?.trim() || undefined,
      sort: q.sort === 'createdAt' ? 'createdAt' : ('account' as TreeSort),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    const balances = await Promise.all(rows.map((m) => this.deps.wallet.memberBalances(m.id)));
    return pageOf(
      rows.map((m, i) => {
        const b = balances[i]!;
        return {
          id: m.id,
          account: m.account,
          nickname: m.nickname,
          isAgent: isAgentType(m.type),
          parentAccount: m.parentAccount,
          level: m.level,
          directCount: m.directCount,
          status: m.status,
          balance: fromMinor(b.player_cash + b.player_bonus),
          commission: fromMinor(b.agent_commission),
          createdAt: m.createdAt,
        };
      }),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  // ---------------------------------------------------------------- the agent's own wallet

  /** The agent's own money, each account apart: commission is paid here and is not cash. */
  async wallet(agentId: number): Promise<AgentWallet> {
    const b = await this.deps.wallet.memberBalances(agentId);
    return {
      cash: fromMinor(b.player_cash),
      bonus: fromMinor(b.player_bonus),
      commission: fromMinor(b.agent_commission),
    };
  }

  /**
   * Moves salaries and dividends from the agent's commission account to its own cash: the
   * payment password first (the members module's check, which counts failures only), then one
   * balanced ledger transaction keyed by the agent and the client's request id (a retried
   * submit moves the money once); the ledger refuses more than the commission holds.
   */
  async transferCommission(agentId: number, input: CommissionTransferInput) {
    const amount = parseAmount(input.amount);
    await this.deps.members.verifyPaymentPassword(agentId, input.paymentPassword);
    try {
      const posted = await this.deps.wallet.post({
        key: `agent_commission:${agentId}:${input.requestId ?? randomUUID()}`,
        reason: 'commission',
        postings: [
          { account: Accounts.commission(agentId), amount: -amount },
          { account: Accounts.cash(agentId), amount },
        ],
        metadata: { transfer: 'commission_to_cash' },
      });
      const after = await this.wallet(agentId);
      return {
        transactionId: posted.transactionId,
        amount: fromMinor(amount),
        cash: after.cash,
        commission: after.commission,
      };
    } catch (err) {
      if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
        throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
  }

  /** Rounds played in the subtree (team betting), optionally of one member of it. */
  async teamBets(
    agentId: number,
    q: { account?: string | undefined; pageNo: number; pageSize: number } & Range,
  ) {
    let memberId: number | undefined;
    if (q.account) {
      const m = await this.deps.members.getByAccount(normalizeAccount(q.account));
      if (!m) throw new AppError('NOT_FOUND');
      await this.assertInTeam(agentId, m.id);
      memberId = m.id;
    }
    const { rounds, total, totals } = await this.deps.bets.rounds(
      { teamOf: agentId, memberId, from: q.from, to: q.to },
      { pageNo: q.pageNo, pageSize: q.pageSize },
    );
    const names = await this.deps.members.tree.accountsOf([...new Set(rounds.map((r) => r.memberId))]);
    return {
      ...pageOf(
        rounds.map((r) => ({
          account: names.get(r.memberId) ?? '',
          vendor: r.vendor,
          gameType: r.gameType,
          gameCode: r.gameCode,
          roundId: r.roundId,
          stake: fromMinor(r.stake),
          validBet: fromMinor(r.validStake),
          payout: fromMinor(r.payout),
          status: r.status,
          time: r.time.toISOString(),
        })),
        total,
        q.pageNo,
        q.pageSize,
      ),
      totals: {
        stake: fromMinor(totals.stake),
        validBet: fromMinor(totals.validStake),
        payout: fromMinor(totals.payout),
      },
    };
  }

  /** User loss / P&L: each member of one level with its whole team's figures. */
  async teamProfit(
    agentId: number,
    q: { parentId?: number | undefined; pageNo: number; pageSize: number } & Range,
  ) {
    const parentId = q.parentId ?? agentId;
    await this.assertInTeam(agentId, parentId);
    const { rows, total } = await this.deps.members.tree.list({
      ancestorId: agentId,
      parentId,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    const totals = await this.deps.bets.team.totalsOf(
      rows.map((r) => r.id),
      q.from,
      q.to,
      this.config.agentActiveMinBet,
      this.config.businessUtcOffsetMinutes,
    );
    return pageOf(
      rows.map((m) => {
        const t = totals.get(m.id) ?? ZERO_TOTALS;
        return {
          id: m.id,
          account: m.account,
          isAgent: isAgentType(m.type),
          validBet: fromMinor(t.validBet),
          stake: fromMinor(t.stake),
          payout: fromMinor(t.payout),
          profitLoss: fromMinor(t.stake - t.payout),
          memberWinLoss: fromMinor(t.payout - t.stake),
          activeMembers: t.activeMembers,
        };
      }),
      total,
      q.pageNo,
      q.pageSize,
    );
  }

  /** Account details: the account record of one member of the subtree (cash wallet). */
  async downlineTransactions(
    agentId: number,
    q: { memberId: number; pageNo: number; pageSize: number; from?: Date | undefined; to?: Date | undefined },
  ): Promise<Page<AccountRecord>> {
    if (q.memberId === agentId) throw new AppError('NOT_FOUND');
    await this.assertInTeam(agentId, q.memberId);
    return this.deps.wallet.history(Accounts.cash(q.memberId), q);
  }

  /** registerCenter: a player or sub-agent directly below the caller, under the register field rules. */
  async register(
    agentId: number,
    body: z.infer<typeof agentRegisterSchema>,
    locale: CompleteLocale,
  ): Promise<{ id: number; account: string }> {
    const rules = new Map((await this.deps.system.registerSettings()).map((r) => [r.field, r]));
    const e = new FieldErrors(locale);
    const username = e.checkRule('username', body.username, rules.get('username'), { required: true });
    const password = checkNewPassword(
      e,
      rules.get('password'),
      'password',
      body.password,
      'confirmPassword',
      body.confirmPassword,
      { confirmRequired: true },
    );
    const optional = {} as Record<'payeeName' | 'email' | 'mobileNum', string | null>;
    for (const field of ['payeeName', 'email', 'mobileNum'] as const) {
      const rule = rules.get(field);
      optional[field] = rule?.enabled
        ? e.checkRule(field, body[field], rule, { required: rule.required })
        : body[field]?.trim() || null;
    }
    e.throwIfAny();
    const account = normalizeAccount(username!);
    if (await this.deps.members.getByAccount(account)) e.add('username', 'usernameTaken');
    e.throwIfAny();
    const member = await this.deps.members.create({
      account,
      password: password!,
      type: body.accountType === 'AGENT' ? 2 : MEMBER_TYPES.player,
      parentId: agentId,
      nickname: body.nickname?.trim() || null,
      payeeName: optional.payeeName,
      email: optional.email,
      mobileNum: optional.mobileNum,
      countryDialingCode: optional.mobileNum ? (body.countryDialingCode ?? null) : null,
      registerMethod: 'AGENT',
    });
    return { id: member.id, account: member.account };
  }

  // ---------------------------------------------------------------- contracts

  /**
   * SPEC §3 consolidated contract info: per kind, the open request (an offer to answer, or a
   * termination the other side asked for) and the member's active contract.
   */
  async consolidated(
    memberId: number,
  ): Promise<Omit<ConsolidatedContract, 'enableSalary' | 'enableContract'>> {
    const rows = await this.contracts.list(memberId, { side: 'RECEIVED' });
    const open = (kind: ContractKind) => {
      if (rows.some((c) => c.kind === kind && c.status === 'offered')) return 'NEW' as const;
      const a = rows.find((c) => c.kind === kind && c.status === 'active');
      return a?.terminationBy === 'upline' ? ('TERMINATE' as const) : null;
    };
    const info = (kind: ContractKind) => {
      const c = rows.find((r) => r.kind === kind && r.status === 'active');
      if (!c) return null;
      const period =
        kind === 'REALTIME'
          ? 'realtime'
          : kind === 'HOURLY'
            ? 'hourly'
            : kind === 'DAILY'
              ? 'daily'
              : (c.payPeriod ?? 'MONTHLY').toLowerCase();
      return {
        rate: bpToRate(c.maxRateBp),
        period: period as 'daily',
        uplineAccount: c.uplineAccount,
        since: (c.acceptedAt ?? c.createdAt).toISOString(),
      };
    };
    return {
      dailysalreqtype: open('DAILY'),
      divtypereq: open('DIVIDEND'),
      contracthoursalreq: open('HOURLY'),
      realtimesalreqtype: open('REALTIME'),
      dailySalaryInfo: info('DAILY'),
      hourSalaryInfo: info('HOURLY'),
      salaryInfo: info('REALTIME'),
      contractDividendInfo: info('DIVIDEND'),
    };
  }

  /**
   * SPEC §6 agent flags: a kind switched off (or AGENTPOLICY3 off) is refused with the spec's
   * "Not enabled function" (NOT_ENABLED, 403): no offer, no acceptance, no records of it.
   */
  async assertKindEnabled(kind: ContractKind): Promise<void> {
    if (!contractKindEnabled(await this.deps.system.flags(), kind)) throw new AppError('NOT_ENABLED');
  }

  /** The kinds switched on, of those asked; none of them: NOT_ENABLED. */
  async enabledKinds(kinds: readonly ContractKind[]): Promise<ContractKind[]> {
    const flags = await this.deps.system.flags();
    const on = kinds.filter((k) => contractKindEnabled(flags, k));
    if (on.length === 0) throw new AppError('NOT_ENABLED');
    return on;
  }

  /** Contract calls as a whole follow AGENTPOLICY3 (the agent centre hides them with it). */
  async assertPolicy(): Promise<void> {
    if ((await this.deps.system.flags()).AGENTPOLICY3 === false) throw new AppError('NOT_ENABLED');
  }

  async offer(agentId: number | null, offer: ContractOffer) {
    await this.assertKindEnabled(offer.kind);
    return this.contracts.offer(agentId, offer);
  }

  /** The downline accepts an offer: refused once its kind is switched off (after the party check). */
  accept(callerId: number, id: number) {
    return this.contracts.accept(callerId, id, (kind) => this.assertKindEnabled(kind as ContractKind));
  }

  /** The caller's contracts with, for active ones, the current period's team figures (SPEC §3). */
  async listContracts(
    callerId: number,
    q: { status?: ContractStatus | undefined; side?: 'RECEIVED' | 'OFFERED' | undefined },
  ) {
    const rows = await this.contracts.list(callerId, q);
    const now = new Date();
    const active = rows.filter((c) => c.status === 'active');
    const byPeriod = new Map<string, (c: ContractHolder) => TeamTotals>();
    const kindOf = (c: (typeof rows)[number]): PeriodKind =>
      c.payPeriod ? (PAY_PERIOD_KIND[c.payPeriod] ?? 'month') : CURRENT_PERIOD[c.kind as ContractKind];
    for (const kind of new Set(active.map(kindOf))) {
      const start = periodStart(kind, now, this.config.businessUtcOffsetMinutes);
      const holders = active.filter((c) => kindOf(c) === kind);
      const team = await this.deps.bets.team.totalsOf(
        holders.map((c) => c.memberId),
        start,
        now,
        this.config.agentActiveMinBet,
      );
      // The figures the contract pays on: without the holder's own play unless it counts it.
      byPeriod.set(kind, await this.ownPlay.counted(holders, team, start, now));
    }
    return {
      content: rows.map((c) => {
        if (c.status !== 'active') return contractOut(c, callerId, null);
        const kind = kindOf(c);
        const t = byPeriod.get(kind)?.(c) ?? ZERO_TOTALS;
        return contractOut(c, callerId, {
          start: periodStart(kind, now, this.config.businessUtcOffsetMinutes).toISOString(),
          activeMembers: t.activeMembers,
          validBet: fromMinor(t.validBet),
          profitLoss: fromMinor(t.stake - t.payout),
        });
      }),
    };
  }
}
