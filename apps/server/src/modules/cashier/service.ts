import { randomUUID } from 'node:crypto';
import { fromMinor, isAgentType, isTrialType, type RecordType } from '@wps/contract';
import { AppError, isAppError } from '../../http/errors.ts';
import type { Member } from '../members/service.ts';
import { normalizeAccount } from '../members/normalize.ts';
import { Accounts } from '../wallet/accounts.ts';
import { fieldError, parseAmount } from './amount.ts';
import { type Actor, type DateRangeInput, pageOf, parseRange } from './core.ts';
import { CashierReceipts } from './receipts.ts';

export {
  type Actor,
  type ApprovedDeposit,
  type DateRangeInput,
  type DepositGuard,
  type DepositListener,
  parseRange,
  type Viewer,
  type WithdrawalListener,
} from './core.ts';

/**
 * The cashier (its layers: core.ts → channels → deposits → withdrawals → receipts → here):
 * deposits, withdrawals (held, paid, receipt-confirmed), payout accounts, transfers in the agent
 * tree, records and the operator's queues and player wallets. Money moves only through the wallet
 * service; every operator action writes its audit entry in the same database transaction as the action.
 */
export class CashierService extends CashierReceipts {
  // ------------------------------------------------------------------ transfers

  async transferTargets(memberId: number, direction: 'downline' | 'upline') {
    const m = await this.realMember(memberId);
    if (direction === 'downline') {
      const down = await this.deps.members.downline(memberId);
      return down
        .filter((d) => !isTrialType(d.type))
        .map((d) => ({ id: d.id, account: d.account, depth: d.depth }));
    }
    const ups: Array<{ id: number; account: string; depth: number }> = [];
    let parentId = m.parentId;
    for (let depth = 1; parentId && depth <= 64; depth++) {
      const p = await this.deps.members.getById(parentId);
      if (!p) break;
      ups.push({ id: p.id, account: p.account, depth });
      parentId = p.parentId;
    }
    return ups;
  }

  /**
   * transferFund (to anyone below the sender) and transferUpline (to anyone above), with the
   * payment password; never outside the sender's own tree.
   */
  async transfer(
    memberId: number,
    input: {
      direction: 'downline' | 'upline';
      account: string;
      amount: unknown;
      paymentPassword: string;
      requestId?: string | undefined;
    },
  ) {
    const sender = await this.realMember(memberId);
    const amount = parseAmount(input.amount);
    if (normalizeAccount(input.account) === sender.account) throw fieldError('account', 'transferSelf');
    // The payment password comes before anything about the recipient, and an unknown name gets
    // the very answer (and the same queries) a real name outside the team gets: the transfer
    // form is no way to learn which usernames exist.
    await this.deps.members.verifyPaymentPassword(sender.id, input.paymentPassword);
    const target = await this.deps.members.getByAccount(input.account);
    const targetId = target?.id ?? 0;
    const inTree =
      input.direction === 'downline'
        ? (await this.deps.members.isInDownline(sender.id, targetId)) && isAgentType(sender.type)
        : await this.deps.members.isInDownline(targetId, sender.id);
    if (!target || !inTree || isTrialType(target.type) || target.status !== 'active') {
      throw fieldError('account', 'transferNotInTeam', [], 'VALIDATION');
    }
    try {
      const posted = await this.deps.wallet.post({
        key: `transfer:${sender.id}:${input.requestId ?? randomUUID()}`,
        reason: 'transfer',
        postings: [
          { account: Accounts.cash(sender.id), amount: -amount },
          { account: Accounts.cash(target.id), amount },
        ],
        metadata: { from: sender.account, to: target.account, direction: input.direction },
      });
      return {
        transactionId: posted.transactionId,
        direction: input.direction,
        to: target.account,
        amount: fromMinor(amount),
        balance: fromMinor(posted.balances.get(`player_cash:${sender.id}`) ?? 0n),
      };
    } catch (err) {
      if (isAppError(err) && err.code === 'INSUFFICIENT_FUNDS') {
        throw fieldError('amount', 'insufficientFunds', [], 'INSUFFICIENT_FUNDS');
      }
      throw err;
    }
  }

  // ------------------------------------------------------------------ records

  protected async recordAccount(memberId: number) {
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

  // ------------------------------------------------------------------ operator: a player's wallet

  protected async memberByAccount(account: string): Promise<Member> {
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
