import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import { SeamlessService } from '../seamless/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import { WalletService } from '../wallet/service.ts';

/** Issue 7 #13, the money parts (the concurrent ones are in concurrency.pg.test.ts). */
const PAY = 'Pay@1234';

describe('money hardening', () => {
  let t: TestApp;
  let op: CreatedAccount;
  const actor = () => ({ id: op.id, account: op.account });
  beforeAll(async () => {
    t = await createTestApp({ withdrawMinMinor: 1_000n, withdrawDailyCount: 100, depositPendingMax: 100 });
    op = await createOperator(t.app, { permissions: ['*'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const fund = (id: number, amount: bigint) =>
    t.app.services.wallet.post({
      key: `fund:${id}:${amount}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(id), amount },
      ],
    });

  it('keeps every trial member playing after TRIAL_GRANT changes (the grant is checked, not replayed)', async () => {
    const trial = await createMember(t.app, { type: 4 });
    await t.app.services.seamless.balance('SANDBOX', trial.account); // granted the configured amount
    const granted = await t.app.services.wallet.balance(Accounts.trial(trial.id));
    expect(granted).toBe(t.app.config.trialGrantMinor);
    for (const grant of [granted + 1n, 1n, 0n]) {
      // A fresh process (restart, another instance) with another TRIAL_GRANT.
      const config = { ...t.app.config, trialGrantMinor: grant };
      const wallet = new WalletService(t.database.db, config);
      const seamless = new SeamlessService(t.database.db, config, {
        wallet,
        members: t.app.services.members,
        audit: t.app.services.audit,
        betGuard: t.app.services.seamless.betGuard,
      });
      const answer = await seamless.balance('SANDBOX', trial.account);
      expect(answer.code).toBe('OK');
      expect(answer.value.balance).toBe('2000.00');
      await expect(wallet.ensureTrial(trial.id)).resolves.toBeUndefined();
      // A member who never played gets the amount configured now.
      const newcomer = await createMember(t.app, { type: 4 });
      await wallet.ensureTrial(newcomer.id);
      expect(await wallet.balance(Accounts.trial(newcomer.id))).toBe(grant);
    }
  });

  it('refuses in wallet_post itself every journal that would not sum to zero per account', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    await fund(a.id, 10_000n);
    const [ia, ib] = await t.app.services.wallet.ensureAccounts([Accounts.cash(a.id), Accounts.cash(b.id)]);
    const cases: Array<[string, string]> = [
      ['repeated account', `array[${ia},${ia},${ib}]::bigint[], array[100,100,-200]::bigint[]`],
      ['repeated, other order', `array[${ib},${ia},${ib}]::bigint[], array[-50,100,-50]::bigint[]`],
      ['null amount', `array[${ia},${ib}]::bigint[], array[null,100]::bigint[]`],
      ['null account', `array[${ia},null]::bigint[], array[-100,100]::bigint[]`],
      ['fewer amounts', `array[${ia},${ib}]::bigint[], array[100]::bigint[]`],
      ['no amounts', `array[${ia},${ib}]::bigint[], array[]::bigint[]`],
      ['not zero', `array[${ia},${ib}]::bigint[], array[-100,101]::bigint[]`],
      ['a zero posting', `array[${ia},${ib}]::bigint[], array[0,0]::bigint[]`],
      ['one posting', `array[${ia}]::bigint[], array[0]::bigint[]`],
    ];
    for (const [name, args] of cases) {
      await expect(
        t.database.query(
          `select * from wallet_post('bad:${name}', 'adjustment', 'fp', '{}'::jsonb, ${args})`,
        ),
        name,
      ).rejects.toThrow(/wallet_post/);
    }
    expect(
      await t.database.query(`select 1 from ledger_transactions where idempotency_key like 'bad:%'`),
    ).toEqual([]);
    expect(await t.app.services.wallet.balance(Accounts.cash(a.id))).toBe(10_000n);
    const report = await t.app.services.wallet.reconcile();
    expect(report.ok, JSON.stringify(report.violations)).toBe(true);
  });

  it('reserves PAYOUT_ for the payout clearing accounts: no deposit channel can take such a code', async () => {
    for (const code of ['PAYOUT_BANK', 'PAYOUT_WALLET', 'PAYOUT_', 'PAYOUT_ESEWA_2']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/admin/cashier/channels',
        headers: { token: op.token },
        payload: {
          code,
          kind: 'bank',
          name: 'x',
          accountName: 'x',
          accountNumber: '1',
          min: '10.00',
          max: '100.00',
        },
      });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().value.fields.code).toBe('Channel codes starting with PAYOUT_ are reserved.');
    }
    // The database refuses it too, whatever the code path.
    await expect(
      t.database.query(
        `insert into payment_channels (code, kind, name, account_name, account_number, min_amount, max_amount)
         values ('payout_bank', 'bank', 'x', 'x', '1', 1, 2)`,
      ),
    ).rejects.toThrow(/payment_channels_code_not_payout/);
  });

  describe('withdrawal receipts', () => {
    let player: CreatedAccount;
    let payoutId: number;
    beforeAll(async () => {
      player = await createMember(t.app, { payeeName: 'Sita Kumari', paymentPassword: PAY });
      await fund(player.id, 1_000_000n);
      payoutId = (
        await t.app.services.cashier.addPayoutAccount(player.id, {
          kind: 'wallet',
          provider: 'ESEWA',
          accountNumber: '9800000011',
          accountName: 'Sita Kumari',
        })
      ).id;
    });
    let n = 0;
    const paid = async (amount = '1000.00') => {
      const w = await t.app.services.cashier.requestWithdrawal(player.id, {
        payoutAccountId: payoutId,
        amount,
        paymentPassword: PAY,
        requestId: `wd-request-${++n}`,
      });
      await t.app.services.cashier.payWithdrawal(actor(), w.id, `REF-${w.id}`);
      return w.id;
    };
    const receipt = (id: number, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/cashier/withdrawals/${id}/receipt`,
        headers: { token: player.token },
        payload: body,
      });

    it('refuses every answer once the deadline passed on the database clock', async () => {
      const bodies: Array<Record<string, string>> = [
        { outcome: 'received' },
        { outcome: 'partial', amount: '10.00' },
        { outcome: 'all_received' },
      ];
      for (const body of bodies) {
        const id = await paid();
        // The app's clock is not consulted: only the database's now() against the deadline.
        await t.database.query(
          `update withdrawal_requests set receipt_deadline = now() - interval '1 second' where id = ${id}`,
        );
        const res = await receipt(id, body);
        expect(res.statusCode, body.outcome).toBe(409);
        expect(res.json().message).toBe(
          'The time to confirm this withdrawal has passed; it counts as received.',
        );
        const [row] = await t.database.query(
          `select receipt_status from withdrawal_requests where id = ${id}`,
        );
        expect(row!.receipt_status).toBe('awaiting');
      }
      // A partial answer in time, then a later answer past the deadline: refused too.
      const id = await paid();
      expect((await receipt(id, { outcome: 'partial', amount: '600.00' })).statusCode).toBe(200);
      await t.database.query(
        `update withdrawal_requests set receipt_deadline = now() - interval '1 second' where id = ${id}`,
      );
      expect((await receipt(id, { outcome: 'partial', amount: '700.00' })).statusCode).toBe(409);
    });

    it('never lowers a confirmed partial amount, and keeps every answer as an append-only row', async () => {
      const id = await paid();
      expect((await receipt(id, { outcome: 'partial', amount: '900.00' })).statusCode).toBe(200);
      for (const amount of ['899.99', '100.00', '0.01']) {
        const res = await receipt(id, { outcome: 'partial', amount });
        expect(res.statusCode, amount).toBe(400);
        expect(res.json().value.fields.amount).toBe(
          'The received amount cannot be lower than what you confirmed before (900.00).',
        );
      }
      expect((await receipt(id, { outcome: 'partial', amount: '950.00' })).statusCode).toBe(200);
      expect((await receipt(id, { outcome: 'all_received' })).statusCode).toBe(200);
      const history = await t.database.query(
        `select outcome, received_amount::text as amount, actor_type from withdrawal_receipts
         where withdrawal_id = ${id} order by id`,
      );
      expect(history).toEqual([
        { outcome: 'partial', amount: '90000', actor_type: 'member' },
        { outcome: 'partial', amount: '95000', actor_type: 'member' },
        { outcome: 'all_received', amount: '100000', actor_type: 'member' },
      ]);
      await expect(t.database.query(`update withdrawal_receipts set received_amount = 1`)).rejects.toThrow(
        /append-only/,
      );
      await expect(t.database.query(`delete from withdrawal_receipts`)).rejects.toThrow(/append-only/);
      // The auto-receipt job leaves its row too.
      const late = await paid();
      await t.database.query(
        `update withdrawal_requests set receipt_deadline = now() - interval '1 minute' where id = ${late}`,
      );
      expect(await t.app.services.cashier.autoConfirmReceipts(new Date())).toBeGreaterThanOrEqual(1);
      expect(
        await t.database.query(
          `select outcome, actor_type from withdrawal_receipts where withdrawal_id = ${late}`,
        ),
      ).toEqual([{ outcome: 'auto_received', actor_type: 'job' }]);
    });
  });

  it("audits an adjustment's before balance from the posting itself", async () => {
    const m = await createMember(t.app);
    await fund(m.id, 5_000n);
    await t.app.services.cashier.adjust(actor(), m.account, {
      direction: 'credit',
      amount: '12.34',
      reason: 'goodwill',
      requestId: 'adjust-request-1',
    });
    const [entry] = await t.database.query(
      `select before->>'balance' as before, after->>'balance' as after, (after->>'ledgerTransactionId')::int as tx
       from audit_log where action = 'wallet.adjust' and target_id = '${m.id}'`,
    );
    const [posting] = await t.database.query(
      `select balance_before::text as b, balance_after::text as a from ledger_postings p
       join ledger_accounts a on a.id = p.account_id
       where p.transaction_id = ${entry!.tx} and a.key = 'player_cash:${m.id}'`,
    );
    expect(entry).toMatchObject({ before: '50.00', after: '62.34' });
    expect(posting).toEqual({ b: '5000', a: '6234' });
  });
});
