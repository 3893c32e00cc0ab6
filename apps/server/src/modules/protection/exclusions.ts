import {
  businessDateTime,
  type Exclusion,
  type ExclusionKind,
  SELF_EXCLUSION_DAYS,
  TIMEOUT_DAYS,
} from '@wps/contract';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { Member, MembersService } from '../members/service.ts';
import { lockMemberRow, markRestricted, type RestrictedFlags } from './restricted.ts';
import { protectionExclusions } from './schema.ts';

const DAY = 24 * 3_600_000;

/** Who acts: the player (id null) or an operator. */
export interface Actor {
  id: number | null;
  account: string;
  ip?: string | null;
}

/** What a registration tells about the person, matched against the identities of exclusions. */
export interface IdentityData {
  dialCode?: string | null;
  mobile?: string | null;
  email?: string | null;
  idNumber?: string | null;
  name?: string | null;
  birthday?: string | null;
}

/** Identities as stored on an exclusion and compared at registration: one spelling for each. */
const norm = {
  mobile: (dial?: string | null, mobile?: string | null) =>
    mobile ? `${(dial ?? '').replace(/\D/g, '')}:${mobile.replace(/\D/g, '')}` : null,
  email: (e?: string | null) => (e?.trim() ? e.trim().toLowerCase() : null),
  idNumber: (n?: string | null) => (n?.trim() ? n.replace(/[\s-]/g, '').toUpperCase() : null),
  name: (n?: string | null) => (n?.trim() ? n.trim().replace(/\s+/g, ' ').toLowerCase() : null),
};

/**
 * The refusal while an exclusion lasts. Given the exclusion, it says until when (in the business
 * time zone, named) and carries `excludedUntil` (ISO, null for one without end), so the player
 * knows when to come back and the site offers nothing to play meanwhile, not even free play.
 */
export const selfExcluded = (until?: { endsAt: Date | null; offsetMinutes: number } | undefined): AppError =>
  until
    ? new AppError('SELF_EXCLUDED', {
        ...(until.endsAt
          ? { messageKey: 'selfExcludedUntil', args: [businessDateTime(until.endsAt, until.offsetMinutes)] }
          : {}),
        extra: { excludedUntil: until.endsAt ? until.endsAt.toISOString() : null },
      })
    : new AppError('SELF_EXCLUDED');

const exclusionOut = (r: typeof protectionExclusions.$inferSelect): Exclusion => ({
  id: r.id,
  kind: r.kind as ExclusionKind,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt ? r.endsAt.toISOString() : null,
  createdBy: r.createdBy,
});

/**
 * Time-outs and self-exclusions: taken by the player (confirmed by password) or added by an
 * operator; never shortened or removed. Each keeps the member's identity at the time, so the
 * same person cannot register again while it lasts. Taking one ends the member's sessions.
 */
export class Exclusions {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      now: () => Date;
      members: MembersService;
      audit: AuditService;
      flags: RestrictedFlags;
      revokeSessions: (memberId: number) => Promise<unknown>;
    },
  ) {}

  /** The exclusion in force now, the longest first; null when none is. */
  async active(memberId: number, ex: DbOrTx = this.db) {
    const now = this.deps.now();
    const [row] = await ex
      .select()
      .from(protectionExclusions)
      .where(
        and(
          eq(protectionExclusions.memberId, memberId),
          sql`${protectionExclusions.startsAt} <= ${now}`,
          or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)),
        ),
      )
      .orderBy(sql`${protectionExclusions.endsAt} desc nulls first`)
      .limit(1);
    return row ?? null;
  }

  /** Every exclusion the member ever had, newest first. */
  async list(memberId: number): Promise<Exclusion[]> {
    const rows = await this.db
      .select()
      .from(protectionExclusions)
      .where(eq(protectionExclusions.memberId, memberId))
      .orderBy(desc(protectionExclusions.id));
    return rows.map(exclusionOut);
  }

  /** POST /wps/member/exclusion: the player's own time-out or self-exclusion, confirmed by password. */
  async byPlayer(
    memberId: number,
    input: { kind: ExclusionKind; days?: number | null | undefined; password: string },
    ip: string | null,
  ): Promise<Exclusion> {
    const days = checkDays(input.kind, input.days);
    const member = await this.deps.members.getById(memberId);
    if (!member) throw new AppError('UNAUTHORIZED');
    if (!(await this.deps.members.checkPassword(member, input.password)))
      throw new AppError('VALIDATION', {
        messageKey: 'passwordWrong',
        fields: { password: 'passwordWrong' },
      });
    return this.add(member, input.kind, days, { id: null, account: member.account, ip }, { operator: false });
  }

  /** The operator adds (or lengthens) an exclusion; none is ever shortened or removed. */
  async byOperator(
    account: string,
    input: { kind: ExclusionKind; days?: number | null | undefined; note?: string | undefined },
    actor: Actor,
  ): Promise<Exclusion> {
    const days = checkDays(input.kind, input.days);
    const member = await this.deps.members.getByAccount(account);
    if (!member) throw new AppError('NOT_FOUND');
    return this.add(member, input.kind, days, actor, { operator: true, note: input.note });
  }

  /** Registration: refused when the identity matches an active exclusion (mobile, email, ID number, name + birth date). */
  async checkRegistration(id: IdentityData): Promise<void> {
    const now = this.deps.now();
    const mobile = norm.mobile(id.dialCode, id.mobile);
    const email = norm.email(id.email);
    const idNumber = norm.idNumber(id.idNumber);
    const name = norm.name(id.name);
    const matches = [
      mobile ? eq(protectionExclusions.mobile, mobile) : undefined,
      email ? eq(protectionExclusions.email, email) : undefined,
      idNumber ? eq(protectionExclusions.idNumber, idNumber) : undefined,
      name && id.birthday
        ? and(eq(protectionExclusions.name, name), eq(protectionExclusions.birthday, id.birthday))
        : undefined,
    ].filter((m) => m !== undefined);
    if (matches.length === 0) return;
    const [hit] = await this.db
      .select({ id: protectionExclusions.id })
      .from(protectionExclusions)
      .where(
        and(
          or(...matches),
          sql`${protectionExclusions.startsAt} <= ${now}`,
          or(isNull(protectionExclusions.endsAt), gt(protectionExclusions.endsAt, now)),
        ),
      )
      .limit(1);
    if (hit) throw selfExcluded();
  }

  private async add(
    member: Member,
    kind: ExclusionKind,
    days: number | null,
    actor: Actor,
    opts: { operator: boolean; note?: string | undefined },
  ): Promise<Exclusion> {
    const now = this.deps.now();
    const endsAt = days === null ? null : new Date(now.getTime() + days * DAY);
    const row = await this.db.transaction(async (tx) => {
      await lockMemberRow(tx, member.id);
      const current = await this.active(member.id, tx);
      // Adding never shortens what is in force: a shorter one beside a longer one would read as a cut.
      if (current && (current.endsAt === null || (endsAt !== null && endsAt < current.endsAt)))
        throw new AppError('CONFLICT', { messageKey: 'exclusionShorten' });
      const [created] = await tx
        .insert(protectionExclusions)
        .values({
          memberId: member.id,
          kind,
          startsAt: now,
          endsAt,
          mobile: norm.mobile(member.countryDialingCode, member.mobileNum),
          email: norm.email(member.email),
          idNumber: norm.idNumber(member.idNumber),
          name: norm.name(member.payeeName),
          birthday: member.birthday ?? null,
          createdBy: opts.operator ? `operator:${actor.account}` : 'player',
          note: opts.note ?? null,
        })
        .returning();
      await markRestricted(tx, member.id, now);
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: opts.operator ? 'protection.exclusion.operator' : 'protection.exclusion.player',
          target: { type: 'member', id: member.id },
          before: current ? exclusionOut(current) : null,
          after: { kind, days, endsAt, note: opts.note ?? null },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return created!;
    });
    this.deps.flags.drop(member.id);
    await this.deps.revokeSessions(member.id);
    return exclusionOut(row);
  }
}

/** The days asked for, within the kind's range; null for a permanent self-exclusion. */
function checkDays(kind: ExclusionKind, days: number | null | undefined): number | null {
  const range = kind === 'timeout' ? TIMEOUT_DAYS : SELF_EXCLUSION_DAYS;
  const invalid = () =>
    new AppError('VALIDATION', {
      messageKey: 'exclusionDaysInvalid',
      args: [range.min, range.max],
      fields: { days: 'exclusionDaysInvalid' },
    });
  if (days === null || days === undefined) {
    if (kind === 'timeout') throw invalid();
    return null; // permanent self-exclusion
  }
  if (days < range.min || days > range.max) throw invalid();
  return days;
}
