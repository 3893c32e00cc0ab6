import { businessDayOf } from '@wps/contract';
import type { VipService } from '../modules/missions/vip.ts';
import type { CashbackService } from '../modules/promotions/cashback.ts';
import type { JobDefinition } from './scheduler.ts';

/**
 * Cashback per ended business day and week, and the VIP monthly bonus per ended month. Every
 * period counts (catch-up after downtime): a missed day still owes its cashback. The scheduler
 * runs each (job, period) once across instances; the rows keyed by (promotion, member, period)
 * and (member, month) pay once besides, so a run killed midway and run again pays nothing twice.
 */
export function promoKindJobs(
  cashback: CashbackService,
  vip: VipService,
  utcOffsetMinutes: number,
): JobDefinition[] {
  return [
    ...(['day', 'week'] as const).map(
      (period): JobDefinition => ({
        name: `promotions-cashback-${period}`,
        period,
        catchUp: true,
        run: (ctx) => cashback.settle(period, ctx.periodStart, ctx.periodEnd, (tx) => ctx.assertOwner(tx)),
      }),
    ),
    {
      name: 'vip-monthly-bonus',
      period: 'month',
      catchUp: true,
      run: (ctx) =>
        vip.payMonthly(businessDayOf(ctx.periodStart, utcOffsetMinutes).slice(0, 7), (tx) =>
          ctx.assertOwner(tx),
        ),
    },
  ];
}
