import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { buildChain, type CrashTime, type RoundRow } from './crash-rules.ts';
import { chainSeed, roundAfter, roundDueAt, type SaltBeacon } from './crash-salt.ts';
import { crashChains, crashRounds } from './crash-schema.ts';

type ChainRow = typeof crashChains.$inferSelect;

/** What the chain needs from outside the database: the key of its seeds and the salt's beacon. */
export interface CrashFairness {
  /** CRASH_CHAIN_KEY (or its file): null when unset, which production allows only with the game off. */
  key: string | null;
  /** Where each chain's salt comes from (drand, or the local stand-in outside production). */
  beacon: SaltBeacon | null;
  /** How far past the commit the salt's beacon round lies (the salt must be unknown at commit). */
  saltDelayMs: number;
  /** Told once per distinct problem (a wrong key, an unreachable beacon). */
  log?: (msg: string) => void;
  /** The local stand-in beacon (outside production), whose API the app serves to players. */
  standIn?: { readonly plugin: FastifyPluginAsync } | null;
}

/** Default distance from a chain's commit to its salt's beacon round: "a few minutes". */
export const DEFAULT_SALT_DELAY_MS = 120_000;
/** How often the leader asks again for a salt that is due but not out (or a beacon that failed). */
const SALT_RETRY_MS = 1000;

/** The crash game cannot run: no key (production), or a key other than the active chain's. */
export const crashUnavailable = () => new AppError('NOT_ENABLED', { messageKey: 'crashUnavailable' });

/** The active chain as the leader plays it: its hashes, derived from the key, and its salt once out. */
interface PlayedChain {
  id: number;
  hashes: string[];
  salt: string | null;
  saltRound: number;
  saltDueAt: number;
  saltBeaconChain: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The pre-committed hash chain the round points come from, and the rounds that were: the recent
 * points every socket's hello carries, the public history and each round's proof.
 *
 * A chain is committed (its terminating hash and the beacon round of its salt written, and so
 * published) before that round is due; its rounds wait until the salt is out (`playable`).
 */
export class CrashChain {
  private current: PlayedChain | null = null;
  private saltTriedAt = Number.NEGATIVE_INFINITY;
  private history: number[] = [];
  private readonly told = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly time: CrashTime,
    readonly fairness: CrashFairness,
  ) {}

  private tell(msg: string) {
    if (this.told.has(msg)) return;
    this.told.add(msg);
    (this.fairness.log ?? ((m: string) => console.error(m)))(msg);
  }

  private async activeRow(): Promise<ChainRow | undefined> {
    const [c] = await this.db.select().from(crashChains).where(eq(crashChains.active, true));
    return c;
  }

  /**
   * The active chain's row; a new chain is committed when there is none: a random nonce (its seed
   * is derived from the key, never stored), the terminating hash, and the salt's source, a beacon
   * round due at least `saltDelayMs` from now. Concurrent commits: the unique active index keeps one.
   */
  private async committed(): Promise<ChainRow> {
    const found = await this.activeRow();
    if (found) return found;
    const { key, beacon } = this.fairness;
    if (!key || !beacon) throw crashUnavailable();
    const nonce = randomBytes(32).toString('hex');
    const length = this.time.timing.chainLength;
    const hashes = buildChain(chainSeed(key, nonce), length);
    const schedule = await beacon.schedule();
    const saltRound = roundAfter(this.time.now() + this.fairness.saltDelayMs, schedule);
    await this.db
      .insert(crashChains)
      .values({
        nonce,
        terminatingHash: hashes[0]!,
        length,
        saltBeaconUrl: beacon.url,
        saltBeaconChain: beacon.chainHash,
        saltRound,
        saltDueAt: new Date(roundDueAt(saltRound, schedule)),
      })
      .onConflictDoNothing();
    const made = await this.activeRow();
    if (!made) throw crashUnavailable();
    return made;
  }

  /**
   * The chain the next round is drawn from, or null while its salt is not out yet (the round
   * waits). Its hashes come from the key: a key other than the one the chain was made with gives
   * another terminating hash, and the game stops rather than play a chain nobody can verify.
   */
  async playable(): Promise<(PlayedChain & { salt: string }) | null> {
    if (!this.current) {
      const row = await this.committed();
      const key = this.fairness.key;
      if (!key || !row.nonce || row.saltRound === null || row.saltDueAt === null) throw crashUnavailable();
      const hashes = buildChain(chainSeed(key, row.nonce), row.length);
      if (hashes[0] !== row.terminatingHash) {
        this.tell(
          `crash: CRASH_CHAIN_KEY is not the key chain #${row.id} was made with; the crash game stays stopped (give every instance the same key)`,
        );
        throw crashUnavailable();
      }
      this.current = {
        id: row.id,
        hashes,
        salt: row.salt,
        saltRound: row.saltRound,
        saltDueAt: row.saltDueAt.getTime(),
        saltBeaconChain: row.saltBeaconChain,
      };
    }
    const c = this.current;
    if (c.salt === null) await this.fetchSalt(c);
    return c.salt === null ? null : (c as PlayedChain & { salt: string });
  }

  /** Once the salt's round is due: the salt as another instance wrote it, else from the beacon. */
  private async fetchSalt(c: PlayedChain): Promise<void> {
    const now = this.time.now();
    if (now < c.saltDueAt || now - this.saltTriedAt < SALT_RETRY_MS) return;
    this.saltTriedAt = now;
    const read = async () => {
      const [row] = await this.db
        .select({ salt: crashChains.salt })
        .from(crashChains)
        .where(eq(crashChains.id, c.id));
      c.salt = row?.salt ?? null;
    };
    await read();
    const beacon = this.fairness.beacon;
    if (c.salt !== null || !beacon) return;
    if (beacon.chainHash !== c.saltBeaconChain) {
      this.tell(
        `crash: chain #${c.id} takes its salt from beacon chain ${c.saltBeaconChain}, not the configured ${beacon.chainHash}; its rounds wait`,
      );
      return;
    }
    const value = await beacon.value(c.saltRound).catch((e: unknown) => {
      this.tell(`crash: the salt beacon failed (${e instanceof Error ? e.message : String(e)}); retrying`);
      return null;
    });
    if (!value) return;
    await this.db
      .update(crashChains)
      .set({ salt: value.randomness, saltSignature: value.signature })
      .where(and(eq(crashChains.id, c.id), isNull(crashChains.salt)));
    await read();
  }

  /** The chain is used up: retired, so the next round commits and publishes a new one. */
  async retire(chainId: number): Promise<void> {
    await this.db.update(crashChains).set({ active: false }).where(eq(crashChains.id, chainId));
    this.current = null;
    this.saltTriedAt = Number.NEGATIVE_INFINITY;
  }

  /** The salt's source as published with the chain (null on chains made before migration 0060). */
  private saltSource(c: ChainRow) {
    if (!c.saltBeaconUrl || !c.saltBeaconChain || c.saltRound === null) return null;
    return {
      beacon: 'drand' as const,
      url: c.saltBeaconUrl,
      chainHash: c.saltBeaconChain,
      round: c.saltRound,
      dueAt: iso(c.saltDueAt),
      roundUrl: `${c.saltBeaconUrl}/${c.saltBeaconChain}/public/${c.saltRound}`,
    };
  }

  private chainView(c: ChainRow) {
    return {
      chainId: c.id,
      terminatingHash: c.terminatingHash,
      committedAt: c.createdAt.toISOString(),
      saltSource: this.saltSource(c),
      salt: c.salt,
      saltSignature: c.saltSignature,
    };
  }

  async info() {
    const c = await this.committed();
    return {
      ...this.chainView(c),
      length: c.length,
      houseEdge: 0.01,
      formula:
        'Round k uses h_k where h_{k-1} = sha256(hex(h_k)) and h_0 is published. Round hash = HMAC-SHA256(key = hex(h_k), message = salt), the salt being the randomness of the drand round named when the chain was committed (hex text); chains from before the salt: h_k itself. h = first 13 hex digits of the round hash, e = 2^52, point = max(100, floor(99·e/(e−h)))/100.',
    };
  }

  recentPoints(): number[] {
    return [...this.history];
  }

  async loadHistory(force = false): Promise<void> {
    if (this.history.length > 0 && !force) return;
    const past = await this.db
      .select({ point: crashRounds.point })
      .from(crashRounds)
      .where(and(eq(crashRounds.status, 'crashed'), isNull(crashRounds.voidedAt)))
      .orderBy(desc(crashRounds.id))
      .limit(30);
    this.history = past.map((p) => p.point);
  }

  pushHistory(point: number) {
    this.history.unshift(point);
    if (this.history.length > 30) this.history.length = 30;
  }

  async rounds(limit: number) {
    const rows = await this.db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.status, 'crashed'))
      .orderBy(desc(crashRounds.id))
      .limit(limit);
    return { rounds: rows.map((r) => this.roundView(r)) };
  }

  private roundView(r: RoundRow) {
    const crashed = r.status === 'crashed';
    return {
      roundId: r.id,
      roundNo: r.roundNo,
      status: r.status as 'betting' | 'running' | 'crashed',
      point: crashed ? r.point : null,
      hash: crashed ? r.hash : null,
      crashedAt: r.crashedAt ? r.crashedAt.toISOString() : null,
      ...(r.voidedAt ? { voided: true } : {}),
    };
  }

  async proof(roundId: number) {
    const [r] = await this.db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
    if (!r) throw new AppError('NOT_FOUND');
    const [c] = await this.db.select().from(crashChains).where(eq(crashChains.id, r.chainId));
    return {
      ...this.roundView(r),
      ...this.chainView(c!),
      distance: r.roundNo,
    };
  }
}
