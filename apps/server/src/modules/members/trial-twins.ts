import { randomBytes } from 'node:crypto';
import { isTrialType } from '@wps/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { createMember, type Member } from './create.ts';
import { members, memberTrialTwins } from './schema.ts';

/**
 * A signed-in player's free trial (issue 31, SPEC §2: the free-trial button on supportPlay 0
 * games). Vendors call the seamless wallet by username, not by launch, so a "trial" flag on a
 * real member's launch could not stop a vendor's later call from moving real money. Instead the
 * player plays as their own trial member, its twin: type 4 like a free-play login, so the wallet,
 * the seamless wallet, the aggregator and the in-house games all take play money, and everything
 * that leaves trial members out (turnover, bonuses, missions, jackpot, VIP, rankings, reports)
 * leaves the twin out too. The twin has no upline and no referrer: it is in nobody's downline.
 */
export class TrialTwins {
  constructor(private readonly db: Db) {}

  /** The twin of a member, when it has been made. */
  async of(memberId: number): Promise<Member | null> {
    const [row] = await this.db
      .select({ twin: members })
      .from(memberTrialTwins)
      .innerJoin(members, eq(members.id, memberTrialTwins.twinId))
      .where(eq(memberTrialTwins.memberId, memberId));
    return row?.twin ?? null;
  }

  /**
   * The member's twin, made on first use and reused. The real member's row is locked for the
   * transaction, so concurrent first clicks make one twin: the second waits, then finds it.
   * `beforeCreate` runs only when a twin is about to be made (the caller's rate limit).
   */
  async ensure(memberId: number, opts: { ip?: string | null; beforeCreate?: () => Promise<void> } = {}) {
    const found = await this.of(memberId);
    if (found) return found;
    await opts.beforeCreate?.();
    return this.db.transaction(async (tx) => {
      const [real] = await tx
        .select({ id: members.id, type: members.type, status: members.status })
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      // A trial member plays as itself; only a real, active member gets a twin.
      if (!real || isTrialType(real.type) || real.status !== 'active') throw new AppError('FORBIDDEN');
      const [linked] = await tx
        .select({ twin: members })
        .from(memberTrialTwins)
        .innerJoin(members, eq(members.id, memberTrialTwins.twinId))
        .where(eq(memberTrialTwins.memberId, memberId));
      if (linked) return linked.twin;
      const twin = await createMember(tx, {
        account: `trial${randomBytes(5).toString('hex')}`,
        // No password: the twin is never signed in to by name, only reached through its member.
        passwordHash: '!',
        type: 4,
        registerMethod: 'TRIAL_TWIN',
        registerIp: opts.ip ?? null,
      });
      await tx.insert(memberTrialTwins).values({ memberId, twinId: twin.id });
      return twin;
    });
  }

  /** The real member a twin belongs to (null for any other member). */
  async ownerOf(twinId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ memberId: memberTrialTwins.memberId })
      .from(memberTrialTwins)
      .where(eq(memberTrialTwins.twinId, twinId));
    return row?.memberId ?? null;
  }
}
