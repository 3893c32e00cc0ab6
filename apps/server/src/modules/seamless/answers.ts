import {
  CURRENCY,
  fromMinor,
  type MessageKey,
  type ResponseCode,
  type SeamlessStatus,
  type SeamlessValue,
} from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type AccountRef, Accounts, accountKey } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import type { Player } from './players.ts';
import { seamlessTransactions } from './schema.ts';

/** What the route sends: the envelope's code (and message key) plus a value that always has the balance. */
export interface SeamlessAnswer {
  code: ResponseCode;
  messageKey?: MessageKey;
  value: SeamlessValue;
}

type Row = typeof seamlessTransactions.$inferSelect;

/** What answering a seamless call reads: the vendor rows and the wallet. */
export interface SeamlessStore {
  db: Db;
  wallet: WalletService;
}

/** The player's own wallet: play money for trial members, cash otherwise. */
export function walletOf(p: Player): AccountRef {
  return p.trial ? Accounts.trial(p.id) : Accounts.cash(p.id);
}

/** A call's answer: the code, and the player's balance (plus the txId and status when given). */
export function answer(
  p: Player,
  balance: bigint,
  extra: { code?: ResponseCode; messageKey?: MessageKey; txId?: string; status?: SeamlessStatus } = {},
): SeamlessAnswer {
  return {
    code: extra.code ?? 'OK',
    ...(extra.messageKey ? { messageKey: extra.messageKey } : {}),
    value: {
      username: p.account,
      balance: fromMinor(balance),
      currency: CURRENCY,
      ...(extra.txId ? { txId: extra.txId } : {}),
      ...(extra.status ? { status: extra.status } : {}),
    },
  };
}

/** A txId seen before: the first answer again, or a refusal that moves nothing. */
export async function replay(
  store: SeamlessStore,
  tx: Tx | undefined,
  p: Player,
  vendor: string,
  txId: string,
  kind: 'bet' | 'win' | 'rollback',
  fingerprint: string,
): Promise<SeamlessAnswer> {
  const [row] = await (tx ?? store.db)
    .select()
    .from(seamlessTransactions)
    .where(and(eq(seamlessTransactions.vendor, vendor), eq(seamlessTransactions.txId, txId)));
  if (!row) throw new Error('seamless: claimed slot vanished');
  const current = async () => store.wallet.balance(walletOf(p), tx);
  if (row.kind === 'cancelled') {
    return answer(p, await current(), {
      code: 'CONFLICT',
      messageKey: 'txCancelled',
      txId,
      status: 'rejected',
    });
  }
  if (row.kind !== kind || row.fingerprint !== fingerprint) {
    return answer(p, await current(), { code: 'IDEMPOTENCY_CONFLICT', txId });
  }
  // Calls that moved money answer the balance their ledger transaction left (its first result);
  // the others stored the balance they answered.
  let balance = row.balanceAfter === null ? null : BigInt(row.balanceAfter);
  if (row.code === 'OK' && (row.kind !== 'rollback' || row.status === 'rolled_back')) {
    const first = await store.wallet.resultOf(ledgerKey(vendor, txId), tx);
    const own = row.trial ? Accounts.trial(p.id) : Accounts.cash(p.id);
    balance = first?.balances.get(accountKey(own)) ?? balance;
  }
  return answer(p, balance ?? (await current()), {
    code: row.code as ResponseCode,
    ...(row.code === 'CONFLICT'
      ? {
          messageKey:
            row.status === 'round_paid' ? ('rollbackRoundPaid' as const) : ('rollbackNotBet' as const),
        }
      : {}),
    txId,
    status: answeredStatus(row),
  });
}

/** The ledger transaction key of a vendor's call. */
export const ledgerKey = (vendor: string, txId: string) => `seamless:${vendor}:${txId}`;

/** The status first answered for a row (a bet later rolled back still replays as applied). */
function answeredStatus(row: Row): SeamlessStatus {
  if (row.kind === 'rollback') return (row.code === 'OK' ? row.status : 'rejected') as SeamlessStatus;
  return row.code === 'OK' ? 'applied' : 'rejected';
}
