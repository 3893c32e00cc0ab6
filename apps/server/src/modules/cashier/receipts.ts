import { fromMinor, type Withdrawal } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { Accounts } from '../wallet/accounts.ts';
import { fieldError, parseAmount } from './amount.ts';
import { type Actor, type CashierModules, notPending, realMember } from './core.ts';
import { withdrawalReceipts, withdrawalRequests } from './schema.ts';
import type { CashierUploads } from './uploads.ts';
import { withdrawalOut } from './withdrawals.ts';

/** SPEC §4 receipts of paid withdrawals: the player's confirmation, investigations, auto-confirmation. */
export class CashierReceipts {
  constructor(
    private readonly db: Db,
    private readonly deps: CashierModules & { uploads: CashierUploads },
  ) {}

  /**
   * SPEC §4 receipt: received in full; partial (how much arrived; the remainder is shown);
   * not received (a proof image opens an investigation); all received (the rest arrived).
   */
  async confirmReceipt(
    memberId: number,
    id: number,
    input: {
      outcome: 'received' | 'partial' | 'not_received' | 'all_received';
      amount?: unknown;
      note?: string | undefined;
    },
    proof?: Buffer,
  ): Promise<Withdrawal> {
    await realMember(this.deps.members, memberId);
    const allowedFrom: Record<typeof input.outcome, string[]> = {
      received: ['awaiting'],
      partial: ['awaiting', 'partial'],
      not_received: ['awaiting', 'partial'],
      all_received: ['awaiting', 'partial'],
    };
    if (input.outcome === 'not_received' && !proof) throw fieldError('proof', 'proofRequired');
    const image =
      input.outcome === 'not_received' && proof ? await this.deps.uploads.image(proof, 'proof') : null;
    return this.db.transaction(async (tx) => {
      const [w] = await tx
        .select()
        .from(withdrawalRequests)
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.memberId, memberId)))
        .for('update');
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status !== 'paid' || !allowedFrom[input.outcome].includes(w.receiptStatus ?? '')) {
        throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      }
      // The deadline is judged on the database clock (the auto-receipt job's side of the race):
      // past it the withdrawal counts as received, whatever the app server's clock says.
      const [clock] = await tx
        .select({ expired: sql<boolean>`coalesce(${withdrawalRequests.receiptDeadline} <= now(), false)` })
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.id, id));
      if (clock?.expired) throw new AppError('CONFLICT', { messageKey: 'receiptExpired' });
      const amount = BigInt(w.amount);
      const before = BigInt(w.receivedAmount);
      let received = amount;
      if (input.outcome === 'partial') {
        received = parseAmount(input.amount);
        if (received >= amount) throw fieldError('amount', 'receivedAmountInvalid');
        // What the member said arrived only grows: lowering it later would enlarge a refund.
        if (received < before) throw fieldError('amount', 'receivedAmountLowered', [fromMinor(before)]);
      } else if (input.outcome === 'not_received') {
        received = before;
      }
      const proofId = image
        ? await this.deps.uploads.store(tx, { type: 'member', id: memberId }, 'receipt_proof', image, 'proof')
        : w.receiptProofUploadId;
      await tx.insert(withdrawalReceipts).values({
        withdrawalId: id,
        memberId,
        outcome: input.outcome,
        receivedAmount: received,
        proofUploadId: image ? proofId : null,
        note: input.note ?? null,
        actorType: 'member',
        actorId: memberId,
      });
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: input.outcome,
          receivedAmount: received,
          receiptProofUploadId: proofId,
          receiptNote: input.note ?? w.receiptNote,
          receiptAt: sql`now()`,
        })
        .where(eq(withdrawalRequests.id, id))
        .returning();
      return withdrawalOut(row!);
    });
  }

  /** Closes a not-received investigation: re-sent outside the ledger, or refunded to cash. */
  async resolveInvestigation(
    actor: Actor,
    id: number,
    input: { outcome: 'paid_again' | 'refunded'; note: string },
  ): Promise<Withdrawal> {
    if (!input.note.trim()) throw fieldError('note', 'reasonRequired');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: 'resolved',
          resolution: input.outcome,
          resolutionNote: input.note,
          receivedAmount: sql`case when ${input.outcome} = 'paid_again' then ${withdrawalRequests.amount} else ${withdrawalRequests.receivedAmount} end`,
        })
        .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.receiptStatus, 'not_received')))
        .returning();
      if (!row) throw await notPending(tx, withdrawalRequests, id);
      await tx.insert(withdrawalReceipts).values({
        withdrawalId: id,
        memberId: row.memberId,
        outcome: `resolved:${input.outcome}`,
        receivedAmount: BigInt(row.receivedAmount),
        note: input.note,
        actorType: 'operator',
        actorId: actor.id,
      });
      let ledgerTransactionId: number | null = null;
      if (input.outcome === 'refunded') {
        // Only what never arrived goes back.
        const refund = BigInt(row.amount) - BigInt(row.receivedAmount);
        if (refund > 0n) {
          const posted = await this.deps.wallet.post(
            {
              key: `withdraw:${id}:refund`,
              reason: 'withdraw_refund',
              postings: [
                { account: Accounts.clearing(`PAYOUT_${row.payoutKind.toUpperCase()}`), amount: -refund },
                { account: Accounts.cash(row.memberId), amount: refund },
              ],
              metadata: { withdrawalId: id, operator: actor.account },
            },
            tx,
          );
          ledgerTransactionId = posted.transactionId;
        }
      }
      await this.deps.audit.record(
        {
          actor,
          action: 'withdrawal.resolve',
          target: { type: 'withdrawal', id },
          before: { receiptStatus: 'not_received', receivedAmount: fromMinor(BigInt(row.receivedAmount)) },
          after: {
            receiptStatus: 'resolved',
            resolution: input.outcome,
            ledgerTransactionId,
            note: input.note,
          },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return withdrawalOut(row);
    });
  }

  /** The auto-receipt job: paid withdrawals unanswered past their deadline count as received (not refunded). */
  async autoConfirmReceipts(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(withdrawalRequests)
        .set({
          receiptStatus: 'auto_received',
          receivedAmount: sql`${withdrawalRequests.amount}`,
          receiptAt: now,
        })
        .where(
          and(
            eq(withdrawalRequests.receiptStatus, 'awaiting'),
            sql`${withdrawalRequests.receiptDeadline} <= ${now}`,
          ),
        )
        .returning({
          id: withdrawalRequests.id,
          memberId: withdrawalRequests.memberId,
          amount: withdrawalRequests.amount,
        });
      if (rows.length) {
        await tx.insert(withdrawalReceipts).values(
          rows.map((r) => ({
            withdrawalId: r.id,
            memberId: r.memberId,
            outcome: 'auto_received',
            receivedAmount: BigInt(r.amount),
            actorType: 'job',
          })),
        );
      }
      return rows.length;
    });
  }
}
