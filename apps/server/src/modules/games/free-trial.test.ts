import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedGames } from '../../db/seed/games.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { Accounts } from '../wallet/accounts.ts';
import { TRIAL_TWINS_PER_IP_PER_HOUR } from './trial-launch.ts';
import { seamlessCall } from '../../test/seamless.ts';

const SECRET = 'free-trial-secret';

/**
 * A signed-in player's free trial (issue 31, SPEC §2/§3: supportPlay 0): the launch is made for
 * the player's own trial member (the twin), so the vendor, the seamless wallet and the in-house
 * games only ever see a trial account, and the player's cash never moves.
 */
describe('free trial for signed-in players', () => {
  let t: TestApp;
  let free: { id: number; gameCode: string };
  let paid: { id: number };
  let inhouse: { id: number };
  beforeAll(async () => {
    t = await createTestApp({ sandboxVendorSecret: SECRET });
    await seedGames(t.app.services);
    await t.app.services.seamless.vendors.update({ id: 0, account: 'test' }, 'SANDBOX', {
      allowBetlessWins: false,
    });
    const snap = await t.app.services.games.catalogue.snapshot();
    const pg = snap.games.filter((g) => g.vendor === 'PG' && g.enabled);
    const f = pg.find((g) => g.supportPlay === 0)!;
    free = { id: f.id, gameCode: f.gameCode };
    paid = { id: pg.find((g) => g.supportPlay === 1)!.id };
    inhouse = { id: snap.games.find((g) => g.vendor === 'INHOUSE' && g.gameCode === 'dice')!.id };
  });
  beforeEach(async () => {
    await t.app.services.system.setFlag('FREEPLAY3', true);
  });
  afterAll(async () => {
    await t.close();
  });

  const fund = (memberId: number, amount: bigint) =>
    t.app.services.wallet.post({
      key: `fund:${memberId}:${amount}`,
      reason: 'deposit',
      postings: [
        { account: Accounts.clearing('BANK'), amount: -amount },
        { account: Accounts.cash(memberId), amount },
      ],
    });
  const launch = (token: string, gameId: number, trial?: string, ip = '203.0.113.9') =>
    t.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?gameId=${gameId}${trial === undefined ? '' : `&trial=${trial}`}`,
      headers: { token },
      remoteAddress: ip,
    });
  const seamless = (op: string, body: unknown) => seamlessCall(t.app, SECRET, op, body);
  /** What the vendor learns from a launch URL: the player it plays for. */
  const redeem = async (url: string) => {
    const launchToken = new URL(url, 'http://x').searchParams.get('token')!;
    const r = await seamless('session', { launchToken });
    expect(r.status).toBe(200);
    return r.body.value as { username: string; trial: boolean; balance: string };
  };
  const twinRows = async (memberId: number) =>
    (await t.database.query(
      `select w.twin_id, m.type, m.parent_id, m.account from member_trial_twins w
       join members m on m.id = w.twin_id where w.member_id = $1`,
      [memberId],
    )) as Array<{ twin_id: number; type: number; parent_id: number | null; account: string }>;
  /** Every real-money account's balance (all but the play-money types). */
  const realMoney = async () =>
    (await t.database.query(
      `select key, balance::text as balance from ledger_accounts
       where type not in ('trial', 'trial_house', 'trial_issuance') order by key`,
    )) as Array<{ key: string; balance: string }>;

  it('launches a supportPlay 0 game as the player’s trial twin, made once and reused', async () => {
    const player = await createMember(t.app);
    await fund(player.id, 100_000n);
    const first = await launch(player.token, free.id, '1');
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ trial: true });
    expect(first.json().value.url).toMatch(/trial=1/);
    expect(first.json().value.trialToken).toBeUndefined();
    const twins = await twinRows(player.id);
    expect(twins).toHaveLength(1);
    // A trial member with no upline: in nobody's downline, out of every real-money figure.
    expect(twins[0]).toMatchObject({ type: 4, parent_id: null });
    const vendorSees = await redeem(first.json().value.url);
    expect(vendorSees).toMatchObject({ username: twins[0]!.account, trial: true });
    expect(vendorSees.username).not.toBe(player.account);

    const second = await launch(player.token, free.id, '1');
    expect((await redeem(second.json().value.url)).username).toBe(twins[0]!.account);
    expect(await twinRows(player.id)).toEqual(twins);
    // Without trial=1 the same game is the player's own, with real money.
    const real = await launch(player.token, free.id);
    expect(real.json().value.trial).toBe(false);
    expect(await redeem(real.json().value.url)).toMatchObject({ username: player.account, trial: false });
  });

  it('refuses a free trial of a supportPlay 1 game, and any free trial with free play off (NOT_ENABLED)', async () => {
    const player = await createMember(t.app);
    const paidGame = await launch(player.token, paid.id, '1');
    expect(paidGame.statusCode).toBe(403);
    expect(paidGame.json()).toMatchObject({
      code: 'NOT_ENABLED',
      message: 'Not enabled function, please contact customer service.',
    });
    await t.app.services.system.setFlag('FREEPLAY3', false);
    const off = await launch(player.token, free.id, '1');
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('NOT_ENABLED');
    expect(await twinRows(player.id)).toEqual([]);
    // Bad values of the parameter are a 400, never a 500.
    for (const bad of ['2', 'yes', '', '1%00'])
      expect((await launch(player.token, free.id, bad)).statusCode).toBe(400);
  });

  it('a trial account plays as itself: no twin for a twin', async () => {
    const trial = await createMember(t.app, { type: 4 });
    const r = await launch(trial.token, free.id, '1');
    expect(r.statusCode).toBe(200);
    expect(await redeem(r.json().value.url)).toMatchObject({ username: trial.account, trial: true });
    expect(await twinRows(trial.id)).toEqual([]);
  });

  it('an in-house free trial plays with the twin’s session: play money, refused at the cashier and profile', async () => {
    const player = await createMember(t.app);
    await fund(player.id, 50_000n);
    const r = await launch(player.token, inhouse.id, '1');
    expect(r.statusCode).toBe(200);
    const twinToken = r.json().value.trialToken as string;
    expect(twinToken).toMatch(/^[\w-]{40,}$/);
    const before = await realMoney();
    const play = await t.app.inject({
      method: 'POST',
      url: '/wps/inhouse/dice/play',
      headers: { token: twinToken },
      payload: { requestId: 'trial-dice-1', amount: '5.00', target: 50, direction: 'over' },
    });
    expect(play.statusCode).toBe(200);
    expect(play.json().value.trial).toBe(true);
    expect(await realMoney()).toEqual(before);
    expect(await t.app.services.wallet.balance(Accounts.cash(player.id))).toBe(50_000n);
    const [twin] = await twinRows(player.id);
    // The twin's round: a trial row with no valid stake (no turnover, rebate, mission, VIP or report
    // counts it), and every real-money account (the jackpot's and the house's too) unchanged above.
    const rows = (await t.database.query(
      'select member_id, trial, valid_stake::text as valid_stake from bets where round_id = $1',
      [play.json().value.roundId],
    )) as Array<{ member_id: number; trial: boolean; valid_stake: string }>;
    expect(rows).toEqual([{ member_id: twin!.twin_id, trial: true, valid_stake: '0' }]);
    // The twin's session is a trial session: no profile, no withdrawal.
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/profile',
      headers: { token: twinToken },
      payload: { nickname: 'x' },
    });
    expect(profile.statusCode).toBe(403);
    const withdraw = await t.app.inject({
      method: 'GET',
      url: '/wps/cashier/withdraw/settings',
      headers: { token: twinToken },
    });
    expect(withdraw.statusCode).toBe(403);
    // A vendor game's launch hands out no session.
    expect((await launch(player.token, free.id, '1')).json().value.trialToken).toBeUndefined();
  });

  it('limits how many twins one address makes in an hour', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < TRIAL_TWINS_PER_IP_PER_HOUR; i++) {
      const p = await createMember(t.app);
      expect((await launch(p.token, free.id, '1', ip)).statusCode).toBe(200);
    }
    const late = await createMember(t.app);
    const refused = await launch(late.token, free.id, '1', ip);
    expect(refused.statusCode).toBe(429);
    expect(await twinRows(late.id)).toEqual([]);
  });

  it('property: any bet/win/rollback sequence of a free trial moves play money only', async () => {
    const player = await createMember(t.app);
    await fund(player.id, 1_000_000n);
    const cashBefore = await t.app.services.wallet.balance(Accounts.cash(player.id));
    const l = await launch(player.token, free.id, '1');
    const { username } = await redeem(l.json().value.url);
    expect(username).not.toBe(player.account);
    const [twin] = await twinRows(player.id);
    const playAtStart = await t.app.services.wallet.balance(Accounts.trial(twin!.twin_id));
    let n = 0;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('bet' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant('win' as const), cents: fc.integer({ min: 0, max: 200_000 }) }),
      fc.record({ kind: fc.constant('rollback' as const), back: fc.nat({ max: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const before = await realMoney();
        const bets: string[] = [];
        const round = `ft-${++n}`;
        for (const o of ops) {
          const txId = `${round}-${bets.length}-${Math.random().toString(36).slice(2)}`;
          if (o.kind === 'bet') {
            const r = await seamless('bet', {
              txId,
              roundId: round,
              username,
              gameCode: free.gameCode,
              amount: (o.cents / 100).toFixed(2),
            });
            if (r.status === 200 && r.body.value?.status === 'applied') bets.push(txId);
          } else if (o.kind === 'win') {
            await seamless('win', { txId, roundId: round, username, amount: (o.cents / 100).toFixed(2) });
          } else if (bets.length > 0) {
            await seamless('rollback', { txId, refTxId: bets[o.back % bets.length], username });
          }
        }
        expect(await realMoney()).toEqual(before);
        expect(await t.app.services.wallet.balance(Accounts.cash(player.id))).toBe(cashBefore);
        // The twin's play money is never below nothing, whatever the sequence.
        expect(await t.app.services.wallet.balance(Accounts.trial(twin!.twin_id))).toBeGreaterThanOrEqual(0n);
      }),
      { numRuns: 25 },
    );
    // The sequences did move money: the twin's play money, and only it.
    expect(await t.app.services.wallet.balance(Accounts.trial(twin!.twin_id))).not.toBe(playAtStart);
  });
});
