import { randomBytes } from 'node:crypto';
import { hashServerSeed, serverSeedFromBytes } from '@wps/games';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { inhouseSeeds } from './schema.ts';

export type SeedRow = typeof inhouseSeeds.$inferSelect;

const newServerSeed = () => serverSeedFromBytes(randomBytes(32));
const newClientSeed = () => randomBytes(8).toString('hex');
/** The member's one active pair (a partial unique index keeps it one). */
const activeOf = (memberId: number) =>
  and(eq(inhouseSeeds.memberId, memberId), eq(inhouseSeeds.active, true));

/**
 * Each member's provably fair seed pairs: one active pair (server seed shown only as its hash,
 * the member's client seed, the next nonce), and the pairs rotated away, whose server seeds are
 * revealed so every earlier round and reward ticket can be verified.
 */
export class InhouseSeeds {
  constructor(private readonly db: Db) {}

  /**
   * The member's active pair, created on first use, with its committed successor seed: every
   * active pair has one, so whatever client seed the member sends next, the server seed it will be
   * paired with was fixed (and its hash shown) before.
   */
  async active(memberId: number, tx?: Tx): Promise<SeedRow> {
    const ex = tx ?? this.db;
    const [found] = await ex.select().from(inhouseSeeds).where(activeOf(memberId));
    if (found?.nextServerSeed) return found;
    if (found) {
      // A pair made before successors were committed: commit one now, once (the first writer wins).
      const next = newServerSeed();
      await ex
        .update(inhouseSeeds)
        .set({ nextServerSeed: next, nextServerSeedHash: hashServerSeed(next) })
        .where(and(eq(inhouseSeeds.id, found.id), isNull(inhouseSeeds.nextServerSeed)));
    } else {
      const serverSeed = newServerSeed();
      const next = newServerSeed();
      await ex
        .insert(inhouseSeeds)
        .values({
          memberId,
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
          clientSeed: newClientSeed(),
          nextServerSeed: next,
          nextServerSeedHash: hashServerSeed(next),
        })
        .onConflictDoNothing();
    }
    const [row] = await ex.select().from(inhouseSeeds).where(activeOf(memberId));
    return row!;
  }

  /**
   * Locks the member's active pair for the rest of the transaction: a member's rounds and draws
   * take their nonces one at a time, whatever the number of tabs or instances.
   */
  async lock(tx: Tx, memberId: number): Promise<SeedRow> {
    await this.active(memberId, tx);
    const [row] = await tx.select().from(inhouseSeeds).where(activeOf(memberId)).for('update');
    return row!;
  }

  async byId(ex: Db | Tx, id: number): Promise<SeedRow> {
    const [s] = await ex.select().from(inhouseSeeds).where(eq(inhouseSeeds.id, id));
    return s!;
  }

  /**
   * The next draw of the member's seed pair for a draw outside the games (reward tickets, issue
   * 14): locks the pair in the caller's transaction, hands out its nonce and moves it on, so a
   * ticket and a game round never share a nonce and both verify with the same construction.
   */
  async takeNonce(
    tx: Tx,
    memberId: number,
  ): Promise<{
    seedId: number;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
  }> {
    const seed = await this.lock(tx, memberId);
    await this.advance(tx, seed.id);
    return {
      seedId: seed.id,
      serverSeed: seed.serverSeed,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: seed.nonce,
    };
  }

  /** Moves a locked pair's nonce on: its current one is taken (by a round or a ticket). */
  async advance(tx: Tx, seedId: number): Promise<void> {
    await tx
      .update(inhouseSeeds)
      .set({ nonce: sql`${inhouseSeeds.nonce} + 1` })
      .where(eq(inhouseSeeds.id, seedId));
  }

  /** A pair's public proof: the server seed only once the pair was rotated (revealed). */
  async proofOf(seedIds: number[]) {
    const out = new Map<number, { serverSeedHash: string; clientSeed: string; serverSeed: string | null }>();
    if (seedIds.length === 0) return out;
    const rows = await this.db.select().from(inhouseSeeds).where(inArray(inhouseSeeds.id, seedIds));
    for (const r of rows)
      out.set(r.id, {
        serverSeedHash: r.serverSeedHash,
        clientSeed: r.clientSeed,
        serverSeed: r.active ? null : r.serverSeed,
      });
    return out;
  }

  /** What the member sees: the active pair, and the last pair rotated away with its server seed. */
  async view(memberId: number) {
    const cur = await this.active(memberId);
    const [prev] = await this.db
      .select()
      .from(inhouseSeeds)
      .where(and(eq(inhouseSeeds.memberId, memberId), eq(inhouseSeeds.active, false)))
      .orderBy(desc(inhouseSeeds.id))
      .limit(1);
    return {
      serverSeedHash: cur.serverSeedHash,
      clientSeed: cur.clientSeed,
      nonce: cur.nonce,
      nextServerSeedHash: cur.nextServerSeedHash!,
      previous: prev
        ? {
            serverSeed: prev.serverSeed,
            serverSeedHash: prev.serverSeedHash,
            clientSeed: prev.clientSeed,
            lastNonce: prev.nonce - 1,
          }
        : null,
    };
  }

  /**
   * Replaces the locked pair `old` by a new one with nonce 0 (the member's client seed, or a
   * random one), revealing the old server seed. The new pair's server seed is the one `old`
   * committed (its hash was shown as nextServerSeedHash before this client seed arrived), and a
   * fresh successor is committed for the pair after it (issue 28: the server seed was drawn after
   * the client seed arrived, so it could have been ground against it). A pair that played no
   * round is simply deleted: there is nothing to reveal.
   */
  async replace(tx: Tx, old: SeedRow, clientSeed: string | undefined) {
    const played = old.nonce > 0;
    if (played) {
      await tx
        .update(inhouseSeeds)
        .set({ active: false, revealedAt: sql`now()`, nextServerSeed: null, nextServerSeedHash: null })
        .where(eq(inhouseSeeds.id, old.id));
    } else {
      await tx.delete(inhouseSeeds).where(eq(inhouseSeeds.id, old.id));
    }
    // `old` comes locked through lock(), which went through active(): it has its successor.
    const serverSeed = old.nextServerSeed ?? newServerSeed();
    const next = newServerSeed();
    const [cur] = await tx
      .insert(inhouseSeeds)
      .values({
        memberId: old.memberId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: clientSeed ?? newClientSeed(),
        nextServerSeed: next,
        nextServerSeedHash: hashServerSeed(next),
      })
      .returning();
    return {
      revealed: played
        ? {
            serverSeed: old.serverSeed,
            serverSeedHash: old.serverSeedHash,
            clientSeed: old.clientSeed,
            lastNonce: old.nonce - 1,
          }
        : null,
      current: {
        serverSeedHash: cur!.serverSeedHash,
        clientSeed: cur!.clientSeed,
        nonce: cur!.nonce,
        nextServerSeedHash: cur!.nextServerSeedHash!,
      },
    };
  }
}
