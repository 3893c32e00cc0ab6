import type { ReasonCode } from '@wps/contract';
import type { AccountRef } from './accounts.ts';

export type Metadata = Record<string, string | number | boolean | null>;

export interface PostRequest {
  /** Idempotency key: the same key applies once (TigerBeetle's transfer id). */
  key: string;
  reason: ReasonCode;
  postings: ReadonlyArray<{ account: AccountRef; amount: bigint }>;
  metadata?: Metadata;
}

/**
 * A journal transaction checked and ready for `wallet_post`: validated, merged, fingerprinted,
 * accounts resolved. Other modules' database functions that must post in the same statement as
 * their own writes (seamless_apply) take these as arguments; nothing else builds them.
 */
export interface PreparedPost {
  key: string;
  reason: ReasonCode;
  fingerprint: string;
  metadataJson: string;
  accountKeys: string[];
  accountIds: number[];
  amounts: bigint[];
}

export interface PostResult {
  transactionId: number;
  /** True when the key had been applied before: the answer is the first application's. */
  replayed: boolean;
  /** Balance after the transaction, by account key. */
  balances: ReadonlyMap<string, bigint>;
}

export type HoldStatus = 'pending' | 'posted' | 'voided';
export interface Hold {
  id: number;
  key: string;
  memberId: number;
  amount: bigint;
  status: HoldStatus;
  holdTransactionId: number;
  settleTransactionId: number | null;
}

export interface DateRange {
  from?: Date | undefined;
  to?: Date | undefined;
}
