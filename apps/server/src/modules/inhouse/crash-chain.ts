import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { buildChain, type CrashTime, type RoundRow } from './crash-rules.ts';
import { crashChains, crashRounds } from './crash-schema.ts';

/**
 * The pre-committed hash chain the round points come from, and the rounds that were: the recent
 * points every socket's hello carries, the public history and each round's proof.
 */
export class CrashChain {
  private current: { id: number; hashes: string[]; terminatingHash: string; salt: string | null } | null =
    null;
  private history: number[] = [];

  constructor(
    private readonly db: Db,
    private readonly time: CrashTime,
  ) {}

  async load() {
    if (this.current) return this.current;
    let [c] = await this.db.select().from(crashChains).where(eq(crashChains.active, true));
    if (!c) {
      const seed = randomBytes(32).toString('hex');
      const hashes = buildChain(seed, this.time.timing.chainLength);
      await this.db
        .insert(crashChains)
        .values({ seed, terminatingHash: hashes[0]!, length: this.time.timing.chainLength })
        .onConflictDoNothing();
      [c] = await this.db.select().from(crashChains).where(eq(crashChains.active, true));
    }
    const hashes = buildChain(c!.seed, c!.length);
    this.current = { id: c!.id, hashes, terminatingHash: c!.terminatingHash, salt: c!.salt };
    return this.current;
  }

  /** The chain is used up: retired, so the next `load` makes and publishes a new one. */
  async retire(chainId: number): Promise<void> {
    await this.db.update(crashChains).set({ active: false }).where(eq(crashChains.id, chainId));
    this.current = null;
  }

  async info() {
    const c = await this.load();
    return {
      terminatingHash: c.terminatingHash,
      salt: c.salt,
      length: c.hashes.length - 1,
      houseEdge: 0.01,
      formula:
        'Round k uses h_k where h_{k-1} = sha256(hex(h_k)) and h_0 is published. h = first 13 hex digits of the round hash (HMAC-SHA256(h_k, salt) when a salt is published), e = 2^52, point = max(100, floor(99·e/(e−h)))/100.',
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
      terminatingHash: c!.terminatingHash,
      salt: c!.salt,
      distance: r.roundNo,
    };
  }
}
