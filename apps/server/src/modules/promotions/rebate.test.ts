import { businessDayOf, businessDayStart } from '@wps/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import fc from 'fast-check';
import { rebateOf, rebateStakes } from './rebate.ts';
import { promotionsTestKit } from './test-kit.ts';

describe('manual rebate (MANPLAYREB3)', () => {
  const kit = promotionsTestKit();
  const { api } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });
  const bet = (memberId: number, gameType: string, stake: bigint) => kit.bet(memberId, stake, { gameType });
  /** A settled RNG bet at a chosen instant (the claims below run on a pinned clock). */
  const betAt = (memberId: number, stake: bigint, at: number) =>
    t.database.query(
      `insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout, valid_stake, status, settled_at)
       values ($1, member_upline_path($1), 'inhouse', 'INHOUSE', 'dice', 'RNG', $2, $3, 0, $3, 'settled', $4)`,
      [memberId, `rebate-${at}-${Math.random()}`, stake.toString(), new Date(at).toISOString()],
    );

  it('rounds down to the paisa and never pays on a negative stake', () => {
    expect(rebateOf(12_345n, 80)).toBe(98n);
    expect(rebateOf(-5_000n, 80)).toBe(0n);
  });

  it('counts each game under one rate: its own (TYPE:GAME) before its type, never both', () => {
    const keys = ['INHOUSE', 'INHOUSE:DICE', 'RNG'];
    const out = rebateStakes(keys, [
      { gameType: 'INHOUSE', gameCode: 'dice', validStake: 100n },
      { gameType: 'INHOUSE', gameCode: 'MINES', validStake: 40n },
      { gameType: 'RNG', gameCode: 'DICE', validStake: 7n },
      { gameType: 'LIVE', gameCode: 'BACCARAT', validStake: 9n },
      { gameType: 'INHOUSE', gameCode: null, validStake: 1n },
    ]);
    expect(Object.fromEntries(out)).toEqual({ 'INHOUSE:DICE': 100n, INHOUSE: 41n, RNG: 7n });
    const game = fc.record({
      gameType: fc.constantFrom('INHOUSE', 'RNG', 'LIVE'),
      gameCode: fc.option(fc.constantFrom('dice', 'MINES', 'crash'), { nil: null }),
      validStake: fc.bigInt({ min: -1_000n, max: 1_000_000n }),
    });
    const key = fc.constantFrom('INHOUSE', 'RNG', 'LIVE', 'INHOUSE:DICE', 'INHOUSE:CRASH', 'RNG:MINES');
    fc.assert(
      fc.property(fc.uniqueArray(key), fc.array(game), (keys, stakes) => {
        const rateKeys: readonly string[] = keys;
        const byRate = rebateStakes(rateKeys, stakes);
        const covered = stakes.filter(
          (g) =>
            rateKeys.includes(g.gameType) ||
            (g.gameCode !== null && rateKeys.includes(`${g.gameType}:${g.gameCode.toUpperCase()}`)),
        );
        // Every stake that has a rate is counted exactly once, and no other is.
        const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
        expect(sum([...byRate.values()])).toBe(sum(covered.map((g) => g.validStake)));
        for (const k of byRate.keys()) expect(rateKeys).toContain(k);
      }),
    );
  });

  it("pays an in-house game at its own rate, and the type's other games at the type's", async () => {
    await t.app.services.system.setFlag('MANPLAYREB3', true);
    const rates = await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
      { gameType: 'INHOUSE', rateBp: 100 },
      { gameType: 'INHOUSE:DICE', rateBp: 10 },
    ]);
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    expect(
      (
        await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
          { gameType: 'INHOUSE:', rateBp: 10 },
        ])
      ).status,
    ).toBe(400);
    const player = await createMember(t.app);
    await kit.bet(player.id, 100_000n, { gameType: 'INHOUSE', gameCode: 'dice' }); // 1000.00 at 0.1 % → 1.00
    await kit.bet(player.id, 100_000n, { gameType: 'INHOUSE', gameCode: 'mines' }); // 1000.00 at 1 % → 10.00
    const preview = await api(player.token, 'GET', '/wps/promotions/rebate');
    expect(preview.body.value).toMatchObject({ amount: '11.00', validStake: '2000.00' });
    expect(preview.body.value.lines).toEqual([
      { gameType: 'INHOUSE', validStake: '1000.00', rateBp: 100, amount: '10.00' },
      { gameType: 'INHOUSE:DICE', validStake: '1000.00', rateBp: 10, amount: '1.00' },
    ]);
    await t.app.services.system.setFlag('MANPLAYREB3', false);
  });

  it('is off until the operator enables MANPLAYREB3', async () => {
    const player = await createMember(t.app);
    expect((await api(player.token, 'GET', '/wps/promotions/rebate')).status).toBe(403);
  });

  it('pays the rate per game type on valid bets since the last claim, once per business day', async () => {
    await t.app.services.system.setFlag('MANPLAYREB3', true);
    expect(
      (
        await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
          { gameType: 'RNG', rateBp: 100 },
          { gameType: 'RNG', rateBp: 5 },
        ])
      ).status,
    ).toBe(400);
    const rates = await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [
      { gameType: 'RNG', rateBp: 100 },
      { gameType: 'LIVE', rateBp: 50 },
    ]);
    expect(rates.status).toBe(200);
    const player = await createMember(t.app);
    const other = await createMember(t.app);
    expect((await api(player.token, 'POST', '/wps/promotions/rebate/claim')).status).toBe(409);

    await bet(player.id, 'RNG', 100_000n); // 1000.00 at 1 % → 10.00
    await bet(player.id, 'LIVE', 200_000n); // 2000.00 at 0.5 % → 10.00
    await bet(player.id, 'PVP', 500_000n); // no rate: nothing
    const preview = await api(player.token, 'GET', '/wps/promotions/rebate');
    expect(preview.body.value).toMatchObject({ amount: '20.00', validStake: '3000.00', claimedToday: false });
    expect((await api(other.token, 'GET', '/wps/promotions/rebate')).body.value.amount).toBe('0.00');

    const [a, b] = await Promise.all([
      api(player.token, 'POST', '/wps/promotions/rebate/claim'),
      api(player.token, 'POST', '/wps/promotions/rebate/claim'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await t.app.services.wallet.memberBalances(player.id)).player_cash).toBe(2_000n);
    const after = await api(player.token, 'GET', '/wps/promotions/rebate');
    expect(after.body.value).toMatchObject({ claimedToday: true, amount: '0.00' });
    await bet(player.id, 'RNG', 100_000n);
    expect((await api(player.token, 'GET', '/wps/promotions/rebate')).body.value.amount).toBe('10.00');
    expect((await api(player.token, 'POST', '/wps/promotions/rebate/claim')).body.message).toBe(
      'You have already claimed your rebate today. Please come back tomorrow.',
    );
    expect((await api(player.token, 'PUT', '/wps/admin/promotions/rebate-rates', [])).status).toBe(403);
  });

  it('two claims either side of business midnight: the second pays only the bets after the first window', async () => {
    await t.app.services.system.setFlag('MANPLAYREB3', true);
    await api(op.token, 'PUT', '/wps/admin/promotions/rebate-rates', [{ gameType: 'RNG', rateBp: 100 }]);
    const player = await createMember(t.app);
    const rebate = t.app.services.rebate;
    const realClock = rebate.clock.now;
    const pin = (ms: number) => {
      rebate.clock.now = async () => new Date(ms);
    };
    // A business midnight 3 to 27 hours from now, so that every instant below, the earliest two hours
    // before it, is after the member's creation (a claim's first window starts there). With 25 hours
    // the midnight could be 1 hour away and the first bet fell before the member existed.
    const midnight = businessDayStart(new Date(Date.now() + 27 * 3_600_000)).getTime();
    const claim = () => api(player.token, 'POST', '/wps/promotions/rebate/claim');
    try {
      await betAt(player.id, 100_000n, midnight - 2 * 3_600_000); // 1000.00 at 1 % → 10.00
      pin(midnight - 1000);
      const first = await claim();
      expect(first.body.value).toEqual({ amount: '10.00', period: businessDayOf(new Date(midnight - 1000)) });
      await betAt(player.id, 30_000n, midnight - 500); // after the first window, still the old day
      await betAt(player.id, 20_000n, midnight + 500); // the new business day
      pin(midnight + 1000);
      expect((await api(player.token, 'GET', '/wps/promotions/rebate')).body.value).toMatchObject({
        amount: '5.00',
        validStake: '500.00',
        claimedToday: false,
      });
      const second = await claim();
      expect(second.body.value).toEqual({ amount: '5.00', period: businessDayOf(new Date(midnight + 1000)) });
      expect((await t.app.services.wallet.memberBalances(player.id)).player_cash).toBe(1_500n);
      // The windows abut: nothing before the first one's end is paid again.
      const windows = await t.database.query(
        'select from_at, to_at, valid_stake::text from rebate_claims where member_id = $1 order by id',
        [player.id],
      );
      expect(windows.map((w) => [new Date(w.from_at as string).getTime(), w.valid_stake])).toEqual([
        [expect.any(Number), '100000'],
        [midnight - 1000, '50000'],
      ]);
      expect(new Date(windows[1]!.to_at as string).getTime()).toBe(midnight + 1000);
      pin(midnight + 2000);
      expect((await claim()).body.message).toBe(
        'You have already claimed your rebate today. Please come back tomorrow.',
      );
    } finally {
      rebate.clock.now = realClock;
    }
  });
});
