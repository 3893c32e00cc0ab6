import { businessDayStart } from '@wps/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { promotionsTestKit } from './test-kit.ts';

const hasPostgres = !!testConfig().testDatabaseUrl;
const HOUR = 3_600_000;

/**
 * Manual rebate claims racing on real PostgreSQL (PGlite runs one transaction at a time, so it
 * cannot interleave two claims): the same turnover is paid once, also when the two claims fall
 * either side of a business midnight and so belong to two different business days.
 */
describe.skipIf(!hasPostgres)('manual rebate under concurrency (needs TEST_DATABASE_URL)', () => {
  const kit = promotionsTestKit({ postgres: 'require' });
  const { api } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(async () => {
    ({ t, op } = kit);
    await t.app.services.system.setFlag('MANPLAYREB3', true);
    const rates = await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
      { gameType: 'RNG', rateBp: 100 },
    ]);
    expect(rates.status).toBe(200);
  });

  /** A settled RNG bet at a chosen instant. */
  const betAt = (memberId: number, stake: bigint, at: number) =>
    t.database.query(
      `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout, valid_stake, status, settled_at)
       values ($1, member_upline_path($1), 'inhouse', 'INHOUSE', 'dice', 'RNG', $2, $3, 0, $3, 'settled', $4)`,
      [memberId, `rebate-${at}-${Math.random()}`, stake.toString(), new Date(at).toISOString()],
    );
  const claim = (token: string) => api(token, 'POST', '/wps/promotions/rebate/claim');
  const cash = async (memberId: number) => (await t.app.services.wallet.memberBalances(memberId)).player_cash;
  const paid = async (memberId: number) =>
    (
      await t.database.query(
        `select count(*)::int as n, coalesce(sum(amount), 0)::text as total from rebate_claims where member_id = $1`,
        [memberId],
      )
    )[0];

  it('eight simultaneous claims pay the turnover once', async () => {
    const m = await createMember(t.app);
    await kit.bet(m.id, 100_000n); // 1000.00 at 1 % → 10.00
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(m.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await cash(m.id)).toBe(1_000n);
    expect(await paid(m.id)).toEqual({ n: 1, total: '1000' });
  });

  it('two simultaneous claims either side of business midnight pay the same turnover once', async () => {
    const rebate = t.app.services.rebate;
    const realClock = rebate.clock.now;
    // 3 to 27 hours ahead: the bet two hours before it must be after the member's creation, where
    // the first claim's window starts (with 25 hours the midnight could be 1 hour away).
    const midnight = businessDayStart(new Date(Date.now() + 27 * HOUR)).getTime();
    try {
      // Several members, so the race is run more than once.
      for (let round = 0; round < 6; round++) {
        const m = await createMember(t.app);
        await betAt(m.id, 100_000n, midnight - 2 * HOUR); // 1000.00 → 10.00, before both claims
        // The first clock reading is a second before midnight, every later one a second after:
        // one claim belongs to the old business day, the other to the new one.
        const readings = [midnight - 1000];
        rebate.clock.now = async () => new Date(readings.shift() ?? midnight + 1000);
        const answers = await Promise.all([claim(m.token), claim(m.token)]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(answers.find((a) => a.status === 200)!.body.value.amount).toBe('10.00');
        expect(await cash(m.id)).toBe(1_000n);
        expect(await paid(m.id)).toEqual({ n: 1, total: '1000' });
      }
    } finally {
      rebate.clock.now = realClock;
    }
  });
});
