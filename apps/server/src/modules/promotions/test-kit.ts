import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createOperator } from '../../test/members.ts';

/**
 * The setup the promotions, referral and missions test files share: one app per file, an operator
 * with the promotions and cashier permissions, a deposit channel, and the calls every file makes
 * (the API with a token, an approved deposit, a settled bet). Call it inside a `describe`: it
 * registers that describe's `beforeAll`/`afterAll`; the fields are set once `beforeAll` ran.
 */
// biome-ignore lint/suspicious/noExplicitAny: the tests read loose JSON answers
type Json = any;

export interface PromotionsTestKit {
  t: TestApp;
  op: CreatedAccount;
  channelId: number;
  actor(): { id: number; account: string; ip: null };
  api(
    token: string | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }>;
  /** A deposit requested and approved by the operator (the approval's hooks run). */
  deposit(memberId: number, amount: string): Promise<unknown>;
  /** A settled in-house dice round in the bets record (a loss unless `payout` says otherwise). */
  bet(
    memberId: number,
    stake: bigint,
    o?: { gameType?: string; gameCode?: string; payout?: bigint; trial?: boolean; roundId?: string },
  ): Promise<unknown>;
}

export interface PromotionsTestKitOptions {
  config?: Partial<Config>;
  postgres?: 'require' | 'prefer' | 'never';
  /** The deposit channel (an eSewa wallet taking 100.00 to 100,000.00 unless given). */
  channel?: { code: string; kind: 'bank' | 'wallet'; name: string; min: string };
}

export function promotionsTestKit(opts: PromotionsTestKitOptions = {}): PromotionsTestKit {
  const channel = opts.channel ?? { code: 'ESEWA', kind: 'wallet', name: 'eSewa', min: '100.00' };
  let seq = 0;
  const kit: PromotionsTestKit = {
    t: undefined as unknown as TestApp,
    op: undefined as unknown as CreatedAccount,
    channelId: 0,
    actor: () => ({ id: kit.op.id, account: kit.op.account, ip: null }),
    async api(token, method, url, body) {
      const res = await kit.t.app.inject({
        method,
        url,
        headers: token ? { token } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async deposit(memberId, amount) {
      const cashier = kit.t.app.services.cashier;
      const d = await cashier.requestDeposit(memberId, {
        channelId: kit.channelId,
        amount,
        reference: `ref${Math.random()}`,
      });
      return cashier.approveDeposit(kit.actor(), d.id);
    },
    bet(memberId, stake, o = {}) {
      return kit.t.app.database.db.transaction((tx) =>
        kit.t.app.services.bets.recordSettlement(tx, {
          memberId,
          source: 'inhouse',
          vendor: 'INHOUSE',
          gameCode: o.gameCode ?? 'dice',
          gameType: o.gameType ?? 'RNG',
          roundId: o.roundId ?? `kit${++seq}-${Math.random()}`,
          stake,
          payout: o.payout ?? 0n,
          trial: o.trial ?? false,
        }),
      );
    },
  };
  beforeAll(async () => {
    kit.t = await createTestApp(opts.config ?? {}, { postgres: opts.postgres ?? 'prefer' });
    kit.op = await createOperator(kit.t.app, { permissions: ['promotions', 'cashier'] });
    const ch = await kit.t.app.services.cashier.createChannel(kit.actor(), {
      code: channel.code,
      kind: channel.kind,
      name: channel.name,
      accountName: 'WPS',
      accountNumber: '9800000001',
      min: channel.min,
      max: '100000.00',
      enabled: true,
      sort: 0,
    });
    kit.channelId = ch.id;
  });
  afterAll(async () => {
    await kit.t?.close();
  });
  return kit;
}

/**
 * A promotion made through the console API by an operator holding the promotions permission,
 * running since 2020 unless `payload` says otherwise; answers its id (anything but 200 fails the test).
 */
export async function createPromotion(
  app: TestApp['app'],
  token: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/wps/admin/promotions',
    headers: { token },
    payload: { startsAt: '2020-01-01T00:00:00Z', ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}
