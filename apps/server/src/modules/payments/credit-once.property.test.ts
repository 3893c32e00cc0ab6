import type { ProviderDeposit } from '@wps/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator, type CreatedAccount } from '../../test/members.ts';
import { esewaSign } from './esewa.ts';
import { FIRST_CHECK_MS } from './service.ts';
import { paymentsKit } from './test-kit.ts';

/**
 * Issue 29: whatever order callbacks, replays, forged and tampered returns, reconciliation runs
 * and an operator's checks arrive in (some of them at once), each order is credited at most once,
 * only with the amount the provider confirmed for our order, and exactly once when the provider
 * says it was paid. A forged return signed with the right key but for an unpaid order credits
 * nothing: the status check decides, never the callback.
 */
type Fate = 'paid' | 'canceled' | 'pending' | 'mismatch';
type Event =
  | { kind: 'callback' | 'tampered' | 'check' | 'fate'; order: number }
  | { kind: 'job' }
  | { kind: 'burst'; order: number };

const CALLBACK_SIGNED =
  'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

describe('payments: credited at most once, exactly the confirmed amount (property)', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 1_000 });
    op = await createOperator(t.app, { permissions: ['cashier'] });
    t.app.services.payments.setClock(() => new Date(clock));
  });
  afterAll(async () => {
    await t.close();
  });
  const kit = paymentsKit(() => t);

  /** A success redirect signed with the merchant key, claiming COMPLETE whatever eSewa knows. */
  const esewaCallback = (d: ProviderDeposit, totalAmount: string, tamper = false) => {
    const { secretKey, productCode } = t.app.config.esewa;
    const fields = {
      transaction_code: 'FORGED1',
      status: 'COMPLETE',
      total_amount: totalAmount,
      transaction_uuid: d.orderId,
      product_code: productCode,
      signed_field_names: CALLBACK_SIGNED,
    };
    const signature = esewaSign(secretKey, fields, CALLBACK_SIGNED);
    const json = JSON.stringify({
      ...fields,
      total_amount: tamper ? `${totalAmount}1` : totalAmount,
      signature,
    });
    return `/wps/payments/esewa/return?data=${encodeURIComponent(Buffer.from(json).toString('base64'))}`;
  };
  const khaltiCallback = (d: ProviderDeposit, paisa: number) => {
    const pidx = kit.pidxOf(d);
    return `/wps/payments/khalti/return?${new URLSearchParams({
      pidx,
      status: 'Completed',
      amount: String(paisa),
      total_amount: String(paisa),
      purchase_order_id: d.orderId,
      transaction_id: 'TX',
    })}`;
  };

  const scenario = fc.record({
    orders: fc.array(
      fc.record({
        provider: fc.constantFrom('esewa' as const, 'khalti' as const),
        rupees: fc.integer({ min: 10, max: 5000 }),
        fate: fc.constantFrom<Fate>('paid', 'paid', 'canceled', 'pending', 'mismatch'),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    events: fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constantFrom(
            'callback' as const,
            'tampered' as const,
            'check' as const,
            'fate' as const,
            'burst' as const,
          ),
          order: fc.nat(2),
        }),
        fc.constant({ kind: 'job' as const }),
      ),
      { minLength: 1, maxLength: 10 },
    ),
  });

  it('holds for any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ orders, events }) => {
        const m = await createMember(t.app);
        const before = await kit.cash(m.id);
        const deposits: ProviderDeposit[] = [];
        for (const o of orders) {
          const s = await kit.start(m.token, o.provider, `${o.rupees}.00`);
          expect(s.status).toBe(200);
          deposits.push(s.body.value);
          if (o.provider === 'esewa') await kit.postEsewaForm(s.body.value);
        }
        const applied = new Set<number>();
        const applyFate = (i: number) => {
          const o = orders[i]!;
          const d = deposits[i]!;
          applied.add(i);
          if (o.provider === 'esewa') {
            const sim = t.app.paymentSims.esewa!;
            if (o.fate === 'paid') sim.setStatus(d.orderId, 'COMPLETE');
            if (o.fate === 'canceled') sim.setStatus(d.orderId, 'CANCELED');
            if (o.fate === 'mismatch') sim.setStatus(d.orderId, 'COMPLETE', `${o.rupees + 1}.00`);
          } else {
            const sim = t.app.paymentSims.khalti!;
            const pidx = kit.pidxOf(d);
            if (o.fate === 'paid') sim.setStatus(pidx, 'Completed');
            if (o.fate === 'canceled') sim.setStatus(pidx, 'User canceled');
            if (o.fate === 'mismatch') sim.setStatus(pidx, 'Completed', (o.rupees + 1) * 100);
          }
        };
        const callback = (i: number, tamper: boolean) => {
          const o = orders[i]!;
          const d = deposits[i]!;
          const url =
            o.provider === 'esewa'
              ? esewaCallback(d, `${o.rupees}.0`, tamper)
              : khaltiCallback(d, tamper ? o.rupees * 1000 : o.rupees * 100);
          return kit.follow(url);
        };
        const run = async (e: Event): Promise<unknown> => {
          if (e.kind === 'job') {
            clock += FIRST_CHECK_MS * 13;
            return t.app.services.payments.reconcileDue(1_000);
          }
          const i = e.order % orders.length;
          switch (e.kind) {
            case 'fate':
              return applyFate(i);
            case 'callback':
              return callback(i, false);
            case 'tampered':
              return callback(i, true);
            case 'check':
              return t.app.services.payments.checkNow(deposits[i]!.depositId, {
                id: op.id,
                account: op.account,
              });
            default:
              // Two returns, a replay and the job at once.
              clock += FIRST_CHECK_MS * 13;
              return Promise.all([
                callback(i, false),
                callback(i, false),
                t.app.services.payments.reconcileDue(1_000),
              ]);
          }
        };
        const atMostOnce = async () => {
          for (const d of deposits) expect(await kit.credits(d.depositId)).toBeLessThanOrEqual(1);
        };
        for (const e of events) {
          await run(e);
          await atMostOnce();
        }
        // Finally every provider's answer is known, and reconciliation has asked about everything.
        for (let i = 0; i < orders.length; i++) if (!applied.has(i)) applyFate(i);
        clock += FIRST_CHECK_MS * 13;
        await t.app.services.payments.reconcileDue(1_000);
        let expected = 0n;
        for (const [i, o] of orders.entries()) {
          const d = deposits[i]!;
          const order = await t.app.services.payments.orderOf(d.depositId);
          const credited = await kit.credits(d.depositId);
          const want = { paid: 'credited', canceled: 'canceled', pending: 'pending', mismatch: 'refused' }[
            o.fate
          ];
          expect(order?.state, `${o.provider} ${o.fate}`).toBe(want);
          expect(credited).toBe(o.fate === 'paid' ? 1 : 0);
          if (o.fate === 'paid') {
            const [posting] = (await t.database.query(
              `select p.amount::text as amount from ledger_postings p join ledger_transactions x on x.id = p.transaction_id
               where x.idempotency_key = 'deposit:${d.depositId}' and p.amount > 0`,
            )) as Array<{ amount: string }>;
            expect(BigInt(posting!.amount)).toBe(BigInt(o.rupees) * 100n);
            expected += BigInt(o.rupees) * 100n;
          }
        }
        expect(await kit.cash(m.id)).toBe(before + expected);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
