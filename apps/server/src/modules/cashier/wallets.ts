import { randomUUID } from 'node:crypto';
import {
  type ConsolidatedFunds,
  type CreditReportInterval,
  CURRENCY,
  fromMinor,
  isTrialType,
  type RecordType,
  type WalletBalance,
} from '@wps/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import type { Member } from '../members/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import { fieldError, parseAmount } from './amount.ts';
import { type Actor, type CashierModules, type DateRangeInput, pageOf, parseRange } from './core.ts';

/**
 * A member's money as the cashier shows it: the header balance and consolidated funds, the
 * records and profit, and the operator's view and manual adjustment of a player's wallet.
 */
export class CashierWallets {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: CashierModules,
  ) {}

  // ------------------------------------------------------------------ balances

  /**
   * The header balance, polled by every open page. `trial` comes from the caller's session when
   * known (its role follows the member's type), which saves reading the member on every poll.
   */
  async walletBalance(memberId: number, trial?: boolean): Promise<WalletBalance> {
    let isTrial = trial;
    if (isTrial === undefined) {
      const m = await this.deps.members.getById(memberId);
      if (!m) throw new AppError('UNAUTHORIZED');
      isTrial = isTrialType(m.type);
    }
    if (isTrial) {
      await this.deps.wallet.ensureTrial(memberId);
      const trial = await this.deps.wallet.balance(Accounts.trial(memberId));
      return { balance: fromMinor(trial), currency: CURRENCY, frozen: '0.00', bonus: '0.00', trial: true };
    }
    const b = await this.deps.wallet.memberBalances(memberId);
    return {
      balance: fromMinor(b.player_cash),
      currency: CURRENCY,
      frozen: fromMinor(b.player_hold),
      bonus: fromMinor(b.player_bonus),
      trial: false,
    };
  }

  async consolidated(memberId: number): Promise<ConsolidatedFunds> {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    const b = await this.deps.wallet.memberBalances(memberId);
    const trial = isTrialType(m.type);
    const total = trial ? 0n : b.player_cash + b.player_bonus + b.player_hold + b.agent_commission;
    return {
      balance: fromMinor(trial ? 0n : b.player_cash),
      bonus: fromMinor(trial ? 0n : b.player_bonus),
      frozen: fromMinor(trial ? 0n : b.player_hold),
      commission: fromMinor(trial ? 0n : b.agent_commission),
      total: fromMinor(total),
      currency: CURRENCY,
      trial,
      wallets: Object.entries(b).map(([type, balance]) => ({ type, balance: fromMinor(balance) })),
    };
  }

  // ------------------------------------------------------------------ records

  private async recordAccount(memberId: number) {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    return isTrialType(m.type) ? Accounts.trial(memberId) : Accounts.cash(memberId);
  }

  async records(
    memberId: number,
    q: DateRangeInput & { type?: RecordType | undefined; pageNo: number; pageSize: number },
  ) {
    const range = parseRange(q, this.config.businessUtcOffsetMinutes);
    return this.deps.wallet.history(await this.recordAccount(memberId), {
      type: q.type,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      ...range,
    });
  }

  async profit(memberId: number, q: DateRangeInput) {
    return this.deps.wallet.profit(
      await this.recordAccount(memberId),
      parseRange(q, this.config.businessUtcOffsetMinutes),
    );
  }

  /** The credit report: the same account as the account record, its credit and debit by type and period. */
  async creditReport(memberId: number, q: DateRangeInput & { interval: CreditReportInterval }) {
    const offset = this.config.businessUtcOffsetMinutes;
    return this.deps.wallet.creditReport(
      await this.recordAccount(memberId),
      parseRange(q, offset),
      q.interval,
      offset,
    );
  }

  // ------------------------------------------------------------------ operator: a player's wallet

  private async memberByAccount(account: string): Promise<Member> {
    const m = await this.deps.members.getByAccount(account);
    if (!m) throw new AppError('NOT_FOUND', { messageKey: 'playerNotFound' });
    return m;
  }

  async playerWallet(account: string, pageNo: number, pageSize: number) {
    const m = await this.memberByAccount(account);
    const accounts = await this.deps.wallet.accountsOf(m.id);
    const postings = await this.deps.wallet.postingsOfMember(m.id, pageNo, pageSize);
    return {
      member: { id: m.id, account: m.account, type: m.type, status: m.status },
      accounts: accounts.map((a) => ({
        id: a.id,
        type: a.type,
        balance: fromMinor(a.balance),
        version: a.version,
      })),
      postings: pageOf(
        postings.rows.map((p) => ({
          id: p.id,
          transactionId: p.transactionId,
          accountType: p.accountType,
          reason: p.reason,
          amount: fromMinor(p.amount),
          balanceBefore: fromMinor(p.balanceBefore),
          balanceAfter: fromMinor(p.balanceAfter),
          version: p.version,
          idempotencyKey: p.idempotencyKey,
          metadata: p.metadata,
          createdAt: p.createdAt.toISOString(),
        })),
        postings.total,
        pageNo,
        pageSize,
      ),
    };
  }

  /** A manual credit or debit of a member's cash against the adjustment account, with a mandatory reason. */
  async adjust(
    actor: Actor,
    account: string,
    input: { direction: 'credit' | 'debit'; amount: unknown; reason: string; requestId?: string | undefined },
  ) {
    const reason = input.reason.trim();
    if (!reason) throw fieldError('reason', 'reasonRequired');
    const amount = parseAmount(input.amount);
    const m = await this.memberByAccount(account);
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    const signed = input.direction === 'credit' ? amount : -amount;
    try {
      return await this.db.transaction(async (tx) => {
        const posted = await this.deps.wallet.post(
          {
            key: `adjustment:${actor.id}:${input.requestId ?? randomUUID()}`,
            reason: 'adjustment',
            postings: [
              { account: Accounts.adjustment(), amount: -signed },
              { account: Accounts.cash(m.id), amount: signed },
            ],
            metadata: { operator: actor.account, note: reason, direction: input.direction },
          },
          tx,
        );
        // Both sides come from the posting itself, written under the account's lock: a balance
        // read before posting could be stale by the time the lock is taken.
        const own = await this.deps.wallet.postingOf(posted.transactionId, Accounts.cash(m.id), tx);
        const before = own?.before ?? 0n;
        const after = own?.after ?? posted.balances.get(`player_cash:${m.id}`) ?? before;
        if (!posted.replayed) {
          await this.deps.audit.record(
            {
              actor,
              action: 'wallet.adjust',
              target: { type: 'member', id: m.id },
              before: { account: m.account, balance: fromMinor(before) },
              after: {
                account: m.account,
                balance: fromMinor(after),
                amount: fromMinor(signed),
                reason,
                ledgerTransactionId: posted.transactionId,
              },
              ip: actor.ip ?? null,
            },
            tx,
          );
        }
        return { transactionId: posted.transactionId, balance: fromMinor(after), replayed: posted.replayed };
      });
    } catch (err) {
      if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
        throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
  }
}
