import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { seamlessTransactions } from './schema.ts';

/** Every vendor call of one member's round, oldest first: for the operator's rounds search. */
export async function roundTransactions(db: DbOrTx, vendor: string, roundId: string, memberId: number) {
  const rows = await db
    .select()
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.vendor, vendor),
        eq(seamlessTransactions.roundId, roundId),
        eq(seamlessTransactions.memberId, memberId),
      ),
    )
    .orderBy(asc(seamlessTransactions.id));
  return rows;
}
