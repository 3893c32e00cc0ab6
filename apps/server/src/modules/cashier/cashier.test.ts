import { businessDayOf } from '@wps/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../jobs/scheduler.ts';
import { withdrawalReceiptJob } from '../../jobs/withdrawal-receipt.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember, createOperator } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { cashierKit, JPEG, PAY, PNG } from './test-kit.ts';

describe('cashier API', () => {
  let t: TestApp;
  let op: { id: number; account: string; token: string };
  let player: { id: number; account: string; token: string };
  let channelId: number;

  beforeAll(async () => {
    t = await createTestApp({
      withdrawDailyCount: 3,
      withdrawMinMinor: 10_000n,
      withdrawMaxMinor: 5_000_000n,
      // These flows make many requests from one player; the caps are tried in uploads.test.ts.
      depositPendingMax: 1_000,
      uploadsPerHour: 1_000,
    });
    op = await createOperator(t.app, { permissions: ['cashier', 'audit'] });
    player = await createMember(t.app, { payeeName: 'Ram Bahadur Thapa', paymentPassword: PAY });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, upload, cash, fund } = cashierKit(() => t);

  describe('operator channels', () => {
    it('creates, updates and shows channels; members see only enabled ones', async () => {
      const created = await api(op.token, 'POST', '/wps/admin/cashier/channels', {
        code: 'ESEWA',
        kind: 'wallet',
        name: 'eSewa',
        accountName: 'WPS Gaming',
        accountNumber: '9800000001',
        min: '100.00',
        max: '50000.00',
        instructions: 'Scan the QR in the eSewa app, pay, then enter the transaction code.',
      });
      expect(created.status).toBe(200);
      channelId = created.body.value.id;
      expect(created.body.value).toMatchObject({
        code: 'ESEWA',
        min: '100.00',
        max: '50000.00',
        qrUrl: null,
      });
      const hidden = await api(op.token, 'POST', '/wps/admin/cashier/channels', {
        code: 'KHALTI',
        kind: 'wallet',
        name: 'Khalti',
        accountName: 'WPS',
        accountNumber: '9800000002',
        min: '100',
        max: '100',
        enabled: false,
      });
      expect(hidden.status).toBe(200);
      const dup = await api(op.token, 'POST', '/wps/admin/cashier/channels', {
        ...created.body.value,
        min: '1',
        max: '2',
        code: 'ESEWA',
      });
      expect(dup.status).toBe(409);
      const badLimits = await api(op.token, 'POST', '/wps/admin/cashier/channels', {
        code: 'IMEPAY',
        kind: 'wallet',
        name: 'IME Pay',
        accountName: 'WPS',
        accountNumber: '1',
        min: '-5',
        max: '10',
      });
      expect(badLimits.status).toBe(400);
      expect(badLimits.body.value.fields).toHaveProperty('min');

      const updated = await api(op.token, 'PUT', `/wps/admin/cashier/channels/${channelId}`, {
        max: '60000.00',
      });
      expect(updated.body.value.max).toBe('60000.00');
      const list = await api(player.token, 'GET', '/wps/cashier/channels');
      expect(list.body.value.map((c: { code: string }) => c.code)).toEqual(['ESEWA']);
    });

    it('takes a QR image only when its bytes are PNG or JPEG', async () => {
      const ok = await upload(
        op.token,
        `/wps/admin/cashier/channels/${channelId}/qr`,
        {},
        {
          qr: { data: PNG, name: 'qr.png', type: 'image/png' },
        },
      );
      expect(ok.status).toBe(200);
      const qrUrl = ok.body.value.qrUrl as string;
      expect(qrUrl).toMatch(/^\/wps\/cashier\/uploads\//);
      const img = await api(player.token, 'GET', qrUrl);
      expect(img.status).toBe(200);
      expect(img.raw.headers['content-type']).toBe('image/png');
      expect(img.raw.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
      expect(await sharp(img.raw.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 16,
        height: 16,
      });
      const fake = await upload(
        op.token,
        `/wps/admin/cashier/channels/${channelId}/qr`,
        {},
        {
          qr: { data: Buffer.from('<script>alert(1)</script>'), name: 'qr.png', type: 'image/png' },
        },
      );
      expect(fake.status).toBe(415);
      expect(fake.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        value: { fields: { qr: 'Only PNG or JPG images are accepted.' } },
      });
    });
  });

  describe('deposits', () => {
    it('refuses bad amounts with a field message, in the caller’s language', async () => {
      const cases: Array<[unknown, string]> = [
        ['-5.00', 'Please enter a valid amount greater than 0 with at most two decimals.'],
        ['10.005', 'Please enter a valid amount greater than 0 with at most two decimals.'],
        ['abc', 'Please enter a valid amount greater than 0 with at most two decimals.'],
        ['0', 'Please enter a valid amount greater than 0 with at most two decimals.'],
        ['', 'Please enter a valid amount greater than 0 with at most two decimals.'],
        ['99.99', 'The amount must be at least 100.00.'],
        ['60000.01', 'The amount must be at most 60000.00.'],
      ];
      for (const [amount, message] of cases) {
        const r = await api(player.token, 'POST', '/wps/cashier/deposits', {
          channelId,
          amount,
          reference: 'ref',
        });
        expect(r.status, String(amount)).toBe(400);
        expect(r.body.value.fields.amount, String(amount)).toBe(message);
      }
      const ne = await api(
        player.token,
        'POST',
        '/wps/cashier/deposits',
        { channelId, amount: '1', reference: 'r' },
        { lang: 'ne' },
      );
      expect(ne.body.value.fields.amount).toBe('रकम कम्तीमा 100.00 हुनुपर्छ।');
      const noRef = await api(player.token, 'POST', '/wps/cashier/deposits', {
        channelId,
        amount: '100',
        reference: '  ',
      });
      expect(noRef.body.value.fields.reference).toBe('Input cannot be empty');
      const disabled = await api(op.token, 'GET', '/wps/admin/cashier/channels');
      const khalti = disabled.body.value.find((c: { code: string }) => c.code === 'KHALTI');
      const off = await api(player.token, 'POST', '/wps/cashier/deposits', {
        channelId: khalti.id,
        amount: '100',
        reference: 'r',
      });
      expect(off.status).toBe(404);
      expect(off.body.value.fields.channelId).toBe('This payment channel is not available.');
    });

    it('takes a deposit with a proof image (multipart), sniffed by content, kept private', async () => {
      const r = await upload(
        player.token,
        '/wps/cashier/deposits',
        { channelId: String(channelId), amount: '500.00', reference: 'ESW-123' },
        {
          proof: { data: JPEG, name: 'x.txt', type: 'text/plain' },
        },
      );
      expect(r.status).toBe(200);
      expect(r.body.value).toMatchObject({ status: 'pending', amount: '500.00', reference: 'ESW-123' });
      const proofUrl = r.body.value.proofUrl as string;
      expect((await api(player.token, 'GET', proofUrl)).status).toBe(200);
      const other = await createMember(t.app);
      expect((await api(other.token, 'GET', proofUrl)).status).toBe(404);
      expect((await api(op.token, 'GET', proofUrl)).status).toBe(200);
      expect((await api(null, 'GET', proofUrl)).status).toBe(401);

      const renamed = await upload(
        player.token,
        '/wps/cashier/deposits',
        { channelId: String(channelId), amount: '500.00', reference: 'x' },
        {
          proof: { data: Buffer.from('%PDF-1.4 not an image'), name: 'proof.png', type: 'image/png' },
        },
      );
      expect(renamed.status).toBe(415);
      expect(renamed.body.value.fields.proof).toBe('Only PNG or JPG images are accepted.');
      const huge = await upload(
        player.token,
        '/wps/cashier/deposits',
        { channelId: String(channelId), amount: '500.00', reference: 'x' },
        {
          proof: {
            data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
            name: 'big.png',
            type: 'image/png',
          },
        },
      );
      expect(huge.status).toBe(413);
      expect(huge.body.value.fields.proof).toBe('The image must not be larger than 5MB.');
    });

    it('makes a retried submit (same requestId) one request', async () => {
      const body = { channelId, amount: '200.00', reference: 'ESW-9', requestId: 'req-abcdef-1' };
      const a = await api(player.token, 'POST', '/wps/cashier/deposits', body);
      const b = await api(player.token, 'POST', '/wps/cashier/deposits', body);
      expect(b.body.value.id).toBe(a.body.value.id);
      const c = await api(player.token, 'POST', '/wps/cashier/deposits', { ...body, amount: '300.00' });
      expect(c.status).toBe(409);
    });

    it('operator approves (cash credited, header balance updates) or rejects with a note; each once', async () => {
      const queue = await api(op.token, 'GET', '/wps/admin/cashier/deposits?status=pending');
      expect(queue.status).toBe(200);
      expect(queue.body.value.content.length).toBe(2);
      const [first, second] = queue.body.value.content;
      expect(first).toMatchObject({ account: player.account, amount: '500.00', status: 'pending' });

      const approved = await api(op.token, 'POST', `/wps/admin/cashier/deposits/${first.id}/approve`, {
        note: 'seen on statement',
      });
      expect(approved.body.value.status).toBe('approved');
      const bal = await api(player.token, 'GET', '/wps/v2/wallets/balance');
      expect(bal.body.value).toMatchObject({
        balance: '500.00',
        frozen: '0.00',
        currency: 'NPR',
        trial: false,
      });
      const twice = await api(op.token, 'POST', `/wps/admin/cashier/deposits/${first.id}/approve`, {});
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This request has already been processed.');
      expect(await cash(player.id)).toBe(50_000n);

      const noNote = await api(op.token, 'POST', `/wps/admin/cashier/deposits/${second.id}/reject`, {
        note: ' ',
      });
      expect(noNote.status).toBe(400);
      expect(noNote.body.value.fields.note).toBe('Please enter a reason.');
      const rejected = await api(op.token, 'POST', `/wps/admin/cashier/deposits/${second.id}/reject`, {
        note: 'no money arrived',
      });
      expect(rejected.body.value).toMatchObject({ status: 'rejected', reviewNote: 'no money arrived' });
      expect((await api(op.token, 'POST', `/wps/admin/cashier/deposits/${second.id}/approve`)).status).toBe(
        409,
      );
      expect(await cash(player.id)).toBe(50_000n);
      expect((await api(op.token, 'POST', '/wps/admin/cashier/deposits/999999/approve')).status).toBe(404);

      const mine = await api(player.token, 'GET', '/wps/cashier/deposits');
      expect(mine.body.value.content.map((d: { status: string }) => d.status)).toEqual([
        'rejected',
        'approved',
      ]);
    });

    it('keeps members and other operators out of the operator calls', async () => {
      expect((await api(player.token, 'GET', '/wps/admin/cashier/deposits')).status).toBe(403);
      expect((await api(null, 'GET', '/wps/admin/cashier/deposits')).status).toBe(401);
      const sysOp = await createOperator(t.app, { permissions: ['system'] });
      expect((await api(sysOp.token, 'GET', '/wps/admin/cashier/deposits')).status).toBe(403);
      expect((await api(sysOp.token, 'GET', '/wps/admin/audit')).status).toBe(403);
      expect((await api(op.token, 'GET', '/wps/v2/wallets/balance')).status).toBe(403);
    });
  });

  describe('withdrawals and receipt', () => {
    let payoutId: number;

    it('binds payout accounts only in the member’s real name', async () => {
      const wrong = await api(player.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'wallet',
        provider: 'esewa',
        accountNumber: '9841000000',
        accountName: 'Someone Else',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.value.fields.accountName).toBe('The account holder name must match your real name.');
      const ok = await api(player.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'wallet',
        provider: 'esewa',
        accountNumber: '9841000000',
        accountName: '  ram bahadur   THAPA ',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.value.provider).toBe('ESEWA');
      payoutId = ok.body.value.id;
      const again = await api(player.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'wallet',
        provider: 'ESEWA',
        accountNumber: '9841000000',
        accountName: 'Ram Bahadur Thapa',
      });
      expect(again.status).toBe(409);
      const noName = await createMember(t.app);
      const nn = await api(noName.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'bank',
        provider: 'Nabil Bank',
        accountNumber: '0101',
        accountName: 'X',
      });
      // No real name yet: PROFILE_INCOMPLETE naming it and where it is set (issue 27).
      expect(nn.status).toBe(409);
      expect(nn.body.code).toBe('PROFILE_INCOMPLETE');
      expect(nn.body.value.fields.payeeName).toMatch(/^Please enter your real name/);
      expect((await api(player.token, 'GET', '/wps/cashier/payout-accounts')).body.value).toHaveLength(1);
      const spare = await api(player.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'bank',
        provider: 'Nabil Bank',
        accountNumber: '0101017599',
        accountName: 'Ram Bahadur Thapa',
      });
      expect(
        (await api(player.token, 'DELETE', `/wps/cashier/payout-accounts/${spare.body.value.id}`)).status,
      ).toBe(200);
      expect(
        (await api(player.token, 'DELETE', `/wps/cashier/payout-accounts/${spare.body.value.id}`)).status,
      ).toBe(404);
      expect((await api(player.token, 'GET', '/wps/cashier/payout-accounts')).body.value).toHaveLength(1);
      const settings = await api(player.token, 'GET', '/wps/cashier/withdraw/settings');
      expect(settings.body.value).toEqual({
        min: '100.00',
        max: '50000.00',
        dailyCount: 3,
        usedToday: 0,
        balance: '500.00',
        receiptAutoMinutes: 30,
        payeeName: 'Ram Bahadur Thapa',
        hasPaymentPassword: true,
      });
    });

    it('checks the payment password, limits and balance before holding anything', async () => {
      const w = (body: object) =>
        api(player.token, 'POST', '/wps/cashier/withdrawals', { payoutAccountId: payoutId, ...body });
      const wrongPw = await w({ amount: '100.00', paymentPassword: 'nope' });
      expect(wrongPw.status).toBe(400);
      expect(wrongPw.body.value.fields).toHaveProperty('paymentPassword');
      expect((await w({ amount: '99.99', paymentPassword: PAY })).body.value.fields.amount).toBe(
        'The amount must be at least 100.00.',
      );
      expect((await w({ amount: '50000.01', paymentPassword: PAY })).body.value.fields.amount).toBe(
        'The amount must be at most 50000.00.',
      );
      for (const amount of ['-100', '100.123', 'hundred']) {
        const r = await w({ amount, paymentPassword: PAY });
        expect(r.status, amount).toBe(400);
        expect(r.body.value.fields.amount).toMatch(/valid amount/);
      }
      const above = await w({ amount: '600.00', paymentPassword: PAY });
      expect(above.status).toBe(409);
      expect(above.body).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        value: { fields: { amount: 'Insufficient balance.' } },
      });
      expect((await api(player.token, 'GET', '/wps/cashier/withdrawals')).body.value.total).toBe(0);
      expect(await cash(player.id)).toBe(50_000n);
      const other = await createMember(t.app, { payeeName: 'X Y', paymentPassword: PAY });
      const notMine = await api(other.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100',
        paymentPassword: PAY,
      });
      expect(notMine.status).toBe(404);
    });

    it('holds the amount on request; reject releases it; pay posts it and starts the receipt clock', async () => {
      const w1 = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
        requestId: 'wd-request-0001',
      });
      expect(w1.status).toBe(200);
      expect(w1.body.value).toMatchObject({ status: 'pending', amount: '100.00', receiptStatus: null });
      const again = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
        requestId: 'wd-request-0001',
      });
      expect(again.body.value.id).toBe(w1.body.value.id);
      let bal = (await api(player.token, 'GET', '/wps/v2/wallets/balance')).body.value;
      expect(bal).toMatchObject({ balance: '400.00', frozen: '100.00' });

      const rejected = await api(
        op.token,
        'POST',
        `/wps/admin/cashier/withdrawals/${w1.body.value.id}/reject`,
        {
          note: 'account name unclear',
        },
      );
      expect(rejected.body.value.status).toBe('rejected');
      bal = (await api(player.token, 'GET', '/wps/v2/wallets/balance')).body.value;
      expect(bal).toMatchObject({ balance: '500.00', frozen: '0.00' });
      expect(
        (
          await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w1.body.value.id}/pay`, {
            reference: 'TX-1',
          })
        ).status,
      ).toBe(409);

      const w2 = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '200.00',
        paymentPassword: PAY,
      });
      const noReference = await api(
        op.token,
        'POST',
        `/wps/admin/cashier/withdrawals/${w2.body.value.id}/pay`,
        {},
      );
      expect(noReference.status).toBe(400);
      expect(noReference.body.value.fields.reference).toBeTruthy();
      const blankReference = await api(
        op.token,
        'POST',
        `/wps/admin/cashier/withdrawals/${w2.body.value.id}/pay`,
        { reference: '   ' },
      );
      expect(blankReference.status).toBe(400);
      expect((await api(player.token, 'GET', '/wps/v2/wallets/balance')).body.value.frozen).toBe('200.00');
      const paid = await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w2.body.value.id}/pay`, {
        reference: ' NIC-2026-000123 ',
      });
      expect(paid.body.value).toMatchObject({
        payoutReference: 'NIC-2026-000123',
        status: 'paid',
        receiptStatus: 'awaiting',
        remainder: '200.00',
      });
      expect(new Date(paid.body.value.receiptDeadline).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      bal = (await api(player.token, 'GET', '/wps/v2/wallets/balance')).body.value;
      expect(bal).toMatchObject({ balance: '300.00', frozen: '0.00' });
      expect(await t.app.services.wallet.balance(Accounts.clearing('PAYOUT_WALLET'))).toBe(20_000n);
      expect(
        (
          await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w2.body.value.id}/reject`, {
            note: 'x',
          })
        ).status,
      ).toBe(409);
    });

    it('confirms a partial receipt with the remainder shown, then all received', async () => {
      const list = await api(player.token, 'GET', '/wps/cashier/withdrawals?status=paid');
      const id = list.body.value.content[0].id;
      const tooMuch = await api(player.token, 'POST', `/wps/cashier/withdrawals/${id}/receipt`, {
        outcome: 'partial',
        amount: '200.00',
      });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.value.fields.amount).toMatch(/less than the withdrawal amount/);
      const partial = await api(player.token, 'POST', `/wps/cashier/withdrawals/${id}/receipt`, {
        outcome: 'partial',
        amount: '120.50',
      });
      expect(partial.body.value).toMatchObject({
        receiptStatus: 'partial',
        receivedAmount: '120.50',
        remainder: '79.50',
      });
      const all = await api(player.token, 'POST', `/wps/cashier/withdrawals/${id}/receipt`, {
        outcome: 'all_received',
      });
      expect(all.body.value).toMatchObject({ receiptStatus: 'all_received', remainder: '0.00' });
      expect(
        (await api(player.token, 'POST', `/wps/cashier/withdrawals/${id}/receipt`, { outcome: 'received' }))
          .status,
      ).toBe(409);
    });

    it('opens an investigation on not-received (proof image required) and the operator can refund', async () => {
      const w = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
      });
      // The third request today (one was rejected, which does not count): still allowed.
      expect(w.status).toBe(200);
      await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w.body.value.id}/pay`, {
        reference: 'TX-9',
      });
      const noProof = await api(player.token, 'POST', `/wps/cashier/withdrawals/${w.body.value.id}/receipt`, {
        outcome: 'not_received',
      });
      expect(noProof.status).toBe(400);
      expect(noProof.body.value.fields.proof).toBe('Please upload a proof image.');
      const reported = await upload(
        player.token,
        `/wps/cashier/withdrawals/${w.body.value.id}/receipt`,
        { outcome: 'not_received', note: 'nothing in my eSewa' },
        {
          proof: { data: PNG, name: 'screen.png', type: 'image/png' },
        },
      );
      expect(reported.status).toBe(200);
      expect(reported.body.value).toMatchObject({ receiptStatus: 'not_received', remainder: '100.00' });
      expect(reported.body.value.receiptProofUrl).toMatch(/uploads/);
      const investigations = await api(
        op.token,
        'GET',
        '/wps/admin/cashier/withdrawals?receiptStatus=not_received',
      );
      expect(investigations.body.value.content).toHaveLength(1);
      expect(investigations.body.value.content[0]).toMatchObject({ receiptNote: 'nothing in my eSewa' });
      const before = await cash(player.id);
      const resolved = await api(
        op.token,
        'POST',
        `/wps/admin/cashier/withdrawals/${w.body.value.id}/resolve`,
        {
          outcome: 'refunded',
          note: 'payout bounced',
        },
      );
      expect(resolved.body.value).toMatchObject({ receiptStatus: 'resolved', resolution: 'refunded' });
      expect(await cash(player.id)).toBe(before + 10_000n);
      expect(
        (
          await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w.body.value.id}/resolve`, {
            outcome: 'refunded',
            note: 'again',
          })
        ).status,
      ).toBe(409);
    });

    it('limits withdrawals per day (rejected requests do not count)', async () => {
      const third = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
      });
      expect(third.status).toBe(200);
      await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${third.body.value.id}/reject`, {
        note: 'duplicate request',
      });
      const fourth = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
      });
      expect(fourth.status).toBe(200);
      const r = await api(player.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: payoutId,
        amount: '100.00',
        paymentPassword: PAY,
      });
      expect(r.status).toBe(400);
      expect(r.body.value.fields.amount).toBe("You have reached today's limit of 3 withdrawals.");
    });

    it('counts an unanswered paid withdrawal as received when its minutes are up (the job, once)', async () => {
      const m = await createMember(t.app, { payeeName: 'Auto Receipt', paymentPassword: PAY });
      await fund(m.id, 100_000n);
      const acct = await api(m.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'bank',
        provider: 'Nabil Bank',
        accountNumber: '01010175',
        accountName: 'Auto Receipt',
      });
      const w = await api(m.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: acct.body.value.id,
        amount: '250.00',
        paymentPassword: PAY,
      });
      await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w.body.value.id}/pay`, {
        reference: 'TX-9',
      });
      const scheduler = new Scheduler(t.app.database.db);
      scheduler.register(withdrawalReceiptJob(t.app.services.cashier));
      // Before the deadline: nothing changes.
      await scheduler.tick(new Date(Date.now() + 10 * 60_000));
      let mine = await api(m.token, 'GET', '/wps/cashier/withdrawals');
      expect(mine.body.value.content[0].receiptStatus).toBe('awaiting');
      const later = new Date(Date.now() + 32 * 60_000);
      const runs = await scheduler.tick(later);
      expect(runs).toEqual([expect.objectContaining({ status: 'done', result: { autoReceived: 1 } })]);
      mine = await api(m.token, 'GET', '/wps/cashier/withdrawals');
      expect(mine.body.value.content[0]).toMatchObject({ receiptStatus: 'auto_received', remainder: '0.00' });
      // Forced receipt is final and refunds nothing.
      expect(
        (
          await api(m.token, 'POST', `/wps/cashier/withdrawals/${w.body.value.id}/receipt`, {
            outcome: 'received',
          })
        ).status,
      ).toBe(409);
      expect(await cash(m.id)).toBe(75_000n);
      // The same period again (another instance, a restart): already done, skipped.
      const other = new Scheduler(t.app.database.db);
      other.register(withdrawalReceiptJob(t.app.services.cashier));
      expect(await other.tick(later)).toEqual([expect.objectContaining({ status: 'skipped' })]);
    });
    it('shows the payout reference to the member on their withdrawal record, and to no other member', async () => {
      const m = await createMember(t.app, { payeeName: 'Sita Reference', paymentPassword: PAY });
      const other = await createMember(t.app, { payeeName: 'Hari Other', paymentPassword: PAY });
      await fund(m.id, 100_000n);
      const acct = await api(m.token, 'POST', '/wps/cashier/payout-accounts', {
        kind: 'wallet',
        provider: 'eSewa',
        accountNumber: '9800000001',
        accountName: 'Sita Reference',
      });
      const w = await api(m.token, 'POST', '/wps/cashier/withdrawals', {
        payoutAccountId: acct.body.value.id,
        amount: '150.00',
        paymentPassword: PAY,
      });
      expect(w.body.value.payoutReference).toBeNull();
      const paid = await api(op.token, 'POST', `/wps/admin/cashier/withdrawals/${w.body.value.id}/pay`, {
        reference: 'ESW-77881',
        note: 'sent from the eSewa merchant wallet',
      });
      expect(paid.status).toBe(200);
      const mine = await api(m.token, 'GET', '/wps/cashier/withdrawals');
      expect(mine.body.value.content[0]).toMatchObject({ id: w.body.value.id, payoutReference: 'ESW-77881' });
      const queue = await api(op.token, 'GET', '/wps/admin/cashier/withdrawals?status=paid');
      expect(
        queue.body.value.content.find((x: { id: number }) => x.id === w.body.value.id).payoutReference,
      ).toBe('ESW-77881');
      const theirs = await api(other.token, 'GET', '/wps/cashier/withdrawals');
      expect(theirs.status).toBe(200);
      expect(JSON.stringify(theirs.body.value)).not.toContain('ESW-77881');
      const poke = await api(other.token, 'POST', `/wps/cashier/withdrawals/${w.body.value.id}/receipt`, {
        outcome: 'received',
      });
      expect(poke.status).toBe(404);
      expect(JSON.stringify(poke.body)).not.toContain('ESW-77881');
    });
  });

  describe('records, profit and the operator’s view of a wallet', () => {
    it('lists the account record by type, date range and page', async () => {
      const all = await api(player.token, 'GET', '/wps/cashier/records?pageSize=2');
      expect(all.status).toBe(200);
      expect(all.body.value).toMatchObject({ pageNum: 1, pageSize: 2 });
      expect(all.body.value.total).toBeGreaterThan(4);
      const deposits = await api(player.token, 'GET', '/wps/cashier/records?type=deposit');
      expect(deposits.body.value.content.map((r: { amount: string }) => r.amount)).toEqual(['500.00']);
      const withdraws = await api(player.token, 'GET', '/wps/cashier/records?type=withdraw');
      expect(withdraws.body.value.content.map((r: { reason: string }) => r.reason)).toContain(
        'withdraw_release',
      );
      // Days are business days (Nepal): "today" is Nepal's, whatever the UTC date.
      const today = businessDayOf(new Date());
      const tomorrow = businessDayOf(new Date(Date.now() + 86_400_000));
      expect(
        (await api(player.token, 'GET', `/wps/cashier/records?from=${today}&to=${today}`)).body.value.total,
      ).toBe(all.body.value.total);
      expect((await api(player.token, 'GET', `/wps/cashier/records?from=${tomorrow}`)).body.value.total).toBe(
        0,
      );
      expect((await api(player.token, 'GET', '/wps/cashier/records?type=nope')).status).toBe(400);
      expect((await api(player.token, 'GET', '/wps/cashier/records?from=yesterday')).status).toBe(400);
      expect((await api(player.token, 'GET', '/wps/cashier/records?pageSize=1000')).status).toBe(400);
    });

    it('sums profit and loss over a period', async () => {
      await t.app.services.seamless.bet('SANDBOX', {
        txId: 'pl-1',
        roundId: 'pl',
        username: player.account,
        gameCode: 'g',
        amount: '40.00',
      });
      await t.app.services.seamless.win('SANDBOX', {
        txId: 'pl-2',
        roundId: 'pl',
        username: player.account,
        amount: '15.00',
      });
      const p = await api(player.token, 'GET', '/wps/cashier/profit');
      expect(p.body.value).toMatchObject({
        bet: '40.00',
        win: '15.00',
        gameProfit: '-25.00',
        deposit: '500.00',
        withdraw: '300.00',
        betCount: 1,
      });
    });

    it('shows the operator a player’s accounts and postings, and adjusts with a mandatory reason', async () => {
      const view = await api(
        op.token,
        'GET',
        `/wps/admin/cashier/players/${player.account}/wallet?pageSize=5`,
      );
      expect(view.status).toBe(200);
      expect(view.body.value.member.account).toBe(player.account);
      expect(view.body.value.accounts.map((a: { type: string }) => a.type).sort()).toEqual([
        'player_cash',
        'player_hold',
      ]);
      expect(view.body.value.postings.content[0]).toMatchObject({
        reason: 'win',
        idempotencyKey: 'seamless:SANDBOX:pl-2',
      });

      const noReason = await api(op.token, 'POST', `/wps/admin/cashier/players/${player.account}/adjust`, {
        direction: 'credit',
        amount: '10.00',
        reason: '',
      });
      expect(noReason.status).toBe(400);
      expect(noReason.body.value.fields.reason).toBe('Please enter a reason.');
      const before = await cash(player.id);
      const credit = await api(op.token, 'POST', `/wps/admin/cashier/players/${player.account}/adjust`, {
        direction: 'credit',
        amount: '10.00',
        reason: 'goodwill for a stuck game',
        requestId: 'adj-0000001',
      });
      expect(credit.status).toBe(200);
      const replay = await api(op.token, 'POST', `/wps/admin/cashier/players/${player.account}/adjust`, {
        direction: 'credit',
        amount: '10.00',
        reason: 'goodwill for a stuck game',
        requestId: 'adj-0000001',
      });
      expect(replay.body.value).toMatchObject({
        replayed: true,
        transactionId: credit.body.value.transactionId,
      });
      expect(await cash(player.id)).toBe(before + 1_000n);
      const tooMuch = await api(op.token, 'POST', `/wps/admin/cashier/players/${player.account}/adjust`, {
        direction: 'debit',
        amount: '1000000.00',
        reason: 'test',
      });
      expect(tooMuch.status).toBe(409);
      expect((await api(op.token, 'GET', '/wps/admin/cashier/players/nobody-x/wallet')).status).toBe(404);
    });

    it('records every operator action in the append-only audit log with before and after', async () => {
      const log = await api(op.token, 'GET', '/wps/admin/audit?pageSize=100');
      expect(log.status).toBe(200);
      const actions = log.body.value.content.map((e: { action: string }) => e.action);
      for (const a of [
        'channel.create',
        'channel.update',
        'channel.qr',
        'deposit.approve',
        'deposit.reject',
        'withdrawal.pay',
        'withdrawal.reject',
        'withdrawal.resolve',
        'wallet.adjust',
      ]) {
        expect(actions, a).toContain(a);
      }
      const adjust = log.body.value.content.find((e: { action: string }) => e.action === 'wallet.adjust');
      expect(adjust).toMatchObject({
        actorAccount: op.account,
        targetType: 'member',
        targetId: String(player.id),
        after: { reason: 'goodwill for a stuck game', amount: '10.00' },
      });
      expect(adjust.before.balance).toBeDefined();
      expect(adjust.createdAt).toMatch(/^\d{4}-/);
      const filtered = await api(op.token, 'GET', '/wps/admin/audit?action=deposit.reject');
      expect(filtered.body.value.content).toHaveLength(1);
      await expect(t.database.query('update audit_log set action = $1', ['x'])).rejects.toThrow(
        /append-only/,
      );
      await expect(t.database.query('delete from audit_log')).rejects.toThrow(/append-only/);
    });
  });

  describe('trial members and the books', () => {
    it('gives a trial member play money and a clear refusal for real-money calls', async () => {
      const trial = await createMember(t.app, { type: 4 });
      const bal = await api(trial.token, 'GET', '/wps/v2/wallets/balance');
      expect(bal.body.value).toMatchObject({ balance: '2000.00', trial: true });
      const dep = await api(trial.token, 'POST', '/wps/cashier/deposits', {
        channelId,
        amount: '100',
        reference: 'x',
      });
      expect(dep.status).toBe(403);
      expect(dep.body.message).toBe('This needs a real account. Please register to continue.');
      const consolidated = await api(trial.token, 'GET', '/wps/member/info/funds/wallets');
      expect(consolidated.body.value).toMatchObject({ trial: true, total: '0.00' });
      const records = await api(trial.token, 'GET', '/wps/cashier/records');
      expect(records.body.value.content[0]).toMatchObject({ reason: 'trial_grant', amount: '2000.00' });
    });

    it('answers the consolidated funds of a member', async () => {
      const r = await api(player.token, 'GET', '/wps/member/info/funds/wallets');
      expect(r.status).toBe(200);
      const v = r.body.value;
      expect(v.trial).toBe(false);
      expect(v.total).toBe(
        (Number(v.balance) + Number(v.bonus) + Number(v.frozen) + Number(v.commission)).toFixed(2),
      );
    });

    it('reconciles clean after every flow above (operator endpoint)', async () => {
      const r = await api(op.token, 'GET', '/wps/admin/ledger/reconciliation');
      expect(r.status).toBe(200);
      expect(r.body.value.ok, JSON.stringify(r.body.value.violations)).toBe(true);
    });
  });
});
