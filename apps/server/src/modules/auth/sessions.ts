import { createHash, randomBytes } from 'node:crypto';
import { effectivePermissions, memberRole } from '@wps/contract';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import type { Principal, Role } from '../../http/auth.ts';
import { members } from '../members/schema.ts';
import { operators, sessions } from './schema.ts';
import { type AuthChangeFeed, SessionCache } from './session-cache.ts';
import { totpRequiredFor } from './totp.ts';

/** 32 random bytes = 256 bits, base64url without padding: always 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** lastSeenAt is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface OpenSessionInput {
  memberId?: number;
  operatorId?: number;
  role: Role;
  loginType: string;
  mustChangePassword?: boolean;
  ip?: string | null;
  userAgent?: string | null;
}

export interface ResolvedSession {
  principal: Principal;
  mustChangePassword: boolean;
}

/**
 * Session tokens: random, stored only as SHA-256, with an idle timeout and an absolute lifetime.
 * A token is handed out once (at open) and can never be recovered from the database.
 */
export class SessionService {
  /** Resolved sessions, while this process hears every change announced (see session-cache.ts). */
  private readonly cache = new SessionCache<ResolvedSession>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async open(input: OpenSessionInput): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    // Console sessions live shorter than players' (config: operatorSessionMaxHours).
    const maxHours =
      input.operatorId !== undefined ? this.config.operatorSessionMaxHours : this.config.sessionMaxHours;
    const expiresAt = new Date(Date.now() + maxHours * 3_600_000);
    const [row] = await this.db
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        memberId: input.memberId ?? null,
        operatorId: input.operatorId ?? null,
        role: input.role,
        loginType: input.loginType,
        mustChangePassword: input.mustChangePassword ?? false,
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        expiresAt,
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id, expiresAt };
  }

  /** Starts the session cache: from then on changes made anywhere reach this process. */
  watch(database: Database): Promise<void> {
    return this.cache.watch(database);
  }

  unwatch(): Promise<void> {
    return this.cache.close();
  }

  /** The `wps_auth` notices as this process hears them, for other caches to follow (members/info.ts). */
  get changes(): AuthChangeFeed {
    return this.cache;
  }

  /** The live session behind a token, or null (unknown, revoked, idle too long, past its lifetime). */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const idleMs = this.config.sessionIdleMinutes * 60_000;
    const operatorIdleMs = this.config.operatorSessionIdleMinutes * 60_000;
    const cached = this.cache.get(tokenHash);
    if (cached) {
      const idle = cached.operatorId !== null ? operatorIdleMs : idleMs;
      if (cached.expiresAt > now && cached.lastSeenAt > now - idle) {
        if (now - cached.lastSeenAt > TOUCH_EVERY_MS) {
          cached.lastSeenAt = now;
          await this.db
            .update(sessions)
            .set({ lastSeenAt: sql`now()` })
            .where(eq(sessions.id, cached.sessionId));
        }
        return cached.value;
      }
      this.cache.forget('s', cached.sessionId);
    }
    const stamp = this.cache.stamp;
    const idleCutoff = new Date(now - idleMs);
    const [row] = await this.db
      .select({
        id: sessions.id,
        role: sessions.role,
        memberId: sessions.memberId,
        operatorId: sessions.operatorId,
        mustChangePassword: sessions.mustChangePassword,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        memberAccount: members.account,
        memberType: members.type,
        memberStatus: members.status,
        operatorAccount: operators.account,
        operatorPermissions: operators.permissions,
        operatorRole: operators.role,
        operatorTotpAt: operators.totpEnabledAt,
        operatorStatus: operators.status,
      })
      .from(sessions)
      .leftJoin(members, eq(members.id, sessions.memberId))
      .leftJoin(operators, eq(operators.id, sessions.operatorId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, idleCutoff),
        ),
      );
    if (!row) return null;

    let principal: Principal;
    if (row.operatorId !== null) {
      if (row.operatorStatus !== 'active' || row.operatorAccount === null) return null;
      if (row.lastSeenAt.getTime() <= now - operatorIdleMs) return null;
      const operatorRole = row.operatorRole ?? 'custom';
      principal = {
        kind: 'operator',
        operatorId: row.operatorId,
        account: row.operatorAccount,
        role: 'operator',
        operatorRole,
        // The role's set and the explicit ones, read per session load: a role change applies at once.
        permissions: effectivePermissions(operatorRole, row.operatorPermissions ?? []),
        totpEnrolmentRequired: totpRequiredFor(operatorRole) && row.operatorTotpAt === null,
        sessionId: row.id,
      };
    } else {
      if (row.memberId === null || row.memberStatus !== 'active' || row.memberAccount === null) return null;
      const role = memberRole(row.memberType ?? 0);
      principal = {
        kind: 'member',
        memberId: row.memberId,
        account: row.memberAccount,
        // The member's current type decides, so promoting a player to agent takes effect at once.
        role,
        sessionId: row.id,
      };
    }

    let lastSeenAt = row.lastSeenAt.getTime();
    if (Date.now() - lastSeenAt > TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
      lastSeenAt = Date.now();
    }
    const value = { principal, mustChangePassword: row.mustChangePassword };
    this.cache.set(
      tokenHash,
      {
        value,
        sessionId: row.id,
        memberId: row.memberId,
        operatorId: row.operatorId,
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt,
        loadedAt: now,
      },
      stamp,
    );
    return value;
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.cache.forget('s', sessionId);
  }

  /** Every live session of a member except `keepSessionId` (the one changing the password). */
  async revokeMemberSessions(memberId: number, keepSessionId?: number): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
          keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
        ),
      )
      .returning({ id: sessions.id });
    this.cache.forget('m', memberId);
    return rows.length;
  }

  /** A member's sessions still alive (not revoked, not past their lifetime), newest first. */
  async liveOfMember(memberId: number) {
    const idleCutoff = new Date(Date.now() - this.config.sessionIdleMinutes * 60_000);
    return this.db
      .select({
        id: sessions.id,
        loginType: sessions.loginType,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, idleCutoff),
        ),
      )
      .orderBy(desc(sessions.id))
      .limit(100);
  }

  /** Revokes one session of this member (false: no such live session of theirs). Immediate. */
  async revokeOfMember(memberId: number, sessionId: number): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    this.cache.forget('s', sessionId);
    return rows.length > 0;
  }

  /** Drops an operator's cached sessions in this process (after a change to the operator). */
  forgetOperator(operatorId: number): void {
    this.cache.forget('o', operatorId);
  }

  async clearMustChangePassword(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, sessionId));
    this.cache.forget('s', sessionId);
  }

  async mustChangePassword(sessionId: number): Promise<boolean> {
    const cached = this.cache.session(sessionId);
    if (cached) return cached.value.mustChangePassword;
    const [row] = await this.db
      .select({ must: sessions.mustChangePassword })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.must ?? false;
  }
}
