import {
  ageOn,
  businessDayOf,
  COOLING_OFF_HOURS,
  fromMinor,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type Limits,
  MONEY_RE,
  periodStart,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MINUTES,
  type SetLimitRequest,
  toMinor,
} from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthChangeFeed } from '../auth/session-cache.ts';
import type { Member, MembersService } from '../members/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { type Actor, Exclusions, selfExcluded } from './exclusions.ts';
import { Refusals } from './refusals.ts';
import { lockMemberRow, markRestricted, RestrictedFlags } from './restricted.ts';
import { change, EMPTY, type LimitState, settle } from './rules.ts';
import { protectionLimits, protectionMembers, protectionReservations } from './schema.ts';
import { profileIncomplete } from '../members/profile-requirements.ts';

export type { Actor, IdentityData } from './exclusions.ts';

const HOUR = 3_600_000;
/** A reservation older than this is a crashed bet: no longer counted. */
const RESERVATION_TTL_MS = 5 * 60_000;

type LimitRow = typeof protectionLimits.$inferSelect;
type Key = `${LimitKind}:${LimitPeriod}`;

const stateOf = (r: LimitRow): LimitState => ({
  value: r.value,
  pending: r.pending,
  pendingValue: r.pendingValue,
  effectiveAt: r.effectiveAt,
});
const wire = (kind: LimitKind, v: bigint): string | number => (kind === 'session' ? Number(v) : fromMinor(v));

/**
 * Player protection (issue 16): limits with cooling-off, time-outs and self-exclusions, the
 * reality check, and the checks the cashier, the bet paths, login and registration call. Time
 * comes from `clock.now()` so tests can move it.
 */
export class ProtectionService {
  readonly clock = { now: () => new Date() };
  /** Whether a member has any limit or exclusion, cached (restricted.ts). */
  readonly flags: RestrictedFlags;
  /** Refused deposits, bets and sign-ins, for the console (refusals.ts). */
  readonly refusals: Refusals;
  /** Time-outs and self-exclusions (exclusions.ts). */
  readonly exclusions: Exclusions;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: {
      members: MembersService;
      wallet: WalletService;
      audit: AuditService;
      revokeSessions: (memberId: number) => Promise<unknown>;
    },
  ) {
    this.flags = new RestrictedFlags(db);
    this.refusals = new Refusals(db);
    this.exclusions = new Exclusions(db, {
      now: () => this.now(),
      members: deps.members,
      audit: deps.audit,
      flags: this.flags,
      revokeSessions: deps.revokeSessions,
    });
  }

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
      await lockMemberRow(tx, memberId);
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
      await markRestricted(tx, memberId, now);
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
    this.flags.drop(memberId);
    return this.limits(memberId);
  }

  /** Follows the `p:<member>` notices from now on (services.ts: the session cache's listener). */
  attach(feed: AuthChangeFeed): void {
    this.flags.attach(feed);
  }

  /** Whether the member has any limit or exclusion (cached; members without pay one map read). */
  restricted(memberId: number, ex: DbOrTx = this.db): Promise<boolean> {
    return this.flags.get(memberId, ex);
  }

  /** Of these members, the ones under an exclusion now (marketing broadcasts skip them). */
  async isExcluded(memberId: number): Promise<boolean> {
    if (!(await this.restricted(memberId))) return false;
    return (await this.exclusions.active(memberId)) !== null;
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
    if (!member.birthday) throw profileIncomplete(['birthday']);
    this.checkAge(member.birthday);
    if (!(await this.restricted(member.id, tx))) return;
    if (await this.exclusions.active(member.id, tx))
      throw this.refusals.record(
        member.id,
        { kind: 'exclusion', context: 'deposit', attempted: amount },
        selfExcluded(),
      );
    const now = this.now();
    const limits = this.inForce(await this.rows(member.id, tx), now);
    for (const period of LIMIT_PERIODS) {
      const limit = limits.get(`deposit:${period}`);
      if (limit === undefined) continue;
      const total = await depositedSince(this.start(period, now));
      if (total + amount > limit)
        throw this.refusals.record(
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

  /** Records where today's session-time window began, the first time today it is seen (sign-in or bet). */
  private async startPlayDay(
    tx: Tx,
    row: typeof protectionMembers.$inferSelect,
    session: { day: string; startedAt: Date },
  ): Promise<void> {
    if (row.playDay === session.day) return;
    await tx
      .update(protectionMembers)
      .set({ playDay: session.day, playDayStartedAt: session.startedAt })
      .where(eq(protectionMembers.memberId, row.memberId));
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
      const row = await lockMemberRow(tx, memberId);
      if (await this.exclusions.active(memberId, tx)) {
        refusal = { kind: 'exclusion', err: selfExcluded() };
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
      if (session.limit !== null) await this.startPlayDay(tx, row, session);
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
      throw this.refusals.record(
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
      const row = await lockMemberRow(tx, member.id);
      if (row.restricted) {
        const exclusion = await this.exclusions.active(member.id, tx);
        if (exclusion) return { kind: 'exclusion', err: this.excludedUntil(exclusion) };
        const limits = this.inForce(await this.rows(member.id, tx), now);
        const session = this.sessionCheck(row, limits, now);
        if (session.exceeded)
          return {
            kind: 'session',
            limit: session.limit,
            err: new AppError('LIMIT_EXCEEDED', { messageKey: 'sessionLimitReached' }),
          };
        await this.startPlayDay(tx, row, session);
      }
      await tx
        .update(protectionMembers)
        .set({ previousLoginAt: row.lastLoginAt, lastLoginAt: now, updatedAt: now })
        .where(eq(protectionMembers.memberId, member.id));
      return null;
    });
    if (err)
      throw this.refusals.record(
        member.id,
        { kind: err.kind, context: 'login', limit: err.limit ?? null },
        err.err,
      );
  }

  /** The sign-in refusal of an exclusion, saying until when. */
  private excludedUntil(exclusion: { endsAt: Date | null }): AppError {
    return selfExcluded({ endsAt: exclusion.endsAt, offsetMinutes: this.config.businessUtcOffsetMinutes });
  }

  /** Before a second-verification challenge: an excluded member gets no code, only the refusal. */
  async checkExcludedAtLogin(member: Member): Promise<void> {
    if (!(await this.restricted(member.id))) return;
    const exclusion = await this.exclusions.active(member.id);
    if (exclusion)
      throw this.refusals.record(
        member.id,
        { kind: 'exclusion', context: 'login' },
        this.excludedUntil(exclusion),
      );
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
      exclusions: await this.exclusions.list(member.id),
      intervalMinutes: s.intervalMinutes,
    };
  }
}
