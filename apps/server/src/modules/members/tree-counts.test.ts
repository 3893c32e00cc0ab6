import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { type CreatedAccount, createMember } from '../../test/members.ts';

/** The subtree walks the team overview uses (level by level over the parent index). */
describe('members: subtree counts and ids', () => {
  let t: TestApp;
  let top: CreatedAccount;
  const inTeam: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // top → a (agent) → a1, a2 (agent) → a21; top → b; a stranger beside.
    top = await createMember(t.app, { type: 1 });
    const a = await createMember(t.app, { type: 2, parentId: top.id });
    const a1 = await createMember(t.app, { parentId: a.id });
    const a2 = await createMember(t.app, { type: 2, parentId: a.id });
    const a21 = await createMember(t.app, { parentId: a2.id });
    const b = await createMember(t.app, { parentId: top.id });
    await createMember(t.app, { parentId: (await createMember(t.app, { type: 1 })).id });
    inTeam.push(top.id, a.id, a1.id, a2.id, a21.id, b.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every level below the agent: members, agents, direct, new in the range', async () => {
    const tree = t.app.services.members.tree;
    const now = Date.now();
    expect(await tree.counts(top.id, new Date(now - 3_600_000), new Date(now + 3_600_000))).toEqual({
      members: 5,
      agents: 2,
      direct: 2,
      newMembers: 5,
    });
    expect(await tree.counts(top.id, new Date(now + 3_600_000), new Date(now + 7_200_000))).toMatchObject({
      members: 5,
      newMembers: 0,
    });
    expect(await tree.counts(inTeam[4]!, new Date(now - 3_600_000), new Date(now))).toEqual({
      members: 0,
      agents: 0,
      direct: 0,
      newMembers: 0,
    });
  });

  it('lists the team ids: the agent and everyone below it, nobody else', async () => {
    const rows = rowsOf<{ id: number }>(
      await t.app.database.db.execute(
        sql`select id from ${t.app.services.members.tree.teamIdsSql(top.id)} x`,
      ),
    );
    expect(rows.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual([...inTeam].sort((x, y) => x - y));
  });
});
