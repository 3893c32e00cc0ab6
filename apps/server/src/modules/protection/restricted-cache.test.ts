import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { eventually, twoInstances } from '../../test/instances.ts';
import { createMember } from '../../test/members.ts';
import type { ProtectionService } from './service.ts';

/**
 * The bet check's "does this member have any limit or exclusion?" answer (protection/service.ts,
 * migration 0047): kept between bets, and dropped at once when a restriction is made, whichever
 * path or instance made it. On the embedded PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('the bet check’s restriction answer', () => {
  let t: TestApp;
  let protection: ProtectionService;
  beforeAll(async () => {
    t = await createTestApp();
    protection = t.app.services.protection;
  });
  afterAll(async () => {
    await t.close();
  });

  /** What a restriction made anywhere leaves in the database (the service sets it with each limit). */
  const restrictBehindTheService = (memberId: number) =>
    t.database.query(
      `insert into protection_members (member_id, restricted) values ($1, true)
       on conflict (member_id) do update set restricted = true`,
      [memberId],
    );
  // biome-ignore lint/suspicious/noExplicitAny: watching the private shared lookup
  const loads = () => vi.spyOn(protection.flags as any, 'load');

  it('is kept between bets: a member without limits is not read again', async () => {
    const m = await createMember(t.app);
    expect(await protection.restricted(m.id)).toBe(false);
    const load = loads();
    try {
      for (let i = 0; i < 5; i++) expect(await protection.restricted(m.id)).toBe(false);
      expect(load).not.toHaveBeenCalled();
    } finally {
      load.mockRestore();
    }
  });

  it('a restriction made behind the service is honoured at once', async () => {
    const m = await createMember(t.app);
    expect(await protection.restricted(m.id)).toBe(false);
    await restrictBehindTheService(m.id);
    // The notice arrives at commit (on PostgreSQL through the listening connection: milliseconds).
    expect(await eventually(() => protection.restricted(m.id), 1_000)).toBe(true);
  });

  it('a read that overlapped a restriction’s notice is not kept', async () => {
    const m = await createMember(t.app);
    const reading = protection.restricted(m.id);
    protection.flags.forget('p', m.id);
    expect(await reading).toBe(false);
    const load = loads();
    try {
      await protection.restricted(m.id);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      load.mockRestore();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'a limit set on one instance binds bets taken by the other at once',
    async () => {
      const pair = await twoInstances();
      try {
        const m = await createMember(pair.a.app);
        const other = pair.b.services.protection;
        expect(await other.restricted(m.id)).toBe(false);
        await pair.a.app.services.protection.setLimit(
          m.id,
          { kind: 'loss', period: 'day', value: '100.00' },
          { id: m.id, account: 'self' },
        );
        expect(await eventually(() => other.restricted(m.id), 1_000)).toBe(true);
      } finally {
        await pair.close();
      }
    },
  );
});
