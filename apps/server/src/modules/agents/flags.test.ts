import { CONTRACT_KIND_FLAGS, type ContractKind } from '@wps/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformContract } from '../../test/agents.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';

/**
 * SPEC §6 agent flags (enableCt, salary, hourSalary, agentRealtimeSalary, AGENTPOLICY3): a kind
 * switched off is refused by its calls ("Not enabled function": NOT_ENABLED, 403), cannot be
 * offered or accepted, and the other kinds go on. (The agent centre hides its menu item: lib.test.ts.)
 */
describe('agents: contract kind switches', () => {
  let t: TestApp;
  let top: CreatedAccount;
  let sub: CreatedAccount;
  let stranger: CreatedAccount;
  let strangerOffer: number;

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const offerBody = (kind: ContractKind, downline: string) =>
    kind === 'REALTIME'
      ? { downline, kind, rate: '1.00' }
      : { downline, kind, tiers: [{ rate: '0.50' }], ...(kind === 'DIVIDEND' ? { payPeriod: 'DAILY' } : {}) };
  const RECORDS: Record<ContractKind, string> = {
    DIVIDEND: '/wps/agent/dividends',
    DAILY: '/wps/agent/salaries?kind=DAILY',
    HOURLY: '/wps/agent/salaries?kind=HOURLY',
    REALTIME: '/wps/agent/salaries?kind=REALTIME',
  };

  beforeAll(async () => {
    t = await createTestApp();
    top = await createMember(t.app, { type: 1 });
    sub = await createMember(t.app, { type: 2, parentId: top.id });
    stranger = await createMember(t.app, { type: 1 });
    for (const kind of ['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND'] as const) {
      const terms = offerBody(kind, '');
      const { downline: _, ...rest } = terms as { downline: string } & Record<string, unknown>;
      await platformContract(t.app, top, rest as never);
      await platformContract(t.app, stranger, rest as never);
    }
    const s2 = await createMember(t.app, { type: 2, parentId: stranger.id });
    strangerOffer = (
      await t.app.services.agents.offer(stranger.id, offerBody('REALTIME', s2.account) as never)
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    for (const flag of [...Object.values(CONTRACT_KIND_FLAGS), 'AGENTPOLICY3']) {
      await t.app.services.system.setFlag(flag, true);
    }
  });

  for (const kind of ['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND'] as const) {
    it(`${CONTRACT_KIND_FLAGS[kind]} off: ${kind} records, offers and acceptance are refused; the others go on`, async () => {
      const offered = await call(top.token, 'POST', '/wps/agent/contracts', offerBody(kind, sub.account));
      expect(offered.status).toBe(200);
      await t.app.services.system.setFlag(CONTRACT_KIND_FLAGS[kind], false);

      const records = await call(top.token, 'GET', RECORDS[kind]);
      expect(records.status).toBe(403);
      expect(records.body.code).toBe('NOT_ENABLED');
      expect(records.body.message).toBe('Not enabled function, please contact customer service.');
      // The offer made before the switch cannot be accepted now; a new one cannot be made.
      const accepted = await call(sub.token, 'POST', `/wps/agent/contracts/${offered.body.value.id}/accept`);
      expect(accepted.status).toBe(403);
      const again = await call(top.token, 'POST', '/wps/agent/contracts', offerBody(kind, sub.account));
      expect(again.status).toBe(403);
      // Another tree's offer stays NOT_FOUND, whatever the switch.
      expect((await call(sub.token, 'POST', `/wps/agent/contracts/${strangerOffer}/accept`)).status).toBe(
        404,
      );
      // The other kinds are untouched.
      const other: ContractKind = kind === 'REALTIME' ? 'DAILY' : 'REALTIME';
      expect((await call(top.token, 'GET', RECORDS[other])).status).toBe(200);
      if (kind !== 'DIVIDEND') {
        // "All salaries" leaves the switched-off kind out instead of refusing.
        expect((await call(top.token, 'GET', '/wps/agent/salaries')).status).toBe(200);
      }
      // Rejecting (winding down) still works.
      expect(
        (await call(sub.token, 'POST', `/wps/agent/contracts/${offered.body.value.id}/reject`)).status,
      ).toBe(200);
    });
  }

  it('AGENTPOLICY3 off: contracts, income and every record are refused', async () => {
    await t.app.services.system.setFlag('AGENTPOLICY3', false);
    for (const url of ['/wps/agent/contracts', '/wps/agent/income', ...Object.values(RECORDS)]) {
      const r = await call(top.token, 'GET', url);
      expect(r.status, url).toBe(403);
    }
    expect((await call(top.token, 'GET', '/wps/agent/team/overview')).status).toBe(200);
  });
});
