import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { PAYMENT_PASSWORD_MAX_FAILURES } from './service.ts';

/**
 * The payment password counts failures, never attempts: parallel money requests with the right
 * password must all pass (they used to reserve a try each and lock the account), while
 * PAYMENT_PASSWORD_MAX_FAILURES wrong ones still pause it, in parallel too. PGlite by default;
 * with TEST_DATABASE_URL the same races run on PostgreSQL's many connections.
 */
describe('payment password: failures are counted, correct tries are not', () => {
  let t: TestApp;
  const PAY = '135790';
  const WRONG = '000000';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const fund = (memberId: number, amount: bigint) =>
    t.app.services.wallet.post({
      key: `seed:${memberId}:${amount}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(memberId), amount },
      ],
    });
  const counter = async (memberId: number) =>
    (
      await t.database.query(
        'select payment_password_failures as failures, payment_password_locked_until as until from members where id = $1',
        [memberId],
      )
    )[0] as { failures: number; until: Date | null };
  const codeOf = (r: PromiseSettledResult<unknown>) =>
    r.status === 'rejected'
      ? `${(r.reason as { code: string }).code}:${(r.reason as { messageKey?: string }).messageKey}`
      : 'ok';

  /** An agent with a funded wallet and a downline to send to. */
  const agentWithDownline = async () => {
    const agent = await createMember(t.app, { type: 1, paymentPassword: PAY });
    const down = await createMember(t.app, { parentId: agent.id, paymentPassword: PAY });
    await fund(agent.id, 100_000n);
    return { agent, down };
  };
  const transfer = (token: string, account: string, paymentPassword: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: { token },
      payload: {
        direction: 'downline',
        account,
        amount: '10.00',
        paymentPassword,
        requestId: `pp-xfer-${String(i).padStart(4, '0')}`,
      },
    });

  it('five parallel transfers with the right payment password all go through: none answers ACCOUNT_LOCKED', async () => {
    const { agent, down } = await agentWithDownline();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => transfer(agent.token, down.account, PAY, i)),
    );
    expect(answers.map((a) => a.json().code)).not.toContain('ACCOUNT_LOCKED');
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.app.services.wallet.balance(Accounts.cash(down.id))).toBe(5_000n);
    expect(await counter(agent.id)).toEqual({ failures: 0, until: null });
  });

  it('right passwords in parallel after earlier typos never add to the failures: all pass, the count is cleared', async () => {
    const { agent, down } = await agentWithDownline();
    // One failure short of the pause: a correct try that counted as one would lock the account.
    for (let i = 1; i < PAYMENT_PASSWORD_MAX_FAILURES; i++)
      await expect(t.app.services.members.verifyPaymentPassword(agent.id, WRONG)).rejects.toMatchObject({
        code: 'VALIDATION',
      });
    expect((await counter(agent.id)).failures).toBe(PAYMENT_PASSWORD_MAX_FAILURES - 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => transfer(agent.token, down.account, PAY, 10 + i)),
    );
    expect(answers.map((a) => a.json().code)).not.toContain('ACCOUNT_LOCKED');
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await counter(agent.id)).toEqual({ failures: 0, until: null });
    // The same straight through the service, many at once.
    const direct = await Promise.allSettled(
      Array.from({ length: 12 }, () => t.app.services.members.verifyPaymentPassword(agent.id, PAY)),
    );
    expect(direct.map(codeOf)).toEqual(Array(12).fill('ok'));
    expect(await counter(agent.id)).toEqual({ failures: 0, until: null });
  });

  it(`${PAYMENT_PASSWORD_MAX_FAILURES} wrong ones still pause it, even for the right one afterwards`, async () => {
    const m = await createMember(t.app, { paymentPassword: PAY });
    const { members } = t.app.services;
    for (let i = 1; i < PAYMENT_PASSWORD_MAX_FAILURES; i++)
      await expect(members.verifyPaymentPassword(m.id, WRONG)).rejects.toMatchObject({
        code: 'VALIDATION',
        messageKey: 'paymentPasswordWrong',
      });
    await expect(members.verifyPaymentPassword(m.id, WRONG)).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
      messageKey: 'paymentPasswordLocked',
    });
    await expect(members.verifyPaymentPassword(m.id, PAY)).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    const locked = await counter(m.id);
    expect(locked.failures).toBe(PAYMENT_PASSWORD_MAX_FAILURES);
    expect(locked.until).not.toBeNull();
  });

  it('a burst of wrong ones in parallel is judged one by one: never more guesses than the limit', async () => {
    const m = await createMember(t.app, { paymentPassword: PAY });
    const results = await Promise.allSettled(
      Array.from({ length: PAYMENT_PASSWORD_MAX_FAILURES * 3 }, () =>
        t.app.services.members.verifyPaymentPassword(m.id, WRONG),
      ),
    );
    const codes = results.map(codeOf);
    // Four told "wrong", the fifth failure starts the pause, the rest are refused unchecked.
    expect(codes.filter((c) => c === 'VALIDATION:paymentPasswordWrong')).toHaveLength(
      PAYMENT_PASSWORD_MAX_FAILURES - 1,
    );
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED:paymentPasswordLocked')).toHaveLength(
      PAYMENT_PASSWORD_MAX_FAILURES * 2 + 1,
    );
    expect((await counter(m.id)).failures).toBe(PAYMENT_PASSWORD_MAX_FAILURES);
    await expect(t.app.services.members.verifyPaymentPassword(m.id, PAY)).rejects.toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('a right one between wrong ones clears the count; a pause that ran out starts the count again', async () => {
    const m = await createMember(t.app, { paymentPassword: PAY });
    const { members } = t.app.services;
    const wrong = () => members.verifyPaymentPassword(m.id, WRONG).catch((e: { code: string }) => e.code);
    for (let i = 0; i < 3; i++) expect(await wrong()).toBe('VALIDATION');
    await members.verifyPaymentPassword(m.id, PAY);
    for (let i = 1; i < PAYMENT_PASSWORD_MAX_FAILURES; i++) expect(await wrong()).toBe('VALIDATION');
    expect(await wrong()).toBe('ACCOUNT_LOCKED');
    await t.database.query(
      `update members set payment_password_locked_until = now() - interval '1 second' where id = $1`,
      [m.id],
    );
    expect(await wrong()).toBe('VALIDATION');
    expect(await counter(m.id)).toEqual({ failures: 1, until: null });
    await members.verifyPaymentPassword(m.id, PAY);
    expect(await counter(m.id)).toEqual({ failures: 0, until: null });
  });
});
