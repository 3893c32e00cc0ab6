import {
  type CompleteLocale,
  fromMinor,
  toMinor,
  type VipLevel,
  type VipLevelsInput,
  type VipStatus,
} from '@wps/contract';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { localized } from '../../http/i18n.ts';
import type { AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { vipLevelAwards, vipLevels, vipMembers, vipMonthlyAwards } from './schema.ts';

type LevelRow = typeof vipLevels.$inferSelect;
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

/** The instant a month (`2026-11`) ends: business midnight starting the next month. */
export function monthEnd(month: string, utcOffsetMinutes: number): Date {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new Error(`not a month: ${month}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]), 1) - utcOffsetMinutes * 60_000);
}

/** The highest level whose thresholds both figures meet (0: none). Levels are checked one by one. */
export function levelFor(levels: readonly LevelRow[], turnover: bigint, deposits: bigint): number {
  let reached = 0;
  for (const l of levels)
    if (turnover >= l.minTurnover && deposits >= l.minDeposits) reached = Math.max(reached, l.level);
  return reached;
}

const out = (l: LevelRow, locale: CompleteLocale = 'en'): VipLevel => ({
  level: l.level,
  name: localized(locale, l.name, l.nameNe),
  nameNe: l.nameNe,
  minTurnover: fromMinor(l.minTurnover),
  minDeposits: fromMinor(l.minDeposits),
  bonus: fromMinor(l.bonus),
  monthlyBonus: fromMinor(l.monthlyBonus),
});

/**
 * VIP levels (issue 14): the operator's table of thresholds on lifetime valid turnover (from the
 * bets record, through the missions consumer) and approved deposits. Reaching a level pays its
 * level-up bonus once (the award row's primary key and the ledger key both guard it); a level
 * once reached is kept even if the operator raises the thresholds later.
 */
export class VipService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      messages: MessagesService;
      audit: AuditService;
      /** Account status: the monthly bonus is paid to active accounts only. */
      members: MembersService;
      /** The business day's offset from UTC: a month ends at business midnight. */
      utcOffsetMinutes: number;
    },
  ) {}

  async levels(ex: Db | Tx = this.db): Promise<LevelRow[]> {
    return ex.select().from(vipLevels).orderBy(asc(vipLevels.level));
  }

  /**
   * Adds turnover and deposits (paisa) to members in the caller's transaction, then levels them up.
   * One upsert for the whole set (a bets batch names hundreds of members: a statement each made
   * the missions consumer the slowest of the record's, bench/profile-consumers.ts), its rows in
   * member order, so two writers lock shared members in the same order.
   */
  async add(tx: Tx, deltas: Map<number, { turnover: bigint; deposits: bigint }>): Promise<void> {
    if (deltas.size === 0) return;
    const levels = await this.levels(tx);
    const rows = await tx
      .insert(vipMembers)
      .values(
        [...deltas]
          .sort((a, b) => a[0] - b[0])
          .map(([memberId, d]) => ({ memberId, turnover: d.turnover, deposits: d.deposits })),
      )
      .onConflictDoUpdate({
        target: vipMembers.memberId,
        set: {
          turnover: sql`${vipMembers.turnover} + excluded.turnover`,
          deposits: sql`${vipMembers.deposits} + excluded.deposits`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    for (const row of rows.sort((a, b) => a.memberId - b.memberId)) await this.levelUp(tx, row, levels);
  }

  private async levelUp(tx: Tx, m: typeof vipMembers.$inferSelect, levels: LevelRow[]) {
    const target = levelFor(levels, m.turnover, m.deposits);
    if (target <= m.level) return;
    for (const l of levels) {
      if (l.level <= m.level || l.level > target) continue;
      const [award] = await tx
        .insert(vipLevelAwards)
        .values({ memberId: m.memberId, level: l.level, bonus: l.bonus })
        .onConflictDoNothing()
        .returning();
      if (!award) continue;
      if (l.bonus > 0n)
        await this.deps.wallet.post(
          {
            key: `vip_levelup:${m.memberId}:${l.level}`,
            reason: 'bonus',
            postings: [
              { account: Accounts.promotion(), amount: -l.bonus },
              { account: Accounts.cash(m.memberId), amount: l.bonus },
            ],
            metadata: { vipLevel: l.level },
          },
          tx,
        );
      await this.deps.messages.send(
        m.memberId,
        systemMessage(
          'bonus',
          ['vipLevelTitle', l.level, { en: l.name, ne: l.nameNe }],
          l.bonus > 0n
            ? ['vipLevelBonus', { en: l.name, ne: l.nameNe }, fromMinor(l.bonus)]
            : ['vipLevel', { en: l.name, ne: l.nameNe }],
        ),
        tx,
      );
    }
    await tx
      .update(vipMembers)
      .set({ level: target, updatedAt: sql`now()` })
      .where(eq(vipMembers.memberId, m.memberId));
  }

  /**
   * Monthly VIP bonus for `month` (`2026-11`), paid at the level each member held when the month
   * ended (business time): the highest level it had reached before then (levels are only ever
   * gained, each with its award row), never one reached after the month, however late the job
   * runs. A member whose account is not active (frozen, closed) when the month is paid gets
   * nothing for it. The award row's primary key (member, month) and the ledger key both guard
   * the payment, so a second or overlapping run, or a run killed midway and run again, pays
   * nothing twice. Members go in batches, each in its own transaction behind the scheduler's fence.
   */
  async payMonthly(
    month: string,
    assertOwner: (tx: DbOrTx) => Promise<void> = async () => {},
  ): Promise<{ paid: number; amount: string }> {
    const end = monthEnd(month, this.deps.utcOffsetMinutes);
    const held = this.db
      .select({
        memberId: vipLevelAwards.memberId,
        level: sql<number>`max(${vipLevelAwards.level})`.as('held_level'),
      })
      .from(vipLevelAwards)
      .where(lt(vipLevelAwards.createdAt, end))
      .groupBy(vipLevelAwards.memberId)
      .as('held');
    const due = await this.db
      .select({
        memberId: held.memberId,
        level: held.level,
        amount: vipLevels.monthlyBonus,
        name: vipLevels.name,
        nameNe: vipLevels.nameNe,
      })
      .from(held)
      .innerJoin(vipLevels, eq(vipLevels.level, held.level))
      .where(gt(vipLevels.monthlyBonus, 0n))
      .orderBy(asc(held.memberId));
    let paid = 0;
    let total = 0n;
    for (let i = 0; i < due.length; i += 100) {
      const batch = due.slice(i, i + 100);
      await this.db.transaction(async (tx) => {
        await assertOwner(tx);
        for (const m of batch) {
          const member = await this.deps.members.getById(m.memberId, tx);
          if (member?.status !== 'active') continue;
          const [award] = await tx
            .insert(vipMonthlyAwards)
            .values({ memberId: m.memberId, month, level: m.level, amount: m.amount })
            .onConflictDoNothing()
            .returning();
          if (!award) continue;
          await this.deps.wallet.post(
            {
              key: `vip_monthly:${m.memberId}:${month}`,
              reason: 'bonus',
              postings: [
                { account: Accounts.promotion(), amount: -m.amount },
                { account: Accounts.cash(m.memberId), amount: m.amount },
              ],
              metadata: { vipLevel: m.level, month },
            },
            tx,
          );
          await this.deps.messages.send(
            m.memberId,
            systemMessage(
              'bonus',
              ['vipMonthlyTitle', { en: m.name, ne: m.nameNe }],
              ['vipMonthly', { en: m.name, ne: m.nameNe }, fromMinor(m.amount), month],
            ),
            tx,
          );
          paid++;
          total += m.amount;
        }
      });
    }
    return { paid, amount: fromMinor(total) };
  }

  /** The level a member has reached (0: none); the public store's hasVip. */
  async levelOf(memberId: number): Promise<number> {
    const [m] = await this.db
      .select({ level: vipMembers.level })
      .from(vipMembers)
      .where(eq(vipMembers.memberId, memberId));
    return m?.level ?? 0;
  }

  async status(memberId: number, locale: CompleteLocale = 'en'): Promise<VipStatus> {
    const levels = await this.levels();
    const [m] = await this.db.select().from(vipMembers).where(eq(vipMembers.memberId, memberId));
    const level = m?.level ?? 0;
    const next = levels.find((l) => l.level > level);
    const reached = levels.find((l) => l.level === level);
    return {
      level,
      name: reached ? localized(locale, reached.name, reached.nameNe) : null,
      turnover: fromMinor(m?.turnover ?? 0n),
      deposits: fromMinor(m?.deposits ?? 0n),
      next: next ? out(next, locale) : null,
      levels: levels.map((l) => out(l, locale)),
    };
  }

  /** Console: the table with how many members stand at each level. */
  async adminList() {
    const levels = await this.levels();
    const counts = await this.db
      .select({ level: vipMembers.level, n: sql<number>`count(*)::int` })
      .from(vipMembers)
      .groupBy(vipMembers.level);
    const byLevel = new Map(counts.map((c) => [c.level, Number(c.n)]));
    return levels.map((l) => ({ ...out(l), members: byLevel.get(l.level) ?? 0 }));
  }

  /**
   * Demo seed on a database seeded before Nepali names existed (issue 27): a level still named as
   * seeded and without a Nepali name gets the seed's; an operator's own names are left alone.
   */
  async fillDemoNepali(levels: ReadonlyArray<{ name: string; nameNe: string }>): Promise<boolean> {
    let filled = false;
    for (const l of levels) {
      if (!l.nameNe) continue;
      const done = await this.db
        .update(vipLevels)
        .set({ nameNe: l.nameNe })
        .where(and(eq(vipLevels.name, l.name), eq(vipLevels.nameNe, '')))
        .returning({ level: vipLevels.level });
      filled ||= done.length > 0;
    }
    return filled;
  }

  /** Replaces the table (level n is the n-th row). Members keep the levels they reached. */
  async setLevels(actor: Actor, input: VipLevelsInput) {
    await this.db.transaction(async (tx) => {
      const before = (await this.levels(tx)).map((l) => out(l));
      await tx.delete(vipLevels);
      if (input.levels.length)
        await tx.insert(vipLevels).values(
          input.levels.map((l, i) => ({
            level: i + 1,
            name: l.name,
            nameNe: l.nameNe,
            minTurnover: toMinor(l.minTurnover),
            minDeposits: toMinor(l.minDeposits),
            bonus: toMinor(l.bonus),
            monthlyBonus: toMinor(l.monthlyBonus),
          })),
        );
      await this.deps.audit.record(
        {
          actor,
          action: 'vip.levels',
          target: { type: 'vip_levels', id: 'all' },
          before,
          after: input.levels,
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
    return this.adminList();
  }
}
