import {
  ageOn,
  businessDayOf,
  COOLING_OFF_HOURS,
  type Exclusion,
  type ExclusionKind,
  fromMinor,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type Limits,
  MONEY_RE,
  periodStart,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_DAYS,
  SESSION_LIMIT_MINUTES,
  type SetLimitRequest,
  TIMEOUT_DAYS,
  toMinor,
} from '@wps/contract';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthChangeFeed, AuthChangeFollower, AuthChangeKind } from '../auth/session-cache.ts';
import type { Member, MembersService } from '../members/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { change, EMPTY, type LimitState, settle } from './rules.ts';
import {
  protectionExclusions,
  protectionLimits,
  protectionMembers,
  protectionRefusals,
  protectionReservations,
} from './schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * How long the bet path of this process trusts a "no limits, no exclusion" answer. While it
 * hears every change (`p:<member>` notices on `wps_auth`, migration 0047), a new restriction
 * drops the answer at once on every instance, and the TTL only bounds the memory. Without the
 * listener a restriction made on another instance is honoured within the short TTL.
 */
const RESTRICTED_CACHE_MS = 60_000;
const RESTRICTED_CACHE_UNHEARD_MS = 5_000;
/** A reservation older than this is a crashed bet: no longer counted. */
const RESERVATION_TTL_MS = 5 * 60_000;

export interface Actor {
  id: number | null;
  account: string;
  ip?: string | null;
}

export interface IdentityData {
  dialCode?: string | null;
  mobile?: string | null;
  email?: string | null;
  idNumber?: string | null;
  name?: string | null;
  birthday?: string | null;
}

type LimitRow = typeof protectionLimits.$inferSelect;
type Key = `${LimitKind}:${LimitPeriod}`;

const stateOf = (r: LimitRow): LimitState => ({
  value: r.value,
  pending: r.pending,
  pendingValue: r.pendingValue,
  effectiveAt: r.effectiveAt,
});
const wire = (kind: LimitKind, v: bigint): string | number => (kind === 'session' ? Number(v) : fromMinor(v));

const norm = {
  mobile: (dial?: string | null, mobile?: string | null) =>
    mobile ? `${(dial ?? '').replace(/\D/g, '')}:${mobile.replace(/\D/g, '')}` : null,
  email: (e?: string | null) => (e?.trim() ? e.trim().toLowerCase() : null),
  idNumber: (n?: string | null) => (n?.trim() ? n.replace(/[\s-]/g, '').toUpperCase() : null),
  name: (n?: string | null) => (n?.trim() ? n.trim().replace(/\s+/g, ' ').toLowerCase() : null),
};

/**
 * Player protection (issue 16): limits with cooling-off, time-outs and self-exclusions, the
 * reality check, and the checks the cashier, the bet paths, login and registration call. Time
 * comes from `clock.now()` so tests can move it.
 */
export class ProtectionService implements AuthChangeFollower {
  readonly clock = { now: () => new Date() };
  private readonly restrictedCache = new Map<number, { restricted: boolean; at: number }>();
  private feed: Pick<AuthChangeFeed, 'active'> = { active: false };
  /** Bumped by every dropped answer: a read that overlapped a notice is not kept. */
  private restrictedGeneration = 0;
  /** The lookups gathering for the next shared query (see restrictedLoad). */
  private restrictedBatch: { ids: Set<number>; done: Promise<Map<number, boolean>> } | null = null;
  private readonly recording = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: {
      members: MembersService;
      wallet: WalletService;
      audit: AuditService;
      revokeSessions: (memberId: number) => Promise<unknown>;
    },
  ) {}

  private now(): Date {
    return this.clock.now();
  }

  private start(period: LimitPeriod, now: Date): Date {
    return periodStart(period, now, this.config.businessUtcOffsetMinutes);
  }

  // ---------------------------------------------------------------- limits

  private async rows(memberId: number, ex: DbOrTx = this.db): Promise<LimitRow[]> {
    return ex.select().from(protectionLimits).where(eq(protectionLimits.memberId, memberId));
  }

  /** The limits in force now, by kind and period. */
  private inForce(rows: LimitRow[], now: Date): Map<Key, bigint> {
    const out = new Map<Key, bigint>();
    for (const r of rows) {
      const v = settle(stateOf(r), now).value;
      if (v !== null) out.set(`${r.kind}:${r.period}` as Key, v);
    }
    return out;
  }

  async limits(memberId: number): Promise<Limits> {
    const now = this.now();
    const out: Limits = { limits: [], pending: [] };
    for (const r of await this.rows(memberId)) {
      const s = settle(stateOf(r), now);
      const kind = r.kind as LimitKind;
      const period = r.period as LimitPeriod;
      if (s.value !== null) out.limits.push({ kind, period, value: wire(kind, s.value) });
      if (s.pending)
        out.pending.push({
          kind,
          period,
          value: s.pendingValue === null ? null : wire(kind, s.pendingValue),
          effectiveAt: s.effectiveAt!.toISOString(),
        });
    }
    const order = (k: string, p: string) =>
      LIMIT_KINDS.indexOf(k as LimitKind) * 10 + LIMIT_PERIODS.indexOf(p as LimitPeriod);
    out.limits.sort((a, b) => order(a.kind, a.period) - order(b.kind, b.period));
    out.pending.sort((a, b) => order(a.kind, a.period) - order(b.kind, b.period));
    return out;
  }

  private parseValue(kind: LimitKind, raw: SetLimitRequest['value']): bigint | null {
    if (raw === null) return null;
    const bad = () =>
      new AppError('VALIDATION', { messageKey: 'limitValueInvalid', fields: { value: 'limitValueInvalid' } });
    if (kind === 'session') {
      const text = String(raw).trim();
      if (!/^\d{1,5}$/.test(text)) throw bad();
      const n = Number(text);
      if (n < SESSION_LIMIT_MINUTES.min || n > SESSION_LIMIT_MINUTES.max) throw bad();
      return BigInt(n);
    }
    const text = typeof raw === 'number' ? (Number.isFinite(raw) ? raw.toFixed(2) : '') : raw.trim();
    if (!MONEY_RE.test(text)) throw bad();
    const v = toMinor(text);
    if (v <= 0n) throw bad();
    return v;
  }

  async setLimit(memberId: number, input: SetLimitRequest, actor: Actor): Promise<Limits> {
    const kind = input.kind;
    const period: LimitPeriod = kind === 'session' ? 'day' : (input.period ?? 'day');
    const next = this.parseValue(kind, input.value);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await this.lockMember(tx, memberId);
      const [row] = await tx
        .select()
        .from(protectionLimits)
        .where(
          and(
            eq(protectionLimits.memberId, memberId),
            eq(protectionLimits.kind, kind),
            eq(protectionLimits.period, period),
          ),
        );
      const before = row ? stateOf(row) : EMPTY;
      const after = change(before, next, now, COOLING_OFF_HOURS * HOUR);
      const values = {
        value: after.value,
        pending: after.pending,
        pendingValue: after.pendingValue,
        effectiveAt: after.effectiveAt,
        updatedAt: now,
      };
      await tx
        .insert(protectionLimits)
        .values({ memberId, kind, period, ...values })
        .onConflictDoUpdate({
          target: [protectionLimits.memberId, protectionLimits.kind, protectionLimits.period],
          set: values,
        });
      await tx
        .update(protectionMembers)
        .set({ restricted: true, updatedAt: now })
        .where(eq(protectionMembers.memberId, memberId));
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: 'protection.limit.set',
          target: { type: 'member', id: memberId },
          before: { kind, period, ...before },
          after: { kind, period, requested: next, ...after },
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
    this.restrictedCache.delete(memberId);
    return this.limits(memberId);
  }

  /** Makes sure the member's protection row exists and locks it for the rest of the transaction. */
  private async lockMember(tx: Tx, memberId: number) {
    await tx.insert(protectionMembers).values({ memberId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(protectionMembers)
      .where(eq(protectionMembers.memberId, memberId))
      .for('update');
    return row!;
  }

  /** Follows the `p:<member>` notices from now on (services.ts: the session cache's listener). */
  attach(feed: AuthChangeFeed): void {
    this.feed = feed;
    feed.follow(this);
  }

  forget(kind: AuthChangeKind, id: number): void {
    if (kind !== 'p') return;
    this.restrictedGeneration++;
    this.restrictedCache.delete(id);
  }

  lostTrack(): void {
    this.restrictedGeneration++;
    this.restrictedCache.clear();
  }

  /**
   * Whether the member has any limit or exclusion (cached; members without pay one map read).
   * `restricted` only ever turns true, so only a cached false can be stale: see RESTRICTED_CACHE_MS.
   */
  async restricted(memberId: number, ex: DbOrTx = this.db): Promise<boolean> {
    const c = this.restrictedCache.get(memberId);
    const ttl = this.feed.active ? RESTRICTED_CACHE_MS : RESTRICTED_CACHE_UNHEARD_MS;
    if (c && (c.restricted || Date.now() - c.at < ttl)) return c.restricted;
    const stamp = this.restrictedGeneration;
    let restricted: boolean;
    if (ex === this.db) {
      restricted = await this.restrictedLoad(memberId);
    } else {
      // Inside a caller's transaction: its own connection (embedded PGlite has only that one).
      const [row] = await ex
        .select({ r: protectionMembers.restricted })
        .from(protectionMembers)
        .where(eq(protectionMembers.memberId, memberId));
      restricted = row?.r ?? false;
    }
    if (stamp !== this.restrictedGeneration) return restricted;
    if (this.restrictedCache.size > 100_000) this.restrictedCache.clear();
    this.restrictedCache.set(memberId, { restricted, at: Date.now() });
    return restricted;
  }

  /**
   * The bet path asks for every member whose cached answer expired: with many players that was
   * one query per bet (issue 10, measured: more queries than the bets' own statements). Lookups
   * asked in the same event-loop turn share one query; each caller still reads the row as it is
   * at that query, so nothing is staler than before.
   */
  private restrictedLoad(memberId: number): Promise<boolean> {
    let batch = this.restrictedBatch;
    if (!batch || batch.ids.size >= 1000) {
      const created: { ids: Set<number>; done: Promise<Map<number, boolean>> } = {
        ids: new Set(),
        done: new Promise<void>((r) => setImmediate(r)).then(async () => {
          if (this.restrictedBatch === created) this.restrictedBatch = null;
          const ids = [...created.ids];
          const rows = await this.db
            .select({ id: protectionMembers.memberId, r: protectionMembers.restricted })
            .from(protectionMembers)
            .where(inArray(protectionMembers.memberId, ids));
          return new Map(rows.map((row) => [row.id, row.r]));
        }),
      };
      batch = created;
      this.restrictedBatch = batch;
    }
    batch.ids.add(memberId);
    return batch.done.then((m) => m.get(memberId) ?? false);
  }

  // ---------------------------------------------------------------- refusals

  /** Records a refusal without waiting (the caller's transaction is about to roll back). */
  private refuse(
    memberId: number,
    r: {
      kind: string;
      period?: string | null;
      context: string;
      limit?: bigint | null;
      attempted?: bigint | null;
    },
    err: AppError,
  ): AppError {
    const p = this.db
      .insert(protectionRefusals)
      .values({
        memberId,
        kind: r.kind,
        period: r.period ?? null,
        context: r.context,
        limitValue: r.limit ?? null,
        attempted: r.attempted ?? null,
      })
      .catch(() => undefined);
    this.recording.add(p);
    void p.finally(() => this.recording.delete(p));
    return err;
  }

  /** Waits for refusals still being written (tests). */
  async flush(): Promise<void> {
    await Promise.all([...this.recording]);
  }

  async hits(q: { pageNo: number; pageSize: number }) {
    const rows = await this.db.execute(sql`
      select r.id, m.account, r.kind, r.period, r.context, r.limit_value::text as limit_value,
             r.attempted::text as attempted, r.created_at, count(*) over ()::int as total
      from protection_refusals r join members m on m.id = r.member_id
      order by r.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
    const list = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const money = (kind: string, v: unknown) =>
      v === null || v === undefined ? null : kind === 'session' ? String(v) : fromMinor(BigInt(String(v)));
    return {
      list: list.map((r) => ({
        id: Number(r.id),
        account: String(r.account),
        kind: String(r.kind),
        period: (r.period as string | null) ?? null,
        context: String(r.context),
        limit: money(String(r.kind), r.limit_value),
        attempted: money(String(r.kind), r.attempted),
        createdAt: new Date(r.created_at as string).toISOString(),
      })),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      total: Number(list[0]?.total ?? 0),
    };
  }

  // ---------------------------------------------------------------- exclusions

  async activeExclusion(memberId: number, ex: DbOrTx = this.db) {
    const now = this.now();
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

  private selfExcluded(): AppError {
    return new AppError('SELF_EXCLUDED');
  }

  private checkDays(kind: ExclusionKind, days: number | null | undefined): number | null {
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

  private exclusionOut(r: typeof protectionExclusions.$inferSelect): Exclusion {
    return {
      id: r.id,
      kind: r.kind as ExclusionKind,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt ? r.endsAt.toISOString() : null,
      createdBy: r.createdBy,
    };
  }

  private async addExclusion(
    member: Member,
    kind: ExclusionKind,
    days: number | null,
    actor: Actor,
    opts: { operator: boolean; note?: string | undefined },
  ): Promise<Exclusion> {
    const now = this.now();
    const endsAt = days === null ? null : new Date(now.getTime() + days * DAY);
    const row = await this.db.transaction(async (tx) => {
      await this.lockMember(tx, member.id);
      const current = await this.activeExclusion(member.id, tx);
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
      await tx
        .update(protectionMembers)
        .set({ restricted: true, updatedAt: now })
        .where(eq(protectionMembers.memberId, member.id));
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: opts.operator ? 'protection.exclusion.operator' : 'protection.exclusion.player',
          target: { type: 'member', id: member.id },
          before: current ? this.exclusionOut(current) : null,
          after: { kind, days, endsAt, note: opts.note ?? null },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return created!;
    });
    this.restrictedCache.delete(member.id);
    await this.deps.revokeSessions(member.id);
    return this.exclusionOut(row);
  }

  /** POST /wps/member/exclusion: the player's own time-out or self-exclusion, confirmed by password. */
  async exclude(
    memberId: number,
    input: { kind: ExclusionKind; days?: number | null | undefined; password: string },
    ip: string | null,
  ): Promise<Exclusion> {
    const days = this.checkDays(input.kind, input.days);
    const member = await this.deps.members.getById(memberId);
    if (!member) throw new AppError('UNAUTHORIZED');
    if (!(await this.deps.members.checkPassword(member, input.password)))
      throw new AppError('VALIDATION', {
        messageKey: 'passwordWrong',
        fields: { password: 'passwordWrong' },
      });
    return this.addExclusion(
      member,
      input.kind,
      days,
      { id: null, account: member.account, ip },
      { operator: false },
    );
  }

  /** The operator adds (or lengthens) an exclusion; none is ever shortened or removed. */
  async operatorExclude(
    account: string,
    input: { kind: ExclusionKind; days?: number | null | undefined; note?: string | undefined },
    actor: Actor,
  ): Promise<Exclusion> {
    const days = this.checkDays(input.kind, input.days);
    const member = await this.deps.members.getByAccount(account);
    if (!member) throw new AppError('NOT_FOUND');
    return this.addExclusion(member, input.kind, days, actor, { operator: true, note: input.note });
  }

  /** Registration: refused when the identity matches an active exclusion (mobile, email, ID number, name + birth date). */
  async checkRegistration(id: IdentityData): Promise<void> {
    const now = this.now();
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
    if (hit) throw this.selfExcluded();
  }

  /** Of these members, the ones under an exclusion now (marketing broadcasts skip them). */
  async isExcluded(memberId: number): Promise<boolean> {
    if (!(await this.restricted(memberId))) return false;
    return (await this.activeExclusion(memberId)) !== null;
  }

  async exclusions(memberId: number): Promise<Exclusion[]> {
    const rows = await this.db
      .select()
      .from(protectionExclusions)
      .where(eq(protectionExclusions.memberId, memberId))
      .orderBy(desc(protectionExclusions.id));
    return rows.map((r) => this.exclusionOut(r));
  }

  // ---------------------------------------------------------------- age

  /** A date of birth at or above the configured minimum age, else refused. */
  checkAge(birthday: string, field = 'birthday'): void {
    const age = ageOn(birthday, this.now());
    if (age === null || age > 130)
      throw new AppError('VALIDATION', {
        messageKey: 'birthdayFormat',
        fields: { [field]: 'birthdayFormat' },
      });
    if (age < this.config.ageMin)
      throw new AppError('FORBIDDEN', {
        messageKey: 'underAge',
        args: [this.config.ageMin],
        fields: { [field]: 'underAge' },
      });
  }

  // ---------------------------------------------------------------- enforcement

  /**
   * Inside the cashier's deposit transaction (member already serialised there): exclusion, age
   * and the deposit limits of every period, counting approved and pending deposits.
   */
  async checkDeposit(
    tx: Tx,
    member: Member,
    amount: bigint,
    depositedSince: (since: Date) => Promise<bigint>,
  ): Promise<void> {
    if (!member.birthday)
      throw new AppError('VALIDATION', {
        messageKey: 'birthdayRequired',
        fields: { birthday: 'birthdayRequired' },
      });
    this.checkAge(member.birthday);
    if (!(await this.restricted(member.id, tx))) return;
    if (await this.activeExclusion(member.id, tx))
      throw this.refuse(
        member.id,
        { kind: 'exclusion', context: 'deposit', attempted: amount },
        this.selfExcluded(),
      );
    const now = this.now();
    const limits = this.inForce(await this.rows(member.id, tx), now);
    for (const period of LIMIT_PERIODS) {
      const limit = limits.get(`deposit:${period}`);
      if (limit === undefined) continue;
      const total = await depositedSince(this.start(period, now));
      if (total + amount > limit)
        throw this.refuse(
          member.id,
          { kind: 'deposit', period, context: 'deposit', limit, attempted: amount },
          new AppError('LIMIT_EXCEEDED', { messageKey: 'depositLimitExceeded', args: [fromMinor(limit)] }),
        );
    }
  }

  /** The session-time window of today: started at the first sign-in (or bet) of the business day. */
  private sessionCheck(
    row: typeof protectionMembers.$inferSelect,
    limits: Map<Key, bigint>,
    now: Date,
  ): { day: string; startedAt: Date; exceeded: boolean; limit: bigint | null } {
    const day = businessDayOf(now, this.config.businessUtcOffsetMinutes);
    const startedAt = row.playDay === day && row.playDayStartedAt ? row.playDayStartedAt : now;
    const limit = limits.get('session:day') ?? null;
    const exceeded = limit !== null && now.getTime() - startedAt.getTime() >= Number(limit) * 60_000;
    return { day, startedAt, exceeded, limit };
  }

  /**
   * Every real-money bet of a restricted member: checks exclusion, session time, wager and loss
   * limits and reserves the stake (under the member's row lock) until the bet is done, so bets
   * in parallel cannot pass one limit together. Members without limits skip all of it.
   */
  async guardBet<T>(
    memberId: number,
    trial: boolean,
    stake: bigint,
    context: string,
    bet: () => Promise<T>,
  ): Promise<T> {
    if (trial || stake <= 0n || !(await this.restricted(memberId))) return bet();
    const reservation = await this.reserve(memberId, stake, context);
    try {
      return await bet();
    } finally {
      await this.db.delete(protectionReservations).where(eq(protectionReservations.id, reservation));
    }
  }

  /** The refusal of a bet, or null: for callers that answer a code instead of throwing (seamless). */
  async betRefusal(
    memberId: number,
    trial: boolean,
    stake: bigint,
    context: string,
  ): Promise<{ error: AppError; release: null } | { error: null; release: () => Promise<void> }> {
    if (trial || stake <= 0n || !(await this.restricted(memberId)))
      return { error: null, release: async () => {} };
    try {
      const id = await this.reserve(memberId, stake, context);
      return {
        error: null,
        release: async () => {
          await this.db.delete(protectionReservations).where(eq(protectionReservations.id, id));
        },
      };
    } catch (e) {
      if (e instanceof AppError && (e.code === 'LIMIT_EXCEEDED' || e.code === 'SELF_EXCLUDED'))
        return { error: e, release: null };
      throw e;
    }
  }

  private async reserve(memberId: number, stake: bigint, context: string): Promise<number> {
    const now = this.now();
    let refusal: { kind: string; period?: LimitPeriod; limit?: bigint; err: AppError } | null = null;
    const id = await this.db.transaction(async (tx) => {
      const row = await this.lockMember(tx, memberId);
      if (await this.activeExclusion(memberId, tx)) {
        refusal = { kind: 'exclusion', err: this.selfExcluded() };
        return null;
      }
      const limits = this.inForce(await this.rows(memberId, tx), now);
      const session = this.sessionCheck(row, limits, now);
      if (session.exceeded) {
        refusal = {
          kind: 'session',
          limit: session.limit!,
          err: new AppError('LIMIT_EXCEEDED', { messageKey: 'sessionLimitReached' }),
        };
        return null;
      }
      if (session.limit !== null && row.playDay !== session.day)
        await tx
          .update(protectionMembers)
          .set({ playDay: session.day, playDayStartedAt: session.startedAt })
          .where(eq(protectionMembers.memberId, memberId));
      const [held] = await tx
        .select({ s: sql<string>`coalesce(sum(${protectionReservations.amount}), 0)::text` })
        .from(protectionReservations)
        .where(
          and(
            eq(protectionReservations.memberId, memberId),
            sql`${protectionReservations.createdAt} > now() - make_interval(secs => ${RESERVATION_TTL_MS / 1000})`,
          ),
        );
      const reserved = BigInt(held?.s ?? '0');
      for (const period of LIMIT_PERIODS) {
        const wager = limits.get(`wager:${period}`);
        const loss = limits.get(`loss:${period}`);
        if (wager === undefined && loss === undefined) continue;
        const flows = await this.deps.wallet.flowsSince(Accounts.cash(memberId), this.start(period, now), tx);
        const staked = -(flows.get('bet') ?? 0n) - (flows.get('rollback') ?? 0n);
        const won = flows.get('win') ?? 0n;
        if (wager !== undefined && staked + reserved + stake > wager) {
          refusal = { kind: 'wager', period, limit: wager, err: new AppError('LIMIT_EXCEEDED') };
          return null;
        }
        // A stake in flight counts as lost until its result is known.
        if (loss !== undefined && staked - won + reserved + stake > loss) {
          refusal = { kind: 'loss', period, limit: loss, err: new AppError('LIMIT_EXCEEDED') };
          return null;
        }
      }
      const [r] = await tx
        .insert(protectionReservations)
        .values({ memberId, amount: stake })
        .returning({ id: protectionReservations.id });
      return r!.id;
    });
    if (id === null) {
      const r = refusal as unknown as { kind: string; period?: LimitPeriod; limit?: bigint; err: AppError };
      // The day's session time is used up: the session ends (the next sign-in is refused too).
      if (r.kind === 'session' || r.kind === 'exclusion') await this.deps.revokeSessions(memberId);
      throw this.refuse(
        memberId,
        { kind: r.kind, period: r.period ?? null, context, limit: r.limit ?? null, attempted: stake },
        r.err,
      );
    }
    return id;
  }

  /**
   * At every sign-in, before the session opens: an exclusion refuses (SELF_EXCLUDED); a used-up
   * session-time limit of the day refuses (LIMIT_EXCEEDED). Records the sign-in time, keeping the
   * previous one for the "last signed in" notice.
   */
  async checkLogin(member: Member): Promise<void> {
    const now = this.now();
    const err = await this.db.transaction(async (tx) => {
      const row = await this.lockMember(tx, member.id);
      if (row.restricted) {
        if (await this.activeExclusion(member.id, tx)) return { kind: 'exclusion', err: this.selfExcluded() };
        const limits = this.inForce(await this.rows(member.id, tx), now);
        const session = this.sessionCheck(row, limits, now);
        if (session.exceeded)
          return {
            kind: 'session',
            limit: session.limit,
            err: new AppError('LIMIT_EXCEEDED', { messageKey: 'sessionLimitReached' }),
          };
        if (row.playDay !== session.day)
          await tx
            .update(protectionMembers)
            .set({ playDay: session.day, playDayStartedAt: session.startedAt })
            .where(eq(protectionMembers.memberId, member.id));
      }
      await tx
        .update(protectionMembers)
        .set({ previousLoginAt: row.lastLoginAt, lastLoginAt: now, updatedAt: now })
        .where(eq(protectionMembers.memberId, member.id));
      return null;
    });
    if (err)
      throw this.refuse(member.id, { kind: err.kind, context: 'login', limit: err.limit ?? null }, err.err);
  }

  /** Before a second-verification challenge: an excluded member gets no code, only the refusal. */
  async checkExcludedAtLogin(member: Member): Promise<void> {
    if (!(await this.restricted(member.id))) return;
    if (await this.activeExclusion(member.id))
      throw this.refuse(member.id, { kind: 'exclusion', context: 'login' }, this.selfExcluded());
  }

  // ---------------------------------------------------------------- reality check

  async status(memberId: number) {
    const [row] = await this.db
      .select()
      .from(protectionMembers)
      .where(eq(protectionMembers.memberId, memberId));
    const member = await this.deps.members.getById(memberId);
    const since = row?.lastLoginAt ?? null;
    const flows = since
      ? await this.deps.wallet.flowsSince(Accounts.cash(memberId), since)
      : new Map<string, bigint>();
    const bets = -(flows.get('bet') ?? 0n) - (flows.get('rollback') ?? 0n);
    const wins = flows.get('win') ?? 0n;
    return {
      intervalMinutes: row?.realityMinutes ?? REALITY_CHECK_MINUTES.default,
      sessionStartedAt: since ? since.toISOString() : null,
      previousLoginAt: row?.previousLoginAt ? row.previousLoginAt.toISOString() : null,
      bets: fromMinor(bets < 0n ? 0n : bets),
      wins: fromMinor(wins),
      net: fromMinor(wins - bets),
      birthday: member?.birthday ?? null,
      minAge: this.config.ageMin,
    };
  }

  async setRealityInterval(memberId: number, minutes: number): Promise<void> {
    await this.db
      .insert(protectionMembers)
      .values({ memberId, realityMinutes: minutes })
      .onConflictDoUpdate({
        target: protectionMembers.memberId,
        set: { realityMinutes: minutes, updatedAt: this.now() },
      });
  }

  /** The operator's view of one player. */
  async player(account: string) {
    const member = await this.deps.members.getByAccount(account);
    if (!member) throw new AppError('NOT_FOUND');
    const s = await this.status(member.id);
    return {
      memberId: member.id,
      account: member.account,
      limits: await this.limits(member.id),
      exclusions: await this.exclusions(member.id),
      intervalMinutes: s.intervalMinutes,
    };
  }
}
