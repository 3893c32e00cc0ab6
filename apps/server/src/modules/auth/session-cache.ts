import { ChannelListener } from '../../db/channel-listener.ts';
import type { Database } from '../../db/client.ts';

/**
 * Resolved sessions, cached in this process so the player API's polling reads (balance, member
 * info, game lists) skip the session lookup, which was one of their two or three queries.
 *
 * Correctness does not rest on the TTL: every change that alters a cached session (logout,
 * revocation, a forced password change cleared, a member disabled or retyped, an operator
 * changed) is announced by database triggers on channel `wps_auth` at commit (migration 0018),
 * and every instance drops the entries concerned when the notification arrives — so logout on
 * one instance is logout on all, within the notification's delivery time (milliseconds). Changes
 * made through this process's SessionService also drop the entry at once, before answering.
 * The cache is used only while this process is listening: if the listening connection is lost it
 * is emptied and bypassed until the connection is back, so a missed notification never leaves a
 * stale session behind. Expiry and idle timeout are still checked on every hit.
 */
export const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 20_000;
const CHANNEL = 'wps_auth';
const RECONNECT_MS = 1_000;

/** Who tells a follower of every change announced on `wps_auth` (the session cache's listener does). */
export interface AuthChangeFeed {
  /** True while every change is heard; a follower must not serve what it holds otherwise. */
  readonly active: boolean;
  follow(follower: AuthChangeFollower): void;
}

/**
 * What a notice names: a session (s), member (m) or operator (o) row changed, or a member's
 * protection flag (p: migration 0047, for player protection's bet check; sessions are untouched).
 */
export type AuthChangeKind = 's' | 'm' | 'o' | 'p';

export interface AuthChangeFollower {
  forget(kind: AuthChangeKind, id: number): void;
  /** Changes may have been missed (the listening connection was lost): drop everything. */
  lostTrack(): void;
}

export interface CachedSession<T> {
  value: T;
  sessionId: number;
  memberId: number | null;
  operatorId: number | null;
  expiresAt: number;
  lastSeenAt: number;
  loadedAt: number;
}

export class SessionCache<T> implements AuthChangeFeed {
  private readonly followers: AuthChangeFollower[] = [];
  private readonly entries = new Map<string, CachedSession<T>>();
  private readonly bySession = new Map<number, string>();
  private listening = false;
  private stop: (() => Promise<void>) | null = null;
  /** Bumped by every drop: a lookup that overlapped one does not cache what it read. */
  private generation = 0;

  /** Take before reading a session from the database; hand to `set`. */
  get stamp(): number {
    return this.generation;
  }

  get active(): boolean {
    return this.listening;
  }

  /** Other per-process caches kept by the same notices (members/info.ts). */
  follow(follower: AuthChangeFollower): void {
    this.followers.push(follower);
  }

  get(tokenHash: string): CachedSession<T> | null {
    if (!this.listening) return null;
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (Date.now() - e.loadedAt > SESSION_CACHE_MS) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e;
  }

  /** The cached entry of a session by its id (fresh, or null). */
  session(sessionId: number): CachedSession<T> | null {
    const tokenHash = this.bySession.get(sessionId);
    return tokenHash === undefined ? null : this.get(tokenHash);
  }

  set(tokenHash: string, entry: CachedSession<T>, stamp: number): void {
    if (!this.listening || stamp !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX) this.lostTrack();
    this.entries.set(tokenHash, entry);
    this.bySession.set(entry.sessionId, tokenHash);
  }

  /** Drops every entry of a session, member or operator. */
  forget(kind: 's' | 'm' | 'o', id: number): void {
    this.generation++;
    for (const [k, e] of this.entries) {
      const hit =
        (kind === 's' && e.sessionId === id) ||
        (kind === 'm' && e.memberId === id) ||
        (kind === 'o' && e.operatorId === id);
      if (hit) {
        this.entries.delete(k);
        this.bySession.delete(e.sessionId);
      }
    }
    for (const f of this.followers) f.forget(kind, id);
  }

  private onNotice(payload: string | undefined): void {
    const m = /^([smop]):(\d+)$/.exec(payload ?? '');
    if (!m) this.lostTrack();
    else if (m[1] === 'p') for (const f of this.followers) f.forget('p', Number(m[2]));
    else this.forget(m[1] as 's' | 'm' | 'o', Number(m[2]));
  }

  private lostTrack(): void {
    this.generation++;
    this.entries.clear();
    this.bySession.clear();
    for (const f of this.followers) f.lostTrack();
  }

  private lost(): void {
    this.listening = false;
    this.lostTrack();
  }

  /** Starts listening on `wps_auth` (its own connection on PostgreSQL); the cache works from then on. */
  async watch(database: Database): Promise<void> {
    if (database.kind === 'pglite' && database.client) {
      const unsubscribe = await database.client.listen(CHANNEL, (payload) => this.onNotice(payload));
      this.stop = () => unsubscribe();
      this.listening = true;
      return;
    }
    if (!database.url) return;
    const listener = new ChannelListener(
      database.url,
      CHANNEL,
      {
        notice: (payload) => this.onNotice(payload),
        // Anything cached before (or while) the connection was down may have missed a notice.
        up: () => {
          this.lostTrack();
          this.listening = true;
        },
        down: () => this.lost(),
      },
      RECONNECT_MS,
    );
    this.stop = () => listener.close();
    await listener.start();
  }

  async close(): Promise<void> {
    this.lost();
    await this.stop?.();
    this.stop = null;
  }
}
