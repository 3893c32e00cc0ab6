import type { CashierService } from '../modules/cashier/service.ts';
import type { JobDefinition } from './scheduler.ts';

/**
 * SPEC §4/§9: a paid withdrawal the member has not answered within RECEIPT_AUTO_MINUTES counts
 * as received (forced receipt; nothing is refunded). Each minute's run settles the withdrawals
 * whose deadline passed by the end of that minute; the update is conditional on `awaiting`, so a
 * repeated run changes nothing.
 */
export function withdrawalReceiptJob(cashier: CashierService): JobDefinition {
  return {
    name: 'withdrawal-auto-receipt',
    periodMs: 60_000,
    run: async ({ periodEnd }) => ({ autoReceived: await cashier.autoConfirmReceipts(periodEnd) }),
  };
}
