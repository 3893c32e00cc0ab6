import type { PaymentsService } from '../modules/payments/service.ts';
import type { JobDefinition } from './scheduler.ts';

/**
 * Issue 29: every minute, ask eSewa / Khalti about each provider deposit still pending whose
 * next check is due (the first five minutes after it was made: eSewa's rule for a response not
 * received, https://developer.esewa.com.np/pages/Epay flow step 6), and settle it by the answer:
 * credited once, closed (canceled, expired), or asked again later with a growing gap. Settling is
 * exactly-once by itself (payments/service.ts), so a repeated or overlapping run changes nothing.
 */
export function paymentsReconcileJob(payments: PaymentsService): JobDefinition {
  return {
    name: 'payments-reconcile',
    periodMs: 60_000,
    run: async () => payments.reconcileDue(),
  };
}
