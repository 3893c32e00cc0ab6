import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { FIRST_CHECK_MS } from './service.ts';
import { paymentsKit } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;

/**
 * Issue 29 under real concurrency (PGlite runs one statement at a time): the provider's return
 * arriving twice at once while the reconciliation job asks about the same order credits it once.
 */
describe.skipIf(!hasPostgres)('payments races on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ depositPendingMax: 1_000 }, { postgres: 'require' });
    t.app.services.payments.setClock(() => new Date(clock));
  });
  afterAll(async () => {
    await t?.close();
  });
  const kit = paymentsKit(() => t);

  it('two eSewa returns and the job at once credit once', async () => {
    const m = await createMember(t.app);
    const before = await kit.cash(m.id);
    const d = (await kit.start(m.token, 'esewa', '500')).body.value;
    await kit.postEsewaForm(d);
    const url = t.app.paymentSims.esewa!.pay(d.orderId);
    clock += FIRST_CHECK_MS + 1000;
    const [a, b] = await Promise.all([
      kit.follow(url),
      kit.follow(url),
      t.app.services.payments.reconcileDue(),
      t.app.services.payments.reconcileDue(),
    ]);
    expect([a.outcome, b.outcome].every((o) => o === 'credited' || o === 'already')).toBe(true);
    expect(await kit.credits(d.depositId)).toBe(1);
    expect(await kit.cash(m.id)).toBe(before + 50000n);
  });

  it('two Khalti returns and the job at once credit once, for many orders side by side', async () => {
    const m = await createMember(t.app);
    const before = await kit.cash(m.id);
    const deposits = [];
    for (let i = 0; i < 5; i++) deposits.push((await kit.start(m.token, 'khalti', '100')).body.value);
    const urls = deposits.map((d) => t.app.paymentSims.khalti!.pay(kit.pidxOf(d)));
    clock += FIRST_CHECK_MS + 1000;
    const results = await Promise.all([
      ...urls.flatMap((u) => [kit.follow(u), kit.follow(u)]),
      t.app.services.payments.reconcileDue(),
      t.app.services.payments.reconcileDue(),
    ]);
    expect(results.some((r) => (r as { status?: number }).status === 500)).toBe(false);
    for (const d of deposits) expect(await kit.credits(d.depositId)).toBe(1);
    expect(await kit.cash(m.id)).toBe(before + 5n * 10000n);
  });
});
