import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supportPresence } from './schema.ts';

/** An instance refreshes its rows this often while sockets are open… */
const BEAT_MS = 20_000;
/** …and a row this old no longer counts: three missed beats (an instance that died without cleaning up). */
export const PRESENCE_FRESH_SECONDS = 60;
/** Rows of instances long gone are swept on a beat. */
const SWEEP_SECONDS = 60 * 60;

/**
 * Which members have a support socket open, on any instance (issue 31, "push when away"): each
 * instance keeps its own sockets counted in memory and one row per member it serves in
 * `support_presence`, written when the first socket opens, refreshed every BEAT_MS, deleted when
 * the last closes. `here` asks this instance first, then the rows of the others that are fresh.
 * A socket's open and the row's write are a few milliseconds apart; a reply in between may be
 * pushed although the app just opened, which costs one extra notification, nothing lost.
 */
export class SupportPresence {
  private readonly local = new Map<number, number>();
  readonly instance = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  /** Writes go one after another: a quick open-then-close must not delete before it inserts. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** A member's socket opened here; the function answered is called once when it closes. */
  enter(memberId: number): () => void {
    const n = this.local.get(memberId) ?? 0;
    this.local.set(memberId, n + 1);
    if (n === 0) this.serial(() => this.write([memberId]));
    if (!this.timer) {
      this.timer = setInterval(() => this.serial(() => this.beat()), BEAT_MS);
      this.timer.unref();
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const now = (this.local.get(memberId) ?? 1) - 1;
      if (now > 0) {
        this.local.set(memberId, now);
        return;
      }
      this.local.delete(memberId);
      this.serial(() => this.remove([memberId]));
      if (this.local.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private serial(op: () => Promise<void>): void {
    this.queue = this.queue.then(op, op);
  }

  /** Whether the member has a socket open on this or any other live instance. */
  async here(memberId: number): Promise<boolean> {
    if (this.local.has(memberId)) return true;
    const [row] = await this.db
      .select({ memberId: supportPresence.memberId })
      .from(supportPresence)
      .where(
        and(
          eq(supportPresence.memberId, memberId),
          gt(supportPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})`),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  private async write(memberIds: number[]): Promise<void> {
    if (memberIds.length === 0) return;
    try {
      await this.db
        .insert(supportPresence)
        .values(memberIds.map((memberId) => ({ memberId, instance: this.instance })))
        .onConflictDoUpdate({
          target: [supportPresence.memberId, supportPresence.instance],
          set: { seenAt: sql`now()` },
        });
    } catch {
      /* the next beat writes it again; until then this instance still answers from memory */
    }
  }

  private async remove(memberIds: number[]): Promise<void> {
    try {
      await this.db
        .delete(supportPresence)
        .where(
          and(eq(supportPresence.instance, this.instance), inArray(supportPresence.memberId, memberIds)),
        );
    } catch {
      /* the row goes stale on its own */
    }
  }

  private async beat(): Promise<void> {
    await this.write([...this.local.keys()]);
    try {
      await this.db
        .delete(supportPresence)
        .where(lt(supportPresence.seenAt, sql`now() - make_interval(secs => ${SWEEP_SECONDS})`));
    } catch {
      /* swept on a later beat */
    }
  }

  /** Resolves once the writes asked for so far are done (tests). */
  async flushed(): Promise<void> {
    await this.queue;
  }

  /** Shutdown: this instance's rows go at once rather than going stale. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ids = [...this.local.keys()];
    this.local.clear();
    await this.queue;
    if (ids.length) await this.remove(ids);
  }
}
