import { toMinor } from '@wps/contract';
import { hashServerSeed } from '@wps/games';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';
import { drawTicket } from './ticket-math.ts';
import { promotionsTestKit } from './test-kit.ts';

const WHEEL = {
  enabled: true,
  prizes: [
    { type: 'cash', label: 'Cash 5', amount: '5.00', weight: 40 },
    { type: 'bonus', label: 'Bonus 20', amount: '20.00', wageringMultiplier: 3, weight: 30 },
    { type: 'points', label: '50 points', points: 50, weight: 20 },
    { type: 'nothing', label: 'Try again', weight: 10 },
  ],
};

describe('reward tickets: prize tables, grants, provably fair opening paid once', () => {
  const kit = promotionsTestKit({ config: { depositPendingMax: 100 } });
  const { api, deposit } = kit;
  let t: TestApp;
  let op: CreatedAccount;
  beforeAll(() => {
    ({ t, op } = kit);
  });
  const saveTable = (kind: string, body: unknown) =>
    api(op.token, 'PUT', `/wps/admin/promotions/tickets/tables/${kind}`, body);
  const grant = (account: string, kind: string, count: number) =>
    api(op.token, 'POST', '/wps/admin/promotions/tickets/grant', { account, kind, count });
  const points = async (memberId: number) => {
    const rows = await t.database.query('select balance::text b from points_accounts where member_id = $1', [
      memberId,
    ]);
    return BigInt((rows[0]?.b as string | undefined) ?? '0');
  };

  it('the operator sets a prize table; invalid tables are refused with field messages; the odds are public', async () => {
    const bad = await saveTable('WHEEL', { prizes: [{ type: 'cash', amount: '1.00', weight: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    const noAmount = await saveTable('WHEEL', {
      prizes: [
        { type: 'cash', weight: 1 },
        { type: 'nothing', weight: 1 },
      ],
    });
    expect(noAmount.status).toBe(400);
    expect(Object.keys(noAmount.body.value.fields).join()).toContain('amount');

    const saved = await saveTable('WHEEL', WHEEL);
    expect(saved.status).toBe(200);
    expect(saved.body.value.totalWeight).toBe(100);
    expect(saved.body.value.prizes.map((p: { probability: string }) => p.probability)).toEqual([
      '40.00',
      '30.00',
      '20.00',
      '10.00',
    ]);
    const pub = await api(null, 'GET', '/wps/promotions/tickets/prizes');
    expect(pub.status).toBe(200);
    expect(pub.body.value.map((x: { kind: string }) => x.kind)).toEqual(['WHEEL']);
    const member = await createMember(t.app);
    expect((await api(member.token, 'GET', '/wps/admin/promotions/tickets/tables')).status).toBe(403);
  });

  it('granting a kind with no table, or to an unknown account, is refused', async () => {
    const m = await createMember(t.app);
    const egg = await grant(m.account, 'EGG', 1);
    expect(egg.status).toBe(409);
    expect(egg.body.message).toBe('This reward is not available right now.');
    const nobody = await grant('nobody_here', 'WHEEL', 1);
    expect(nobody.status).toBe(404);
  });

  it('a granted ticket opens once: the prize is paid, a second open answers the same result, the proof verifies', async () => {
    const m = await createMember(t.app);
    expect((await grant(m.account, 'WHEEL', 2)).body.value.issued).toBe(2);
    const list = await api(m.token, 'GET', '/wps/promotions/tickets');
    expect(list.status).toBe(200);
    expect(list.body.value.unopened).toBe(2);
    const next = list.body.value.next;
    const ticket = list.body.value.tickets[0];
    expect(ticket.status).toBe('issued');
    expect(ticket.result).toBeNull();
    expect(ticket.prizes).toHaveLength(4);

    const first = await api(m.token, 'POST', `/wps/promotions/tickets/${ticket.id}/open`);
    expect(first.status).toBe(200);
    const opened = first.body.value;
    expect(opened.status).toBe('opened');
    // The draw used the seed pair committed before (hash shown in the list) at its next nonce.
    expect(opened.proof.serverSeedHash).toBe(next.serverSeedHash);
    expect(opened.proof.nonce).toBe(next.nonce);
    expect(opened.proof.serverSeed).toBeNull();

    const again = await api(m.token, 'POST', `/wps/promotions/tickets/${ticket.id}/open`);
    expect(again.status).toBe(200);
    expect(again.body.value.result).toEqual(opened.result);

    const bal = await t.app.services.wallet.memberBalances(m.id);
    const r = opened.result;
    expect(bal.player_cash).toBe(r.type === 'cash' ? toMinor(r.amount) : 0n);
    expect(bal.player_bonus).toBe(r.type === 'bonus' ? toMinor(r.amount) : 0n);
    expect(await points(m.id)).toBe(r.type === 'points' ? BigInt(r.points) : 0n);

    // Rotating the pair reveals the seed: its hash is the commitment, and the draw recomputes.
    await t.app.services.inhouse.rotate(m.id, undefined);
    const after = await api(m.token, 'GET', '/wps/promotions/tickets');
    const proven = after.body.value.tickets.find((x: { id: number }) => x.id === ticket.id);
    expect(proven.proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(proven.proof.serverSeed)).toBe(proven.proof.serverSeedHash);
    const stored = WHEEL.prizes.map((p) => ({ weight: p.weight })) as never;
    const redo = drawTicket(
      { serverSeed: proven.proof.serverSeed, clientSeed: proven.proof.clientSeed, nonce: proven.proof.nonce },
      stored,
    );
    expect(redo.index).toBe(proven.result.index);
    expect(redo.float).toBe(proven.proof.float);
    expect(after.body.value.unopened).toBe(1);
  });

  it('a ticket keeps the odds it was issued with when the table changes', async () => {
    const m = await createMember(t.app);
    await grant(m.account, 'WHEEL', 1);
    await saveTable('WHEEL', {
      prizes: [
        { type: 'cash', amount: '1.00', weight: 1 },
        { type: 'nothing', weight: 1 },
      ],
    });
    const list = await api(m.token, 'GET', '/wps/promotions/tickets');
    expect(list.body.value.tickets[0].prizes).toHaveLength(4);
    await saveTable('WHEEL', WHEEL);
  });

  it("another member's ticket is not found; a trial account is refused", async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const ids = (await grant(a.account, 'WHEEL', 1)).body.value.ticketIds;
    expect((await api(b.token, 'POST', `/wps/promotions/tickets/${ids[0]}/open`)).status).toBe(404);
    const trial = await createMember(t.app, { type: 4 });
    expect((await api(trial.token, 'GET', '/wps/promotions/tickets')).status).toBe(403);
    expect((await api(null, 'GET', '/wps/promotions/tickets')).status).toBe(401);
  });

  it('property: what the ledger and points pay equals the sum of the prizes drawn', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom('cash', 'bonus', 'points', 'nothing'),
            cents: fc.integer({ min: 1, max: 100_000 }),
            points: fc.integer({ min: 1, max: 5_000 }),
            weight: fc.integer({ min: 1, max: 50 }),
          }),
          { minLength: 2, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 6 }),
        async (spec, n) => {
          const prizes = spec.map((p) => ({
            type: p.type,
            weight: p.weight,
            ...(p.type === 'cash' || p.type === 'bonus'
              ? { amount: (p.cents / 100).toFixed(2), wageringMultiplier: 2 }
              : {}),
            ...(p.type === 'points' ? { points: p.points } : {}),
          }));
          expect((await saveTable('ENVELOPE', { prizes })).status).toBe(200);
          const m = await createMember(t.app);
          const ids: number[] = (await grant(m.account, 'ENVELOPE', n)).body.value.ticketIds;
          const want = { cash: 0n, bonus: 0n, points: 0n };
          for (const id of ids) {
            const res = await api(m.token, 'POST', `/wps/promotions/tickets/${id}/open`);
            expect(JSON.stringify(res.body)).toContain('"success":true');
            const r = res.body.value.result;
            if (r.type === 'cash') want.cash += toMinor(r.amount);
            if (r.type === 'bonus') want.bonus += toMinor(r.amount);
            if (r.type === 'points') want.points += BigInt(r.points);
          }
          const bal = await t.app.services.wallet.memberBalances(m.id);
          expect(bal.player_cash).toBe(want.cash);
          expect(bal.player_bonus).toBe(want.bonus);
          expect(await points(m.id)).toBe(want.points);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);

  it('a tickets promotion: claimed free once, or earned by the deposit it names; the report counts them', async () => {
    const create = async (payload: Record<string, unknown>) => {
      const res = await api(op.token, 'POST', '/wps/admin/promotions', {
        category: 'others',
        startsAt: '2020-01-01T00:00:00Z',
        kind: 'tickets',
        ...payload,
      });
      return res;
    };
    await saveTable('WHEEL', WHEEL);
    const missing = await create({ title: 'No kind' });
    expect(missing.status).toBe(400);
    const free = await create({ title: 'Free spins', ticketKind: 'WHEEL', ticketCount: 3 });
    expect(free.status).toBe(200);
    const m = await createMember(t.app);
    const promo = await api(m.token, 'GET', `/wps/promotions/${free.body.value.id}`);
    expect(promo.body.value.status).toBe('claim');
    expect(promo.body.value.ticketKind).toBe('WHEEL');
    const c1 = await api(m.token, 'POST', `/wps/promotions/${free.body.value.id}/claim`);
    expect(c1.status).toBe(200);
    expect(c1.body.value.status).toBe('claimed');
    expect((await api(m.token, 'POST', `/wps/promotions/${free.body.value.id}/claim`)).status).toBe(409);
    const list = await api(m.token, 'GET', '/wps/promotions/tickets');
    expect(list.body.value.unopened).toBe(3);
    expect(list.body.value.tickets[0].source).toBe('promotion');
    expect(list.body.value.tickets[0].title).toBe('Free spins');

    // Earned by a deposit: join, then the 1st deposit of at least the minimum issues them, once.
    const dep = await create({
      title: 'Deposit eggs',
      ticketKind: 'EGG',
      ticketCount: 2,
      depositNth: 1,
      minDeposit: '500.00',
    });
    expect(dep.status).toBe(200);
    await saveTable('EGG', WHEEL);
    const d = await createMember(t.app);
    expect((await api(d.token, 'GET', `/wps/promotions/${dep.body.value.id}`)).body.value.status).toBe(
      'join',
    );
    expect((await api(d.token, 'POST', `/wps/promotions/${dep.body.value.id}/claim`)).status).toBe(409);
    expect((await api(d.token, 'POST', `/wps/promotions/${dep.body.value.id}/join`)).status).toBe(200);
    await deposit(d.id, '600.00');
    const eggs = await api(d.token, 'GET', '/wps/promotions/tickets');
    expect(eggs.body.value.unopened).toBe(2);
    expect(eggs.body.value.tickets.every((x: { kind: string }) => x.kind === 'EGG')).toBe(true);
    expect((await api(d.token, 'GET', `/wps/promotions/${dep.body.value.id}`)).body.value.status).toBe(
      'claimed',
    );
    await deposit(d.id, '600.00');
    expect((await api(d.token, 'GET', '/wps/promotions/tickets')).body.value.unopened).toBe(2);

    const report = await api(op.token, 'GET', `/wps/admin/promotions/tickets/report?account=${m.account}`);
    expect(report.status).toBe(200);
    expect(report.body.value.tickets.total).toBe(3);
    expect(
      report.body.value.totals.find((x: { kind: string }) => x.kind === 'EGG').issued,
    ).toBeGreaterThanOrEqual(2);
  });
});
