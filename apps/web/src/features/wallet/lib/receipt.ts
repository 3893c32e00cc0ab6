import { fromMinor, MONEY_RE, type RECEIPT_STATUSES, toMinor, type Withdrawal } from '@wps/contract';
import type { BadgeTone } from '../components/money.tsx';

type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const WITHDRAW_TONE: Record<Withdrawal['status'], BadgeTone> = {
  pending: 'warn',
  paid: 'ok',
  rejected: 'bad',
};

export const RECEIPT_TONE: Record<ReceiptStatus, BadgeTone> = {
  awaiting: 'warn',
  received: 'ok',
  partial: 'warn',
  all_received: 'ok',
  not_received: 'bad',
  auto_received: 'info',
  resolved: 'info',
};

/** SPEC §4: a paid withdrawal is confirmed while it awaits an answer, or after a partial one. */
export const canConfirmReceipt = (w: Pick<Withdrawal, 'status' | 'receiptStatus'>) =>
  w.status === 'paid' && (w.receiptStatus === 'awaiting' || w.receiptStatus === 'partial');

/**
 * What is still missing if `received` arrived of `amount`; null when the figure is not a valid
 * partial receipt (nothing, all of it, or more).
 */
export function remainderAfter(amount: string, received: string): string | null {
  const text = received.trim();
  if (!MONEY_RE.test(text) || !MONEY_RE.test(amount)) return null;
  const got = toMinor(text);
  const total = toMinor(amount);
  if (got <= 0n || got >= total) return null;
  return fromMinor(total - got);
}
