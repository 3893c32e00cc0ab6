import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { rebateOf } from './rebate.ts';
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

  it('rounds down to the paisa and never pays on a negative stake', () => {
    expect(rebateOf(12_345n, 80)).toBe(98n);
    expect(rebateOf(-5_000n, 80)).toBe(0n);
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
});
