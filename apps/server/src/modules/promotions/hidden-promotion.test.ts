import { describe, expect, it } from 'vitest';
import { createMember } from '../../test/members.ts';
import type { HiddenPromotion } from './bonus-engine.ts';
import { promotionsTestKit } from './test-kit.ts';

/** Bonuses other features pay (referral, missions, tickets) are granted under one hidden promotion each. */
describe('hidden promotions and grantUnder', () => {
  const kit = promotionsTestKit({ postgres: 'never' });
  const hidden: HiddenPromotion = { title: 'Test rewards', summary: 'Test bonuses.', kind: 'free_bonus' };

  it('is made once however many callers ask at once, found again by a new process, and hidden from players', async () => {
    const { t } = kit;
    const engine = t.app.services.bonusEngine;
    expect(engine.hasHiddenPromotion(hidden)).toBe(false);
    const ids = await Promise.all(Array.from({ length: 5 }, () => engine.hiddenPromotion(hidden)));
    expect(new Set(ids).size).toBe(1);
    expect(engine.hasHiddenPromotion(hidden)).toBe(true);
    const rows = await t.database.query(`select id, enabled, kind from promotions where title = $1`, [
      hidden.title,
    ]);
    expect(rows).toEqual([{ id: ids[0], enabled: false, kind: 'free_bonus' }]);
    const audit = await t.database.query(
      `select actor_account from audit_log where action = 'promotion.create' and target_id = $1`,
      [String(ids[0])],
    );
    expect(audit).toEqual([{ actor_account: 'system' }]);
    const listed = (await kit.api(null, 'GET', '/wps/promotions')).body.value as Array<{ title: string }>;
    expect(listed.some((p) => p.title === hidden.title)).toBe(false);
  });

  it('grants under it once per key, and refuses before the hidden promotion was found', async () => {
    const { t } = kit;
    const engine = t.app.services.bonusEngine;
    const unknown: HiddenPromotion = { title: 'Never made', summary: '', kind: 'free_bonus' };
    const grant = { amount: 1_000n, wageringMultiplier: 2, expiryDays: 7, contributions: {}, title: 'Test' };
    const member = await createMember(t.app);
    await expect(
      t.app.database.db.transaction((tx) =>
        engine.grantUnder(tx, unknown, { ...grant, memberId: member.id, sourceKey: 'test:never' }),
      ),
    ).rejects.toThrow(/not found yet/);
    const id = await engine.hiddenPromotion(hidden);
    const twice = await Promise.all(
      [1, 2].map(() =>
        t.app.database.db.transaction((tx) =>
          engine.grantUnder(tx, hidden, { ...grant, memberId: member.id, sourceKey: 'test:once' }),
        ),
      ),
    );
    expect(twice.filter((g) => g !== null)).toHaveLength(1);
    expect(twice.find((g) => g !== null)?.promotionId).toBe(id);
    expect((await t.app.services.wallet.memberBalances(member.id)).player_bonus).toBe(1_000n);
  });
});
