import type { ReasonCode } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type AccountRef, Accounts } from './accounts.ts';
import type { Hold, HoldStatus, Metadata, PostRequest, PostResult } from './ledger-types.ts';
import { ledgerHolds } from './schema.ts';

/** What two-phase holds need of the wallet: posting, inside the caller's transaction or a new one. */
export interface HoldLedger {
  post(req: PostRequest, tx?: Tx): Promise<PostResult>;
  inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface HoldRequest {
  key: string;
  memberId: number;
  amount: bigint;
  reason: ReasonCode;
  metadata?: Metadata;
}

/** Pending: moves `amount` from the member's cash to their hold account. Idempotent by key. */
export async function placeHold(ledger: HoldLedger, input: HoldRequest, tx?: Tx): Promise<Hold> {
  if (input.amount <= 0n) throw new Error('ledger: a hold must be positive');
  return ledger.inTransaction(tx, async (t) => {
    const existing = await holdByKey(t, input.key);
    if (existing) {
      if (existing.memberId !== input.memberId || existing.amount !== input.amount) {
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return existing;
    }
    const posted = await ledger.post(
      {
        key: input.key,
        reason: input.reason,
        postings: [
          { account: Accounts.cash(input.memberId), amount: -input.amount },
          { account: Accounts.hold(input.memberId), amount: input.amount },
        ],
        ...(input.metadata ? { metadata: input.metadata } : {}),
      },
      t,
    );
    await t
      .insert(ledgerHolds)
      .values({
        key: input.key,
        memberId: input.memberId,
        amount: input.amount,
        reason: input.reason,
        holdTransactionId: posted.transactionId,
      })
      .onConflictDoNothing({ target: ledgerHolds.key });
    const row = await holdByKey(t, input.key);
    if (!row) throw new Error('hold row missing after insert');
    return row;
  });
}

/**
 * Settles a pending hold once: `posted` sends the amount out through `to`, `voided` back to the
 * member's cash. Settling again with the same outcome answers the first settlement (`replayed`).
 */
export async function settleHold(
  ledger: HoldLedger,
  holdId: number,
  outcome: 'posted' | 'voided',
  to: AccountRef | null,
  reason: ReasonCode,
  metadata: Metadata | undefined,
  tx?: Tx,
): Promise<{ hold: Hold; replayed: boolean }> {
  return ledger.inTransaction(tx, async (t) => {
    // The conditional update is the once-only switch: a second pay/reject finds it settled.
    const [flipped] = await t
      .update(ledgerHolds)
      .set({ status: outcome, settledAt: sql`now()` })
      .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
      .returning();
    if (!flipped) {
      const current = await holdById(t, holdId);
      if (!current) throw new AppError('NOT_FOUND');
      if (current.status === outcome) return { hold: current, replayed: true };
      throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
    }
    const member = flipped.memberId;
    const posted = await ledger.post(
      {
        key: `hold:${holdId}:${outcome}`,
        reason,
        postings: [
          { account: Accounts.hold(member), amount: -flipped.amount },
          { account: to ?? Accounts.cash(member), amount: flipped.amount },
        ],
        ...(metadata ? { metadata } : {}),
      },
      t,
    );
    await t
      .update(ledgerHolds)
      .set({ settleTransactionId: posted.transactionId })
      .where(eq(ledgerHolds.id, holdId));
    return { hold: { ...toHold(flipped), settleTransactionId: posted.transactionId }, replayed: false };
  });
}

export async function holdById(ex: DbOrTx, id: number): Promise<Hold | null> {
  const [row] = await ex.select().from(ledgerHolds).where(eq(ledgerHolds.id, id));
  return row ? toHold(row) : null;
}

async function holdByKey(ex: DbOrTx, key: string): Promise<Hold | null> {
  const [row] = await ex.select().from(ledgerHolds).where(eq(ledgerHolds.key, key));
  return row ? toHold(row) : null;
}

function toHold(row: typeof ledgerHolds.$inferSelect): Hold {
  return {
    id: Number(row.id),
    key: row.key,
    memberId: row.memberId,
    amount: BigInt(row.amount),
    status: row.status as HoldStatus,
    holdTransactionId: Number(row.holdTransactionId),
    settleTransactionId: row.settleTransactionId === null ? null : Number(row.settleTransactionId),
  };
}
