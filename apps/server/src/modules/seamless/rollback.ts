import type { MessageKey, ResponseCode, SeamlessRollbackRequest, SeamlessStatus } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type AccountRef, Accounts, accountKey } from '../wallet/accounts.ts';
import { answer, ledgerKey, replay, type SeamlessAnswer, type SeamlessStore } from './answers.ts';
import type { Player } from './players.ts';
import { seamlessTransactions } from './schema.ts';

/**
 * A vendor's rollback of a bet, in one transaction of its own (the contract's edge cases are on
 * `SeamlessService.rollback`, which runs this in the member's lane).
 */
export function rollbackTx(
  store: SeamlessStore,
  vendor: string,
  req: SeamlessRollbackRequest,
  p: Player,
  wallet: AccountRef,
  fingerprint: string,
): Promise<SeamlessAnswer> {
  return store.db.transaction(async (tx) => {
    const claimed = await claim(tx, {
      vendor,
      txId: req.txId,
      kind: 'rollback',
      refTxId: req.refTxId,
      memberId: p.id,
      trial: p.trial,
      fingerprint,
      status: 'pending',
    });
    if (!claimed) return replay(store, tx, p, vendor, req.txId, 'rollback', fingerprint);
    const current = () => store.wallet.balance(wallet, tx);
    const finish = async (status: string, code: ResponseCode, extra: { messageKey?: MessageKey } = {}) => {
      const balance = await current();
      await settleRow(tx, claimed, status, code, balance);
      return answer(p, balance, {
        code,
        ...extra,
        txId: req.txId,
        status: (code === 'OK' ? status : 'rejected') as SeamlessStatus,
      });
    };

    // Take the referenced transaction's slot. If it is free the bet has not arrived: the
    // `cancelled` row remembers the rollback and makes the late bet fail to claim its slot.
    const marker = await claim(tx, {
      vendor,
      txId: req.refTxId,
      kind: 'cancelled',
      memberId: p.id,
      trial: p.trial,
      fingerprint: 'cancelled',
      status: 'cancelled',
    });
    if (marker) return finish('not_found', 'OK');
    // Lock the referenced row: two different rollbacks of one bet refund it once.
    const [ref] = await tx
      .select()
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.vendor, vendor), eq(seamlessTransactions.txId, req.refTxId)))
      .for('update');
    if (!ref) throw new Error('seamless: referenced row vanished');
    if (ref.memberId !== p.id) return finish('rejected', 'NOT_FOUND');
    if (ref.kind === 'cancelled' || (ref.kind === 'bet' && ref.status === 'rejected')) {
      return finish('not_found', 'OK');
    }
    if (ref.kind !== 'bet') return finish('rejected', 'CONFLICT', { messageKey: 'rollbackNotBet' });
    if (ref.status === 'rolled_back') return finish('already_rolled_back', 'OK');
    // A round that paid a win is final (issue 26): refunding its bet would return the stake on
    // top of the win (900 → 1,000 → 1,500). The vendor corrects a paid round with new
    // transactions. The round row is locked after the bet's, the order every seamless call keeps.
    if (ref.roundId && (await roundPaid(tx, vendor, ref.roundId, p.id))) {
      return finish('round_paid', 'CONFLICT', { messageKey: 'rollbackRoundPaid' });
    }

    const amount = BigInt(ref.amount ?? 0n);
    await tx
      .update(seamlessTransactions)
      .set({ status: 'rolled_back', updatedAt: sql`now()` })
      .where(eq(seamlessTransactions.id, ref.id));
    await tx
      .update(seamlessTransactions)
      .set({ status: 'rolled_back', code: 'OK', amount, roundId: ref.roundId, updatedAt: sql`now()` })
      .where(eq(seamlessTransactions.id, claimed));
    if (ref.roundId) await roundRefund(tx, vendor, ref.roundId, p.id, amount);
    // The refund leaves the house shard the bet paid into, in the bet's own money (real or play).
    const betWallet = ref.trial ? Accounts.trial(p.id) : Accounts.cash(p.id);
    const posted = await store.wallet.post(
      {
        key: ledgerKey(vendor, req.txId),
        reason: 'rollback',
        postings: [
          { account: store.wallet.houseFor(vendor, p.id, ref.trial), amount: -amount },
          { account: betWallet, amount },
        ],
        metadata: { vendor, txId: req.txId, refTxId: req.refTxId, roundId: ref.roundId },
      },
      tx,
    );
    return answer(p, posted.balances.get(accountKey(betWallet))!, {
      txId: req.txId,
      status: 'rolled_back',
    });
  });
}

/** Inserts the (vendor, txId) row; null when the slot is taken (a duplicate, or a cancelled bet). */
async function claim(
  tx: Tx,
  row: {
    vendor: string;
    txId: string;
    kind: 'rollback' | 'cancelled';
    refTxId?: string;
    memberId: number;
    trial: boolean;
    fingerprint: string;
    status: string;
  },
): Promise<number | null> {
  const [inserted] = await tx
    .insert(seamlessTransactions)
    .values(row)
    .onConflictDoNothing({ target: [seamlessTransactions.vendor, seamlessTransactions.txId] })
    .returning({ id: seamlessTransactions.id });
  return inserted?.id ?? null;
}

/** Whether the member's round has a win credited; locks the round row until commit. */
async function roundPaid(tx: Tx, vendor: string, roundId: string, memberId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    select win_count from seamless_rounds
    where vendor = ${vendor} and round_id = ${roundId} and member_id = ${memberId}
    for update`);
  const [round] = rowsOf<{ win_count: number }>(result);
  return Number(round?.win_count ?? 0) > 0;
}

/** A refunded bet in its round's totals (the status follows: cancelled once every bet is refunded). */
async function roundRefund(tx: Tx, vendor: string, roundId: string, memberId: number, amount: bigint) {
  await tx.execute(sql`
    update seamless_rounds set
      refund_total = refund_total + ${amount},
      status = case when win_count > 0 then 'settled'
                    when bet_count > 0 and refund_total + ${amount} >= bet_total then 'cancelled'
                    else 'open' end,
      updated_at = now()
    where vendor = ${vendor} and round_id = ${roundId} and member_id = ${memberId}`);
}

async function settleRow(
  tx: Tx,
  id: number,
  status: string,
  code: ResponseCode,
  balance: bigint,
): Promise<void> {
  await tx
    .update(seamlessTransactions)
    .set({ status, code, balanceAfter: balance, updatedAt: sql`now()` })
    .where(eq(seamlessTransactions.id, id));
}
