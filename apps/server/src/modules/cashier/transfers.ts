import { randomUUID } from 'node:crypto';
import { fromMinor, isAgentType, isTrialType } from '@wps/contract';
import { isAppError } from '../../http/errors.ts';
import { normalizeAccount } from '../members/normalize.ts';
import type { MembersService } from '../members/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { fieldError, parseAmount } from './amount.ts';
import { realMember } from './core.ts';

/** Transfers of cash inside the agent tree: to anyone below the sender or above. */
export class CashierTransfers {
  constructor(private readonly deps: { wallet: WalletService; members: MembersService }) {}

  async transferTargets(memberId: number, direction: 'downline' | 'upline') {
    const m = await realMember(this.deps.members, memberId);
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
    const sender = await realMember(this.deps.members, memberId);
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
}
