import {
  type AdminMission,
  fromMinor,
  type MissionInput,
  type MissionMetric,
  type MissionPeriod,
  toMinor,
} from '@wps/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { missionProgress, missions } from './schema.ts';
import type { Actor } from './vip.ts';

export const targetText = (metric: string, v: bigint) => (metric === 'rounds' ? v.toString() : fromMinor(v));
const parseTarget = (metric: MissionMetric, s: string) => (metric === 'rounds' ? BigInt(s) : toMinor(s));

/** The operator's side of missions: definitions (audited) and what each has paid. */
export class MissionsAdmin {
  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService },
  ) {}

  async list(): Promise<AdminMission[]> {
    const rows = await this.db
      .select({
        m: missions,
        claims: sql<number>`count(${missionProgress.claimedAt})::int`,
        paid: sql<string>`coalesce(sum(${missionProgress.reward}) filter (where ${missionProgress.claimedAt} is not null), 0)::text`,
      })
      .from(missions)
      .leftJoin(missionProgress, eq(missionProgress.missionId, missions.id))
      .groupBy(missions.id)
      .orderBy(desc(missions.sort), asc(missions.id));
    return rows.map(({ m, claims, paid }) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      titleNe: m.titleNe,
      descriptionNe: m.descriptionNe,
      period: m.period as MissionPeriod,
      metric: m.metric as MissionMetric,
      gameType: m.gameType,
      target: targetText(m.metric, m.target),
      reward: fromMinor(m.reward),
      wageringMultiplier: m.wageringMultiplier,
      enabled: m.enabled,
      sort: m.sort,
      claims: Number(claims),
      paid: fromMinor(BigInt(paid)),
    }));
  }

  private values(input: MissionInput) {
    return {
      title: input.title,
      description: input.description,
      titleNe: input.titleNe,
      descriptionNe: input.descriptionNe,
      period: input.period,
      metric: input.metric,
      gameType: input.metric === 'deposit' ? null : input.gameType,
      target: parseTarget(input.metric, input.target),
      reward: toMinor(input.reward),
      wageringMultiplier: input.wageringMultiplier,
      enabled: input.enabled,
      sort: input.sort,
    };
  }

  async create(actor: Actor, input: MissionInput): Promise<AdminMission> {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(missions).values(this.values(input)).returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'mission.create',
          target: { type: 'mission', id: row!.id },
          after: input,
          ip: actor.ip ?? null,
        },
        tx,
      );
      return row!.id;
    });
    return (await this.list()).find((m) => m.id === id)!;
  }

  /** Changes a mission; progress already made stays, rewards already paid keep their amount. */
  async update(actor: Actor, id: number, input: MissionInput): Promise<AdminMission> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(missions).where(eq(missions.id, id));
      if (!before) throw new AppError('NOT_FOUND');
      await tx
        .update(missions)
        .set({ ...this.values(input), updatedAt: sql`now()` })
        .where(eq(missions.id, id));
      await this.deps.audit.record(
        {
          actor,
          action: 'mission.update',
          target: { type: 'mission', id },
          before: { ...before, target: before.target.toString(), reward: before.reward.toString() },
          after: input,
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
    return (await this.list()).find((m) => m.id === id)!;
  }

  /** Demo seed: adds the missions once (when none exist). */
  async ensureDemo(inputs: MissionInput[]): Promise<boolean> {
    const [any] = await this.db.select({ id: missions.id }).from(missions).limit(1);
    if (any) {
      // A demo seeded before Nepali texts existed: a mission still as seeded gets its Nepali (issue 27).
      let filled = false;
      for (const i of inputs) {
        if (!i.titleNe) continue;
        const done = await this.db
          .update(missions)
          .set({ titleNe: i.titleNe, descriptionNe: i.descriptionNe })
          .where(and(eq(missions.title, i.title), eq(missions.titleNe, '')))
          .returning({ id: missions.id });
        filled ||= done.length > 0;
      }
      return filled;
    }
    await this.db.insert(missions).values(inputs.map((i) => this.values(i)));
    return true;
  }
}
