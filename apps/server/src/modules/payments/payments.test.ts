import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { esewaForm, esewaSign, flatJsonFields, readEsewaCallback } from './esewa.ts';
import { paisaOf } from './http.ts';
import { ESEWA_NOT_FOUND_AFTER_MS, FIRST_CHECK_MS } from './service.ts';
import { paymentsKit, rid } from './test-kit.ts';

/**
 * Issue 29, deposits through eSewa ePay v2 and Khalti KPG-2 against the local simulators: each
 * provider state, tampered and foreign callbacks, amount mismatches, replays, the reconciliation
 * job, and that the credit is the cashier's own deposit approval (ledger key, limits, audit).
 */
describe('payments: eSewa and Khalti deposits', () => {
  let t: TestApp;
  let op: CreatedAccount;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 1_000 });
    op = await createOperator(t.app, { permissions: ['cashier', 'audit', 'promotions'] });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock = Date.now();
    t.app.services.payments.setClock(() => new Date(clock));
    t.app.paymentSims.esewa!.down = false;
    t.app.paymentSims.khalti!.down = false;
  });
  const later = (ms: number) => {
    clock += ms;
  };
  const kit = paymentsKit(() => t);
  const { start, postEsewaForm, follow, pidxOf, cash, deposit, audits, credits } = kit;
  const esewaSim = () => t.app.paymentSims.esewa!;
  const khaltiSim = () => t.app.paymentSims.khalti!;
  const job = () => t.app.services.payments.reconcileDue();

  describe('eSewa protocol', () => {
    it('signs the documented message and reads a success redirect, number literals as written', () => {
      // The docs' example input, the UAT key: `name=value` in signed_field_names order, comma-joined.
      const sig = esewaSign(
        '8gBm/:&EnhH.1/q',
        { product_code: 'EPAYTEST', total_amount: '100', transaction_uuid: '11-201-13' },
        'total_amount,transaction_uuid,product_code',
      );
      expect(sig).toBe(
        createHmac('sha256', '8gBm/:&EnhH.1/q')
          .update('total_amount=100,transaction_uuid=11-201-13,product_code=EPAYTEST')
          .digest('base64'),
      );
      expect(flatJsonFields('{"a":1000.0,"b":"x\\"y","c":true}')).toEqual({
        a: '1000.0',
        b: 'x"y',
        c: 'true',
      });
      expect(flatJsonFields('{"a":{"b":1}}')).toBeNull();
      expect(paisaOf('500.0')).toBe(50000n);
      expect(paisaOf(500)).toBe(50000n);
      expect(paisaOf('500.505')).toBeNull();
      const fields = esewaForm({
        secret: 's',
        productCode: 'EPAYTEST',
        orderId: 'WPS-1',
        amount: 50000n,
        successUrl: 'https://x/ok',
        failureUrl: 'https://x/no',
      });
      expect(fields).toMatchObject({
        amount: '500.00',
        tax_amount: '0',
        total_amount: '500.00',
        signed_field_names: 'total_amount,transaction_uuid,product_code',
      });
      const names = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
      const body = {
        transaction_code: '000AWEO',
        status: 'COMPLETE',
        total_amount: '500.0',
        transaction_uuid: 'WPS-1',
        product_code: 'EPAYTEST',
        signed_field_names: names,
      };
      const signature = esewaSign('s', body, names);
      const data = Buffer.from(
        `{"transaction_code":"000AWEO","status":"COMPLETE","total_amount":500.0,"transaction_uuid":"WPS-1","product_code":"EPAYTEST","signed_field_names":"${names}","signature":"${signature}"}`,
      ).toString('base64');
      expect(readEsewaCallback(data, 's')).toMatchObject({ ok: true, fields: { total_amount: '500.0' } });
      expect(readEsewaCallback(data, 'other')).toEqual({ ok: false, reason: 'bad_signature' });
      expect(readEsewaCallback('!!', 's')).toEqual({ ok: false, reason: 'malformed' });
    });
  });

  describe('eSewa', () => {
    it('pays, returns, is confirmed by the status check and credited once; a replay changes nothing', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const s = await start(m.token, 'esewa', '500');
      expect(s.status).toBe(200);
      const d = s.body.value;
      expect(d.redirect).toMatchObject({ method: 'POST', url: '/payments-sim/esewa/api/epay/main/v2/form' });
      if (d.redirect.method !== 'POST') throw new Error('form');
      expect(d.redirect.fields).toMatchObject({
        total_amount: '500.00',
        transaction_uuid: d.orderId,
        product_code: 'EPAYTEST',
      });
      expect(d.redirect.fields.success_url).toMatch(/\/wps\/payments\/esewa\/return$/);
      // Nothing is credited before the provider confirms.
      expect(await deposit(d.depositId)).toMatchObject({ status: 'pending' });
      const page = await postEsewaForm(d);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Pay with eSewa');
      const back = await follow(esewaSim().pay(d.orderId));
      expect(back).toMatchObject({ status: 303, outcome: 'credited', deposit: String(d.depositId) });
      expect(back.location.startsWith('/member?page=depositv2&payment=esewa')).toBe(true);
      expect(await cash(m.id)).toBe(before + 50000n);
      expect(await deposit(d.depositId)).toMatchObject({ status: 'approved' });
      const again = await follow(esewaSim().pay(d.orderId));
      expect(again.outcome).toBe('already');
      await job();
      expect(await cash(m.id)).toBe(before + 50000n);
      expect(await credits(d.depositId)).toBe(1);
      expect((await audits('payment.callback_replay')).some((a) => a.target_id === d.orderId)).toBe(true);
      // The approval is the cashier's own, recorded against the provider.
      const approvals = await t.database.query(
        `select actor_account from audit_log where action = 'deposit.approve' and target_id = '${d.depositId}'`,
      );
      expect(approvals).toEqual([{ actor_account: 'esewa' }]);
    });

    it('answers a retried start with the same deposit and form', async () => {
      const m = await createMember(t.app);
      const requestId = rid();
      const a = await start(m.token, 'esewa', '200', requestId);
      const b = await start(m.token, 'esewa', '200', requestId);
      expect(b.body.value).toEqual(a.body.value);
      const other = await start(m.token, 'esewa', '300', requestId);
      expect(other.status).toBe(409);
    });

    it('refuses and audits a tampered return; the status check later credits the amount really paid, once', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const d = (await start(m.token, 'esewa', '250')).body.value;
      await postEsewaForm(d);
      const back = await follow(esewaSim().pay(d.orderId, { tamperAmount: '2500.0' }));
      expect(back.outcome).toBe('refused');
      expect(await cash(m.id)).toBe(before);
      expect((await audits('payment.callback_refused')).at(-1)?.after).toMatchObject({
        reason: 'bad_signature',
      });
      // Forged data of another shape is refused the same way.
      expect((await follow('/wps/payments/esewa/return?data=bm90IGpzb24=')).outcome).toBe('refused');
      expect((await follow('/wps/payments/esewa/return')).outcome).toBe('refused');
      later(FIRST_CHECK_MS + 1000);
      expect(await job()).toMatchObject({ credited: 1 });
      expect(await cash(m.id)).toBe(before + 25000n);
      await job();
      expect(await credits(d.depositId)).toBe(1);
    });

    it('refuses a signed return whose amount is not the order’s, and an eSewa record of another amount', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const d = (await start(m.token, 'esewa', '400')).body.value;
      await postEsewaForm(d);
      // eSewa's own record says 40.00 was paid (a form altered before it reached eSewa).
      esewaSim().setStatus(d.orderId, 'PENDING', '40.00');
      const back = await follow(esewaSim().pay(d.orderId));
      expect(back.outcome).toBe('refused');
      expect((await audits('payment.callback_refused')).at(-1)?.after).toMatchObject({
        reason: 'amount_mismatch',
      });
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await deposit(d.depositId)).toMatchObject({ status: 'rejected' });
      expect(await cash(m.id)).toBe(before);
      expect((await audits('payment.amount_mismatch')).some((a) => a.target_id === d.orderId)).toBe(true);
    });

    it('closes a canceled payment from the failure URL by the status check', async () => {
      const m = await createMember(t.app);
      const d = (await start(m.token, 'esewa', '150')).body.value;
      const page = await postEsewaForm(d);
      const cancel = /action="([^"]+\/cancel)"/.exec(page.body)![1]!;
      const res = await kit.inject({ method: 'POST', url: cancel });
      expect(res.statusCode).toBe(303);
      const back = await follow(String(res.headers.location));
      expect(back.outcome).toBe('canceled');
      expect(await deposit(d.depositId)).toMatchObject({ status: 'rejected' });
      // Refunds after the fact close the same way (FULL_REFUND, PARTIAL_REFUND).
      const r = (await start(m.token, 'esewa', '150')).body.value;
      await postEsewaForm(r);
      esewaSim().setStatus(r.orderId, 'FULL_REFUND');
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await deposit(r.depositId)).toMatchObject({ status: 'rejected' });
    });

    it('keeps PENDING and AMBIGUOUS open, checks again later, and expires NOT_FOUND after the session window', async () => {
      const m = await createMember(t.app);
      const d = (await start(m.token, 'esewa', '120')).body.value;
      await postEsewaForm(d);
      const checks = async () => (await t.app.services.payments.orderOf(d.depositId))?.checks;
      // Not due before five minutes (eSewa's rule).
      await job();
      expect(await checks()).toBe(0);
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await checks()).toBe(1);
      // Next due five minutes later, then ten (backing off).
      await job();
      expect(await checks()).toBe(1);
      esewaSim().setStatus(d.orderId, 'AMBIGUOUS');
      later(10 * 60_000 + 1000);
      await job();
      const order = await t.app.services.payments.orderOf(d.depositId);
      expect(order).toMatchObject({ state: 'pending', providerStatus: 'AMBIGUOUS', checks: 2 });
      // A session eSewa no longer knows: open until the window, then expired.
      const n = (await start(m.token, 'esewa', '120')).body.value;
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect((await t.app.services.payments.orderOf(n.depositId))?.state).toBe('pending');
      later(ESEWA_NOT_FOUND_AFTER_MS);
      await job();
      expect((await t.app.services.payments.orderOf(n.depositId))?.state).toBe('expired');
      expect(await deposit(n.depositId)).toMatchObject({ status: 'rejected' });
    });

    it('records an outage and settles on a later check', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const d = (await start(m.token, 'esewa', '333.33')).body.value;
      await postEsewaForm(d);
      esewaSim().pay(d.orderId);
      esewaSim().down = true;
      later(FIRST_CHECK_MS + 1000);
      await job();
      const order = await t.app.services.payments.orderOf(d.depositId);
      expect(order).toMatchObject({ state: 'pending' });
      expect(order?.lastError).toContain('Service is currently unavailable');
      esewaSim().down = false;
      later(60 * 60_000);
      await job();
      expect(await cash(m.id)).toBe(before + 33333n);
    });
  });

  describe('Khalti', () => {
    it('initiates server side, returns, is confirmed by the lookup and credited once', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const s = await start(m.token, 'khalti', '750');
      expect(s.status).toBe(200);
      const d = s.body.value;
      expect(d.redirect.method).toBe('GET');
      const pidx = pidxOf(d);
      expect(khaltiSim().payment(pidx)).toMatchObject({
        amount: 75000,
        purchaseOrderId: d.orderId,
        status: 'Initiated',
      });
      const page = await kit.inject({ method: 'GET', url: d.redirect.url });
      expect(page.body).toContain('Pay with Khalti');
      const back = await follow(khaltiSim().pay(pidx));
      expect(back.outcome).toBe('credited');
      expect(await cash(m.id)).toBe(before + 75000n);
      expect((await follow(khaltiSim().returnUrl(pidx))).outcome).toBe('already');
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await credits(d.depositId)).toBe(1);
      expect(await t.app.services.payments.orderOf(d.depositId)).toMatchObject({
        state: 'credited',
        providerStatus: 'Completed',
        providerRef: khaltiSim().payment(pidx)!.transactionId,
      });
    });

    it('refuses a return with another amount, another order id or an unknown pidx', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const d = (await start(m.token, 'khalti', '100')).body.value;
      const pidx = pidxOf(d);
      expect((await follow(khaltiSim().pay(pidx, { tamperAmount: 1_000_000 }))).outcome).toBe('refused');
      const url = new URL(khaltiSim().returnUrl(pidx));
      url.searchParams.set('purchase_order_id', 'WPS-SOMEONE-ELSE');
      expect((await follow(url.toString())).outcome).toBe('refused');
      expect((await follow('/wps/payments/khalti/return?pidx=unknownpidx&status=Completed')).outcome).toBe(
        'refused',
      );
      expect(await cash(m.id)).toBe(before);
      const reasons = (await audits('payment.callback_refused')).map((a) => a.after.reason);
      expect(reasons).toEqual(expect.arrayContaining(['amount_mismatch', 'order_mismatch', 'unknown_pidx']));
      // The lookup still knows the truth: reconciliation credits it.
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await cash(m.id)).toBe(before + 10000n);
    });

    it('closes User canceled, Expired and Refunded; keeps Pending and Initiated open', async () => {
      const m = await createMember(t.app);
      const canceled = (await start(m.token, 'khalti', '100')).body.value;
      const page = await kit.inject({ method: 'GET', url: canceled.redirect.url });
      const cancel = /action="([^"]+\/cancel)"/.exec(page.body)![1]!;
      const res = await kit.inject({ method: 'POST', url: cancel });
      expect((await follow(String(res.headers.location))).outcome).toBe('canceled');

      const expiring = (await start(m.token, 'khalti', '100')).body.value;
      const refunded = (await start(m.token, 'khalti', '100')).body.value;
      const pending = (await start(m.token, 'khalti', '100')).body.value;
      khaltiSim().expireAt(pidxOf(expiring), new Date(Date.now() - 1000));
      khaltiSim().setStatus(pidxOf(refunded), 'Refunded');
      khaltiSim().setStatus(pidxOf(pending), 'Pending');
      later(FIRST_CHECK_MS + 1000);
      await job();
      const state = async (id: number) => (await t.app.services.payments.orderOf(id))?.state;
      expect(await state(expiring.depositId)).toBe('expired');
      expect(await state(refunded.depositId)).toBe('canceled');
      expect(await state(pending.depositId)).toBe('pending');
      expect(await deposit(expiring.depositId)).toMatchObject({ status: 'rejected' });
    });

    it('closes the order and its deposit when initiate is refused (nothing can be paid)', async () => {
      const m = await createMember(t.app);
      const channel = await t.app.services.cashier.gatewayChannel('khalti');
      // An operator set a minimum below Khalti's own (Rs 10): Khalti refuses the initiate.
      await t.app.services.cashier.updateChannel({ id: op.id, account: op.account }, channel!.id, {
        min: '1.00',
      });
      try {
        const s = await start(m.token, 'khalti', '5');
        expect(s.status).toBe(502);
        expect(s.body.message).toBe('The payment provider did not answer. Please try again in a moment.');
        const [row] = (await t.database.query(
          `select id, status from deposit_requests where member_id = ${m.id}`,
        )) as Array<{ id: number; status: string }>;
        expect(row?.status).toBe('rejected');
        expect(await t.app.services.payments.orderOf(row!.id)).toMatchObject({
          state: 'canceled',
          providerStatus: 'initiate refused',
        });
      } finally {
        await t.app.services.cashier.updateChannel({ id: op.id, account: op.account }, channel!.id, {
          min: '10.00',
        });
      }
    });

    it('refuses a lookup of another amount (mismatch) and credits nothing', async () => {
      const m = await createMember(t.app);
      const before = await cash(m.id);
      const d = (await start(m.token, 'khalti', '500')).body.value;
      khaltiSim().setStatus(pidxOf(d), 'Completed', 5000);
      later(FIRST_CHECK_MS + 1000);
      await job();
      expect(await t.app.services.payments.orderOf(d.depositId)).toMatchObject({ state: 'refused' });
      expect(await cash(m.id)).toBe(before);
    });
  });

  describe('the cashier rules apply', () => {
    it('an operator cannot approve or reject a provider deposit; the console shows and checks it', async () => {
      const m = await createMember(t.app);
      const d = (await start(m.token, 'khalti', '100')).body.value;
      for (const action of ['approve', 'reject']) {
        const res = await kit.inject({
          method: 'POST',
          url: `/wps/admin/cashier/deposits/${d.depositId}/${action}`,
          headers: { token: op.token },
          payload: { note: 'by hand' },
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toContain("payment provider's own confirmation");
      }
      const queue = await kit.inject({
        method: 'GET',
        url: '/wps/admin/cashier/deposits?status=pending&pageSize=100',
        headers: { token: op.token },
      });
      const row = queue.json().value.content.find((r: { id: number }) => r.id === d.depositId);
      expect(row.gateway).toMatchObject({
        provider: 'khalti',
        orderId: d.orderId,
        state: 'pending',
        checks: 0,
      });
      khaltiSim().pay(pidxOf(d));
      const check = await kit.inject({
        method: 'POST',
        url: `/wps/admin/payments/deposits/${d.depositId}/check`,
        headers: { token: op.token },
      });
      expect(check.json().value).toMatchObject({
        outcome: 'credited',
        gateway: { state: 'credited', checks: 1 },
      });
      const status = await kit.inject({
        method: 'GET',
        url: '/wps/admin/payments/status',
        headers: { token: op.token },
      });
      expect(status.json().value.map((p: { mode: string }) => p.mode)).toEqual(['simulator', 'simulator']);
    });

    it('a manual deposit cannot use a provider channel, and a provider deposit keeps the channel limits', async () => {
      const m = await createMember(t.app);
      const channels = (
        await kit.inject({ method: 'GET', url: '/wps/payments/channels', headers: { token: m.token } })
      ).json().value;
      expect(channels.map((c: { provider: string }) => c.provider)).toEqual(['esewa', 'khalti']);
      const manual = await kit.inject({
        method: 'POST',
        url: '/wps/cashier/deposits',
        headers: { token: m.token },
        payload: { channelId: channels[0].channelId, amount: '100', reference: 'x' },
      });
      expect(manual.statusCode).toBe(404);
      expect((await start(m.token, 'esewa', '5')).status).toBe(400);
      expect((await start(m.token, 'khalti', '100000.01')).status).toBe(400);
      const trial = await createMember(t.app, { type: 4 });
      expect((await start(trial.token, 'esewa', '100')).status).toBe(403);
    });

    it('earns the first-deposit bonus opted into on the form, as the first approved deposit', async () => {
      const promo = await kit.inject({
        method: 'POST',
        url: '/wps/admin/promotions',
        headers: { token: op.token },
        payload: {
          summary: 'Summary',
          body: 'Rules',
          startsAt: '2020-01-01T00:00:00Z',
          title: 'First deposit 100% (eSewa)',
          category: 'deposit',
          labels: ['NEWBIE'],
          kind: 'deposit_bonus',
          depositNth: 1,
          percent: 100,
          cap: '500.00',
          minDeposit: '100.00',
          wageringMultiplier: 10,
          contributions: { RNG: 100 },
        },
      });
      expect(promo.statusCode).toBe(200);
      const m = await createMember(t.app);
      const res = await kit.inject({
        method: 'POST',
        url: '/wps/payments/khalti/deposits',
        headers: { token: m.token },
        payload: { amount: '1000', requestId: rid(), bonusPromotionId: promo.json().value.id },
      });
      expect(res.statusCode).toBe(200);
      const d = res.json().value;
      await follow(khaltiSim().pay(pidxOf(d)));
      const balances = await t.app.services.wallet.memberBalances(m.id);
      expect(balances.player_bonus).toBe(50_000n);
      expect(await t.app.services.cashier.firstApprovedDeposit(m.id)).toMatchObject({ amount: 100_000n });
    });

    it("counts toward the member's deposit limit (player protection) like any deposit", async () => {
      const m = await createMember(t.app);
      const set = await kit.inject({
        method: 'PUT',
        url: '/wps/member/limits',
        headers: { token: m.token },
        payload: { kind: 'deposit', period: 'day', value: '300.00' },
      });
      expect(set.statusCode).toBe(200);
      expect((await start(m.token, 'esewa', '200')).status).toBe(200);
      // The pending eSewa deposit counts: 200 + 200 > 300.
      const over = await start(m.token, 'khalti', '200');
      expect(over.status).toBe(403);
      expect(over.body.code).toBe('LIMIT_EXCEEDED');
    });
  });
});

describe('payments: a provider without its key in production is off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      esewa: { mode: 'disabled', productCode: '', secretKey: '', baseUrl: null },
      khalti: { mode: 'disabled', secretKey: '', baseUrl: null },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers nothing, refuses to start, mounts no simulator, creates no channel', async () => {
    const m = await createMember(t.app);
    const list = await t.app.inject({ url: '/wps/payments/channels', headers: { token: m.token } });
    expect(list.json().value).toEqual([]);
    const start = await t.app.inject({
      method: 'POST',
      url: '/wps/payments/esewa/deposits',
      headers: { token: m.token },
      payload: { amount: '100', requestId: rid() },
    });
    expect(start.statusCode).toBe(403);
    expect(start.json().code).toBe('NOT_ENABLED');
    expect((await t.app.inject({ url: '/payments-sim/khalti/pay/?pidx=x' })).statusCode).toBe(404);
    expect(t.app.paymentSims).toEqual({ esewa: null, khalti: null });
    expect(await t.app.services.cashier.gatewayChannel('esewa')).toBeNull();
    const back = await t.app.inject({ url: '/wps/payments/esewa/return?data=e30=' });
    expect(String(back.headers.location)).toContain('outcome=refused');
  });

  it('reads the modes from the environment: live with a key, disabled without one in production', () => {
    const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'm'.repeat(16) };
    const off = loadConfig(prod);
    expect([off.esewa.mode, off.khalti.mode]).toEqual(['disabled', 'disabled']);
    expect(off.esewa.secretKey).toBe('');
    expect(() => loadConfig({ ...prod, KHALTI_SECRET_KEY: 'live_secret_key_1' })).toThrow(/PUBLIC_URL/);
    const live = loadConfig({
      ...prod,
      PUBLIC_URL: 'https://wps.example.np/',
      ESEWA_SECRET_KEY: 'k',
      ESEWA_PRODUCT_CODE: 'NP-ES-WPS',
      KHALTI_SECRET_KEY: 'live_secret_key_1',
    });
    expect(live.esewa).toMatchObject({
      mode: 'live',
      productCode: 'NP-ES-WPS',
      baseUrl: 'https://epay.esewa.com.np',
    });
    expect(live.khalti).toMatchObject({ mode: 'live', baseUrl: 'https://khalti.com/api/v2' });
    expect(() =>
      loadConfig({ ...prod, ESEWA_SECRET_KEY: 'k', PUBLIC_URL: 'https://wps.example.np' }),
    ).toThrow(/ESEWA_PRODUCT_CODE/);
    expect(live.publicUrl).toBe('https://wps.example.np');
    const dev = loadConfig({ NODE_ENV: 'development' });
    const again = loadConfig({ NODE_ENV: 'development' });
    expect(dev.esewa).toMatchObject({ mode: 'simulator', productCode: 'EPAYTEST', baseUrl: null });
    // A secret generated per process start, never a committed default.
    expect(dev.esewa.secretKey).not.toBe(again.esewa.secretKey);
    expect(dev.khalti.secretKey).not.toBe(again.khalti.secretKey);
  });
});

describe('payments: a live provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      esewa: {
        mode: 'live',
        productCode: 'EPAYTEST',
        secretKey: 'k',
        baseUrl: 'https://rc-epay.esewa.com.np',
      },
      khalti: { mode: 'disabled', secretKey: '', baseUrl: null },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with its channel switched off, and lets the deposit page POST the form to its host', async () => {
    const m = await createMember(t.app);
    const channel = await t.app.services.cashier.gatewayChannel('esewa');
    expect(channel).toMatchObject({ code: 'ESEWA_EPAY', enabled: false });
    const list = await t.app.inject({ url: '/wps/payments/channels', headers: { token: m.token } });
    expect(list.json().value).toEqual([]);
    expect(t.app.paymentSims.esewa).toBeNull();
    const csp = String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://rc-epay.esewa.com.np");
  });
});
