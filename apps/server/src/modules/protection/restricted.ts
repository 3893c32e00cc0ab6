import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { AuthChangeFeed, AuthChangeFollower, AuthChangeKind } from '../auth/session-cache.ts';
import { protectionMembers } from './schema.ts';

/**
 * How long the bet path of this process trusts a "no limits, no exclusion" answer. While it
 * hears every change (`p:<member>` notices on `wps_auth`, migration 0047), a new restriction
 * drops the answer at once on every instance, and the TTL only bounds the memory. Without the
 * listener a restriction made on another instance is honoured within the short TTL.
 */
const RESTRICTED_CACHE_MS = 60_000;
const RESTRICTED_CACHE_UNHEARD_MS = 5_000;
/** Past this many cached members the cache starts again (a bound on memory, not a policy). */
const MAX_CACHED = 100_000;

/**
 * Whether a member has any limit or exclusion (`protection_members.restricted`), cached per
 * process: every bet path asks, and most members have neither, so for them a bet costs one map
 * read. `restricted` only ever turns true, so only a cached false can be stale.
 */
export class RestrictedFlags implements AuthChangeFollower {
  private readonly cache = new Map<number, { restricted: boolean; at: number }>();
  private feed: Pick<AuthChangeFeed, 'active'> = { active: false };
  /** Bumped by every dropped answer: a read that overlapped a notice is not kept. */
  private generation = 0;
  /** The lookups gathering for the next shared query (see `load`). */
  private batch: { ids: Set<number>; done: Promise<Map<number, boolean>> } | null = null;

  constructor(private readonly db: Db) {}

  /** Follows the `p:<member>` notices from now on (services.ts: the session cache's listener). */
  attach(feed: AuthChangeFeed): void {
    this.feed = feed;
    feed.follow(this);
  }

  forget(kind: AuthChangeKind, id: number): void {
    if (kind !== 'p') return;
    this.generation++;
    this.cache.delete(id);
  }

  lostTrack(): void {
    this.generation++;
    this.cache.clear();
  }

  /** A restriction this process just committed: its next read goes to the database. */
  drop(memberId: number): void {
    this.cache.delete(memberId);
  }

  /** The member's flag: cached, else read (inside `ex`, a caller's transaction, when given). */
  async get(memberId: number, ex: DbOrTx = this.db): Promise<boolean> {
    const c = this.cache.get(memberId);
    const ttl = this.feed.active ? RESTRICTED_CACHE_MS : RESTRICTED_CACHE_UNHEARD_MS;
    if (c && (c.restricted || Date.now() - c.at < ttl)) return c.restricted;
    const stamp = this.generation;
    let restricted: boolean;
    if (ex === this.db) {
      restricted = await this.load(memberId);
    } else {
      // Inside a caller's transaction: its own connection (embedded PGlite has only that one).
      const [row] = await ex
        .select({ r: protectionMembers.restricted })
        .from(protectionMembers)
        .where(eq(protectionMembers.memberId, memberId));
      restricted = row?.r ?? false;
    }
    if (stamp !== this.generation) return restricted;
    if (this.cache.size > MAX_CACHED) this.cache.clear();
    this.cache.set(memberId, { restricted, at: Date.now() });
    return restricted;
  }

  /**
   * The bet path asks for every member whose cached answer expired: with many players that was
   * one query per bet (issue 10, measured: more queries than the bets' own statements). Lookups
   * asked in the same event-loop turn share one query; each caller still reads the row as it is
   * at that query, so nothing is staler than before.
   */
  private load(memberId: number): Promise<boolean> {
    let batch = this.batch;
    if (!batch || batch.ids.size >= 1000) {
      const created: { ids: Set<number>; done: Promise<Map<number, boolean>> } = {
        ids: new Set(),
        done: new Promise<void>((r) => setImmediate(r)).then(async () => {
          if (this.batch === created) this.batch = null;
          const ids = [...created.ids];
          const rows = await this.db
            .select({ id: protectionMembers.memberId, r: protectionMembers.restricted })
            .from(protectionMembers)
            .where(inArray(protectionMembers.memberId, ids));
          return new Map(rows.map((row) => [row.id, row.r]));
        }),
      };
      batch = created;
      this.batch = batch;
    }
    batch.ids.add(memberId);
    return batch.done.then((m) => m.get(memberId) ?? false);
  }
}

/**
 * The member's protection row, created if missing and locked for the rest of the transaction:
 * every protection write and check of one member (limits, exclusions, bet reservations, sign-in)
 * takes its turn on it.
 */
export async function lockMemberRow(tx: Tx, memberId: number) {
  await tx.insert(protectionMembers).values({ memberId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(protectionMembers)
    .where(eq(protectionMembers.memberId, memberId))
    .for('update');
  return row!;
}

/**
 * Sets the member's flag in the transaction that adds their limit or exclusion (it only ever
 * turns true). Once that commits, the caller drops this process's cached answer (`drop`); other
 * instances hear the `p:<member>` notice.
 */
export async function markRestricted(tx: Tx, memberId: number, now: Date): Promise<void> {
  await tx
    .update(protectionMembers)
    .set({ restricted: true, updatedAt: now })
    .where(eq(protectionMembers.memberId, memberId));
}
