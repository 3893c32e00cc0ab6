import { createHash, randomBytes } from 'node:crypto';
import {
  CRASH_GROWTH,
  type CrashBetView,
  type CrashRoundState,
  type CrashServerFrame,
  fromMinor,
  toMinor,
} from '@wps/contract';
import { crashPointHundredths, mulDiv } from '@wps/games';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { GroupCommit, type ItemResult } from '../../db/group-commit.ts';
import { rowsOf } from '../../db/rows.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { crashBets, crashChains, crashRounds } from './crash-schema.ts';
import type { GameSettings, InhouseService, Player } from './service.ts';

/*
 * Crash (issue 11): one loop drives shared rounds: betting window → flight (multiplier
 * floor(100·e^(g·t))) → crash at the round's point → pause → next round. The point comes from the
 * pre-committed hash chain (crash.ts in packages/games). Every decision that matters (is the
 * window open, has the round crashed, at what multiplier a cash-out lands) is taken from the
 * server's clock, never from anything the client sends.
 *
 * Money: the stake is posted when the bet is accepted, the win when it is cashed out (manual or
 * auto), both through the in-house service's ledger helpers against the INHOUSE house account,
 * each in one transaction with the bet row; a bet still open when the round crashes is settled
 * as a loss at the crash. Each bet is one line in the bets record.
 *
 * Several instances (issue 28): one leads (crash-leader.ts) and is the only one that writes
 * rounds, each write fenced by its leader epoch on the round row; every instance takes bets and
 * cash-outs itself, straight into the database. A cash-out names its bet (or its slot) and is
 * judged against that bet's round row, never against what this instance believes is the current
 * round, and on the database's clock (`now()`: the local clock plus the offset the driver
 * measures). A round interrupted by a restart or a change of leader is void: its open bets are
 * refunded (docs/games.md, crash).
 */

export interface CrashClock {
  now(): number;
}
export const systemClock: CrashClock = { now: () => Date.now() };

export interface CrashTiming {
  bettingMs: number;
  pauseMs: number;
  /** Chain length when a new chain is made. */
  chainLength: number;
  /**
   * How long after the crash the bets still open are settled (lost, or won at an auto target the
   * flight passed). Another instance's cash-out that arrived before the crash may still be on its
   * way to the database, and a loss written first would refuse it. Less than `pauseMs`. 0 (the
   * default when unset): at the crash, as one instance needs.
   */
  settleGraceMs?: number;
}
export const DEFAULT_TIMING: CrashTiming = {
  bettingMs: 6000,
  pauseMs: 3000,
  chainLength: 100_000,
  settleGraceMs: 1000,
};

/**
 * At most one `tick` frame (the server's multiplier in flight) per this many ms. Clients draw the
 * flight themselves from the round's start and the server clock (`round` frames carry both), so
 * a tick is a heartbeat, not the animation. Sent at the loop's pace (every 50 ms) it was a frame
 * to every socket 20 times a second: with 1,000 players, 20,000 socket writes a second, most of
 * the server's CPU in the flight, which is when cash-outs must be answered (bench:crash).
 */
export const TICK_FRAME_MS = 1000;

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** Multiplier (hundredths) after `ms` of flight. */
export const multiplierAt = (ms: number): number =>
  ms <= 0 ? 100 : Math.floor(100 * Math.exp(CRASH_GROWTH * ms));
/** First ms of flight at which the multiplier reaches `point` hundredths: the crash time. */
export function crashAfterMs(point: number): number {
  if (point <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(point / 100) / CRASH_GROWTH) - 2);
  while (multiplierAt(t) < point) t++;
  return t;
}

type RoundRow = typeof crashRounds.$inferSelect;
type BetRow = typeof crashBets.$inferSelect;

interface BetJob {
  roundId: number;
  /** The database's clock when the bet arrived: the window is judged by it, not by the batch's turn. */
  at: number;
  pl: Player;
  input: { requestId: string; slot: number; amount: string; autoCashout?: number | null | undefined };
  amount: bigint;
}
/**
 * What settles a bet. Every kind names its bet (a manual cash-out may name only its slot: the
 * member's open bet in it) and is judged against that bet's own round row.
 */
type SettleJob =
  /** The player's cash-out, arrived at `at` (the database's clock, ms). */
  | { kind: 'manual'; memberId: number; slot: number; betId: number | null; at: number }
  /** The flight passed the bet's auto target (the leader's loop). */
  | { kind: 'auto'; betId: number }
  /** The round is over: crashed (auto target at or below the point wins, else lost) or void (refund). */
  | { kind: 'close'; betId: number };
interface Settled {
  view: CrashBetView;
  memberId: number;
  fresh: boolean;
}
const crashClosed = () => new AppError('CONFLICT', { messageKey: 'crashBettingClosed' });
const crashTooLate = () => new AppError('CONFLICT', { messageKey: 'crashTooLate' });
const crashNotRunning = () => new AppError('CONFLICT', { messageKey: 'crashNotRunning' });

/** A round write refused by the leader epoch: another instance claimed the rounds since. */
export class FencedOut extends Error {
  constructor() {
    super('crash: round write refused by the leader epoch');
  }
}
/** This instance stepped down while a loop turn was under way: the turn writes nothing more. */
class SteppedDown extends Error {}

interface LiveRound {
  id: number;
  roundNo: number;
  hash: string;
  point: number;
  phase: 'betting' | 'running' | 'crashed';
  startsAt: number;
  crashAt: number;
  nextAt: number;
  voided: boolean;
  /** Leader only: when the bets still open are to be settled (null: done, or not crashed yet). */
  settleAt: number | null;
}

/** `origin` is the socket a frame answers: it got its answer directly, the member's other tabs get this. */
export type CrashListener = (frame: CrashServerFrame, memberId?: number, origin?: unknown) => void;

export class CrashService {
  private chain: { id: number; hashes: string[]; terminatingHash: string; salt: string | null } | null = null;
  private live: LiveRound | null = null;
  private readonly listeners = new Set<CrashListener>();
  private history: number[] = [];
  private ticking = false;
  private lastTickM = 0;
  private lastTickFrameAt = Number.NEGATIVE_INFINITY;
  /** Whether this instance drives rounds (see CrashDriver); followers learn state from `apply`. */
  leader = true;
  /**
   * The leader epoch this instance writes rounds under (crash_leader_epoch), drawn when it
   * becomes the leader (`lead`; lazily by `tick` when nothing drives it, as in tests).
   */
  epoch: number | null = null;
  /** Relays frames to other instances (LISTEN/NOTIFY) when set. */
  publish: ((frame: CrashServerFrame, memberId?: number) => void) | null = null;
  /** Told when a round write is refused by the epoch fence (the driver drops its lock and contends again). */
  onFenced: (() => void) | null = null;
  /**
   * What to add to `clock.now()` to read the database's clock, measured by the driver on its
   * connection (round-trip corrected). Every instance judges bets and cash-outs on that one clock,
   * whatever its own wall clock says.
   */
  clockOffsetMs = 0;
  /** The offset was measured: a settlement also never lands later than the database's own clock. */
  clockSynced = false;

  constructor(
    private readonly db: Db,
    private readonly inhouse: InhouseService,
    /** Swappable: tests drive the loop with their own clock. */
    public clock: CrashClock = systemClock,
    public timing: CrashTiming = DEFAULT_TIMING,
  ) {}

  /** The one clock of every decision: the database's (see `clockOffsetMs`). */
  now(): number {
    return this.clock.now() + this.clockOffsetMs;
  }

  on(l: CrashListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private emit(frame: CrashServerFrame, memberId?: number, relay = true, origin?: unknown): void {
    for (const l of this.listeners) l(frame, memberId, origin);
    if (relay && this.publish) this.publish(frame, memberId);
  }

  // ---------- chain ----------

  private async loadChain() {
    if (this.chain) return this.chain;
    let [c] = await this.db.select().from(crashChains).where(eq(crashChains.active, true));
    if (!c) {
      const seed = randomBytes(32).toString('hex');
      const hashes = buildChain(seed, this.timing.chainLength);
      await this.db
        .insert(crashChains)
        .values({ seed, terminatingHash: hashes[0]!, length: this.timing.chainLength })
        .onConflictDoNothing();
      [c] = await this.db.select().from(crashChains).where(eq(crashChains.active, true));
    }
    const hashes = buildChain(c!.seed, c!.length);
    this.chain = { id: c!.id, hashes, terminatingHash: c!.terminatingHash, salt: c!.salt };
    return this.chain;
  }

  async chainInfo() {
    const c = await this.loadChain();
    return {
      terminatingHash: c.terminatingHash,
      salt: c.salt,
      length: c.hashes.length - 1,
      houseEdge: 0.01,
      formula:
        'Round k uses h_k where h_{k-1} = sha256(hex(h_k)) and h_0 is published. h = first 13 hex digits of the round hash (HMAC-SHA256(h_k, salt) when a salt is published), e = 2^52, point = max(100, floor(99·e/(e−h)))/100.',
    };
  }

  // ---------- state ----------

  state(): CrashRoundState | null {
    const r = this.live;
    if (!r) return null;
    return {
      roundId: r.id,
      phase: r.phase,
      startsAt: r.startsAt,
      serverNow: this.now(),
      point: r.phase === 'crashed' ? r.point : null,
      hash: r.phase === 'crashed' ? r.hash : null,
      ...(r.voided ? { voided: true } : {}),
    };
  }

  recentPoints(): number[] {
    return [...this.history];
  }

  /** A follower's view of the round, from the leader's relayed frames. */
  async apply(frame: CrashServerFrame, memberId?: number): Promise<void> {
    if (frame.t === 'round' || frame.t === 'crash') {
      const s = frame.round;
      let wasCrashed = this.live?.id === s.roundId && this.live.phase === 'crashed';
      if (!this.live || this.live.id !== s.roundId) {
        const [row] = await this.db.select().from(crashRounds).where(eq(crashRounds.id, s.roundId));
        if (!row) return;
        this.live = this.liveOf(row);
        wasCrashed = false;
      }
      this.live.phase = s.phase;
      if (s.voided) this.live.voided = true;
      if (s.phase === 'crashed' && !wasCrashed && s.point !== null && !s.voided) this.pushHistory(s.point);
    }
    this.emit(frame, memberId, false);
  }

  /**
   * A follower (re)connected, or stepped down: whatever frames it missed, it reads the newest
   * round from the database and tells its sockets.
   */
  async resync(): Promise<void> {
    if (this.leader) return;
    const [row] = await this.db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
    await this.loadHistory(true);
    if (!row || this.leader) return;
    this.live = this.liveOf(row);
    const round = this.state()!;
    this.emit({ t: round.phase === 'crashed' ? 'crash' : 'round', round }, undefined, false);
  }

  private async loadHistory(force = false): Promise<void> {
    if (this.history.length > 0 && !force) return;
    const past = await this.db
      .select({ point: crashRounds.point })
      .from(crashRounds)
      .where(and(eq(crashRounds.status, 'crashed'), isNull(crashRounds.voidedAt)))
      .orderBy(desc(crashRounds.id))
      .limit(30);
    this.history = past.map((p) => p.point);
  }

  private liveOf(row: RoundRow): LiveRound {
    const startsAt = row.startsAt.getTime();
    const crashAt = startsAt + crashAfterMs(row.point);
    return {
      id: row.id,
      roundNo: row.roundNo,
      hash: row.hash,
      point: row.point,
      phase: row.status as LiveRound['phase'],
      startsAt,
      crashAt,
      nextAt: crashAt + this.timing.pauseMs,
      voided: row.voidedAt !== null,
      settleAt: null,
    };
  }

  private pushHistory(point: number) {
    this.history.unshift(point);
    if (this.history.length > 30) this.history.length = 30;
  }

  // ---------- the loop (leader) ----------

  /**
   * Becomes the leader: draws a new epoch. The next `tick` claims the newest round with it (and
   * voids it if it was unfinished: whoever drove it is gone), so a leader that lost its lock
   * without noticing finds each of its later round writes refused.
   */
  async lead(): Promise<number> {
    const [row] = rowsOf<{ e: string | number }>(
      await this.db.execute(sql`select nextval('crash_leader_epoch') as e`),
    );
    this.epoch = Number(row!.e);
    this.leader = true;
    this.live = null;
    return this.epoch;
  }

  /** Stops leading at once: no further round write, and the leader's state of the round is let go. */
  stepDown(): void {
    this.leader = false;
    this.epoch = null;
    this.live = null;
    this.lastTickM = 0;
    this.lastTickFrameAt = Number.NEGATIVE_INFINITY;
  }

  /** A fenced round write: refused (no row) when another epoch claimed the round since. */
  private async write<T>(epoch: number, run: () => Promise<T[]>): Promise<T> {
    if (this.epoch !== epoch || !this.leader) throw new SteppedDown();
    const [row] = await run();
    if (row === undefined) throw new FencedOut();
    return row;
  }

  /**
   * Does whatever is due at now(): open a round, start the flight, auto cash-outs, crash and
   * settle, open the next round. The driver calls it every few tens of ms; tests call it after
   * moving their clock. No database round trip is added per turn: the epoch fence rides on the
   * round writes themselves (a few per round).
   */
  async tick(): Promise<void> {
    if (!this.leader || this.ticking) return;
    this.ticking = true;
    const epoch = this.epoch ?? (await this.lead().catch(() => null));
    try {
      if (epoch === null) return;
      const now = this.now();
      if (!this.live) {
        await this.resume(epoch, now);
        if (!this.live) await this.openRound(now, epoch);
        return;
      }
      const r = this.live;
      if (r.phase === 'betting' && now >= r.startsAt) {
        await this.write(epoch, () =>
          this.db
            .update(crashRounds)
            .set({ status: 'running' })
            .where(
              and(eq(crashRounds.id, r.id), eq(crashRounds.epoch, epoch), eq(crashRounds.status, 'betting')),
            )
            .returning({ id: crashRounds.id }),
        );
        r.phase = 'running';
        this.lastTickM = 100;
        this.emit({ t: 'round', round: this.state()! });
      }
      if (r.phase === 'running') {
        if (now >= r.crashAt) {
          await this.crash(r, epoch, now);
        } else {
          const m = multiplierAt(now - r.startsAt);
          await this.autoCashouts(r, m);
          if (m !== this.lastTickM && now - this.lastTickFrameAt >= TICK_FRAME_MS) {
            this.lastTickM = m;
            this.lastTickFrameAt = now;
            this.emit({ t: 'tick', roundId: r.id, m });
          }
          return;
        }
      }
      if (r.phase === 'crashed') {
        if (r.settleAt !== null && now >= r.settleAt) {
          await this.closeBets();
          r.settleAt = null;
        }
        if (r.settleAt === null && now >= r.nextAt) await this.openRound(now, epoch);
      }
    } catch (e) {
      if (e instanceof SteppedDown) return;
      if (e instanceof FencedOut) {
        if (this.epoch === epoch) {
          this.stepDown();
          this.onFenced?.();
        }
        return;
      }
      throw e;
    } finally {
      this.ticking = false;
    }
  }

  /**
   * A new leader (after a restart or a failover) claims the newest round with its epoch. A round
   * still betting or in flight under another epoch was interrupted: it is closed as void (its
   * hash revealed as always) and its open bets refunded; docs/games.md's crash section states it.
   */
  private async resume(epoch: number, now: number): Promise<void> {
    await this.loadHistory();
    for (let attempt = 0; ; attempt++) {
      const [row] = await this.db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
      if (!row) return;
      if (row.epoch > epoch) throw new FencedOut();
      const interrupted = row.status !== 'crashed' && row.epoch !== epoch;
      if (this.epoch !== epoch || !this.leader) throw new SteppedDown();
      const [claimed] = await this.db
        .update(crashRounds)
        .set(
          interrupted ? { epoch, status: 'crashed', crashedAt: sql`now()`, voidedAt: sql`now()` } : { epoch },
        )
        .where(
          and(
            eq(crashRounds.id, row.id),
            eq(crashRounds.epoch, row.epoch),
            eq(crashRounds.status, row.status),
          ),
        )
        .returning();
      if (!claimed) {
        // The row moved under us (a leader that has not noticed yet wrote it): read it again.
        if (attempt < 3) continue;
        throw new FencedOut();
      }
      const live = this.liveOf(claimed);
      if (claimed.status === 'crashed') {
        const crashedAt = claimed.crashedAt?.getTime() ?? now;
        // Bets still open in it (the last leader went before settling them) are settled now, or
        // after the grace a crash leaves for cash-outs still on their way.
        live.settleAt = interrupted ? now : Math.max(now, crashedAt + (this.timing.settleGraceMs ?? 0));
        live.nextAt = interrupted ? now + this.timing.pauseMs : crashedAt + this.timing.pauseMs;
      }
      this.live = live;
      if (interrupted) this.emit({ t: 'crash', round: this.state()! });
      return;
    }
  }

  private async openRound(now: number, epoch: number): Promise<void> {
    const chain = await this.loadChain();
    const [last] = await this.db
      .select({ roundNo: crashRounds.roundNo })
      .from(crashRounds)
      .where(eq(crashRounds.chainId, chain.id))
      .orderBy(desc(crashRounds.roundNo))
      .limit(1);
    const roundNo = (last?.roundNo ?? 0) + 1;
    if (roundNo >= chain.hashes.length) {
      // Chain used up: retire it; the next call makes and publishes a new one.
      await this.db.update(crashChains).set({ active: false }).where(eq(crashChains.id, chain.id));
      this.chain = null;
      return this.openRound(now, epoch);
    }
    const hash = chain.hashes[roundNo]!;
    const point = crashPointHundredths(hash, chain.salt ?? undefined);
    const startsAt = new Date(now + this.timing.bettingMs).toISOString();
    // Fenced like every round write: only while the newest round carries no later epoch (a new
    // leader claims the newest round before it opens any), and never a round number twice.
    const { id } = await this.write(epoch, async () =>
      rowsOf<{ id: number }>(
        await this.db.execute(sql`
          insert into crash_rounds (chain_id, round_no, hash, point, status, starts_at, epoch)
          select ${chain.id}, ${roundNo}, ${hash}, ${point}, 'betting', ${startsAt}::timestamptz, ${epoch}
          where coalesce((select epoch from crash_rounds order by id desc limit 1), 0) <= ${epoch}
          on conflict do nothing
          returning id`),
      ),
    );
    const [row] = await this.db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.id, Number(id)));
    this.live = this.liveOf(row!);
    this.emit({ t: 'round', round: this.state()! });
  }

  private async autoCashouts(r: LiveRound, m: number): Promise<void> {
    const due = await this.db
      .select({ id: crashBets.id })
      .from(crashBets)
      .where(and(eq(crashBets.roundId, r.id), eq(crashBets.status, 'open'), lte(crashBets.autoCashout, m)));
    await Promise.all(due.map((b) => this.settleBet({ kind: 'auto', betId: b.id })));
  }

  /** The crash: the round row first (fenced), then its open bets once the grace has passed. */
  private async crash(r: LiveRound, epoch: number, now: number): Promise<void> {
    await this.write(epoch, () =>
      this.db
        .update(crashRounds)
        .set({ status: 'crashed', crashedAt: new Date(r.crashAt) })
        .where(and(eq(crashRounds.id, r.id), eq(crashRounds.epoch, epoch)))
        .returning({ id: crashRounds.id }),
    );
    r.phase = 'crashed';
    r.settleAt = r.crashAt + (this.timing.settleGraceMs ?? 0);
    r.nextAt = now + this.timing.pauseMs;
    this.pushHistory(r.point);
    this.emit({ t: 'crash', round: this.state()! });
  }

  /**
   * Settles every bet still open in a round that is over: the one that just crashed, and any a
   * previous leader left behind. Read through the partial index of open bets.
   */
  private async closeBets(): Promise<void> {
    const open = await this.db
      .select({ id: crashBets.id })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
      .where(and(eq(crashBets.status, 'open'), eq(crashRounds.status, 'crashed')));
    await Promise.all(open.map((b) => this.settleBet({ kind: 'close', betId: b.id })));
  }

  // ---------- bets ----------

  private settingsCache: { at: number; value: GameSettings } | null = null;
  /** The crash limits, re-read at most every 2 s (not one query per bet of a thousand). */
  private async settings(): Promise<GameSettings> {
    const now = Date.now();
    if (!this.settingsCache || now - this.settingsCache.at > 2000)
      this.settingsCache = { at: now, value: await this.inhouse.settings.of('crash') };
    return this.settingsCache.value;
  }

  private view(b: BetRow, balance?: bigint): CrashBetView {
    return {
      betId: b.id,
      roundId: b.roundId,
      slot: b.slot,
      amount: fromMinor(b.amount),
      autoCashout: b.autoCashout,
      cashout: b.cashout,
      payout: fromMinor(b.payout),
      status: b.status as CrashBetView['status'],
      ...(balance !== undefined ? { balance: fromMinor(balance) } : {}),
    };
  }

  /** The member's bets in the current round (a reconnecting tab sees them again). */
  async myBets(memberId: number): Promise<CrashBetView[]> {
    if (!this.live) return [];
    const rows = await this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, this.live.id), eq(crashBets.memberId, memberId)));
    return rows.map((b) => this.view(b));
  }

  /*
   * Bets and settlements go through two group-commit queues (db/group-commit.ts): a thousand
   * players betting in the same second, or cashing out in the same tick, cost a few
   * transactions instead of a thousand that queue on the round row and the house account
   * shards. One settlement batch runs at a time, in arrival order, so a manual cash-out sent
   * before the crash is decided before the crash settles the bets left open.
   */
  private readonly betQueue = new GroupCommit<BetJob, CrashBetView>((jobs) => this.placeMany(jobs));
  private readonly settleQueue = new GroupCommit<SettleJob, Settled | null>((jobs) => this.settleMany(jobs));

  /** A bet in the betting window; the same requestId answers the first bet. */
  async placeBet(
    principal: MemberPrincipal,
    input: { requestId: string; slot: number; amount: string; autoCashout?: number | null | undefined },
  ): Promise<CrashBetView> {
    const r = this.live;
    const amount = toMinor(input.amount);
    // The accounts are resolved for the whole batch in one statement (wallet.postMany), not
    // one query pair per player: a thousand first bets in a second would queue on the pool.
    const pl =
      principal.role === 'trial'
        ? await this.inhouse.player(principal)
        : this.inhouse.playerOf(principal.memberId, false);
    const at = this.now();
    if (r?.phase !== 'betting' || at >= r.startsAt) {
      const p = await this.prior(this.db, pl, input, amount);
      if (p) return p;
      throw crashClosed();
    }
    const settings = await this.settings();
    if (settings.paused)
      throw new AppError('GAME_MAINTENANCE', { messageKey: 'inhouseGamePaused', status: 409 });
    if (amount < settings.minBet)
      throw new AppError('VALIDATION', { messageKey: 'amountBelowMin', args: [fromMinor(settings.minBet)] });
    if (amount > settings.maxBet)
      throw new AppError('VALIDATION', { messageKey: 'amountAboveMax', args: [fromMinor(settings.maxBet)] });
    const job = { roundId: r.id, at, pl, input, amount };
    if (!this.inhouse.betGuard) return this.betQueue.submit(job);
    return this.inhouse.betGuard(pl.memberId, pl.trial, amount, 'crash', () => this.betQueue.submit(job));
  }

  /** A retry of a bet already taken answers that bet (even once betting has closed). */
  private async prior(ex: Db | Tx, pl: Player, input: BetJob['input'], amount: bigint) {
    const [b] = await ex
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.memberId, pl.memberId), eq(crashBets.requestId, input.requestId)));
    if (!b) return null;
    const same =
      b.slot === input.slot && b.amount === amount && b.autoCashout === (input.autoCashout ?? null);
    if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
    return this.view(b, await this.inhouse.balanceOf(pl, ex as Tx));
  }

  /**
   * One transaction for a batch of bets, a handful of statements whatever its size: the bet
   * rows in one insert, the stakes in one ledger statement. A refused bet (closed, slot taken,
   * no funds) writes nothing and is answered alone.
   */
  private async placeMany(jobs: BetJob[]): Promise<ItemResult<CrashBetView>[]> {
    return this.inhouse.transaction(async (tx) => {
      // Each round row share-locked once: the bets of a batch go side by side, and the leader's
      // switch to 'running' (an update) waits for them, so betting closes for everyone at once.
      const rounds = new Map<number, RoundRow | undefined>();
      for (const roundId of new Set(jobs.map((j) => j.roundId))) {
        const [round] = await tx.select().from(crashRounds).where(eq(crashRounds.id, roundId)).for('share');
        rounds.set(roundId, round);
      }
      const out: Array<ItemResult<CrashBetView> | undefined> = new Array(jobs.length);
      const keyOf = (memberId: number, requestId: string) => `${memberId}:${requestId}`;
      const open = jobs.flatMap((job, i) => {
        const round = rounds.get(job.roundId);
        return round?.status === 'betting' && job.at < round.startsAt.getTime() ? [i] : [];
      });
      const inserted = open.length
        ? await tx
            .insert(crashBets)
            .values(
              open.map((i) => {
                const { pl, input, amount, roundId } = jobs[i]!;
                return {
                  roundId,
                  memberId: pl.memberId,
                  slot: input.slot,
                  requestId: input.requestId,
                  trial: pl.trial,
                  amount,
                  autoCashout: input.autoCashout ?? null,
                };
              }),
            )
            .onConflictDoNothing()
            .returning()
        : [];
      const rowOf = new Map(inserted.map((r) => [keyOf(r.memberId, r.requestId), r]));
      // The first job of each new row stakes it; twins of it (a double click) answer it below.
      const stakers: Array<{ i: number; row: BetRow }> = [];
      for (const i of open) {
        const job = jobs[i]!;
        const row = rowOf.get(keyOf(job.pl.memberId, job.input.requestId));
        if (row && !stakers.some((s) => s.row === row)) stakers.push({ i, row });
      }
      const staked = await this.inhouse.postBets(
        tx,
        stakers.map(({ i, row }) => ({
          pl: jobs[i]!.pl,
          roundId: `crash${row.id}`,
          game: 'crash',
          part: 'bet',
          amount: row.amount,
          requestId: row.requestId,
        })),
      );
      const refusedKeys = new Map<string, AppError>();
      const refusedIds: number[] = [];
      stakers.forEach(({ i, row }, k) => {
        const r = staked[k]!;
        if (r instanceof AppError) {
          // The ledger wrote nothing (insufficient funds): the bet row goes back with it.
          refusedIds.push(row.id);
          refusedKeys.set(keyOf(row.memberId, row.requestId), r);
          out[i] = { ok: false, error: r };
        } else out[i] = { ok: true, value: this.view(row, r) };
      });
      if (refusedIds.length) await tx.delete(crashBets).where(inArray(crashBets.id, refusedIds));
      // The rest: closed windows, twins, slots taken: each looks up what it collides with.
      for (const [i, job] of jobs.entries()) {
        if (out[i]) continue;
        const twinRefused = refusedKeys.get(keyOf(job.pl.memberId, job.input.requestId));
        if (twinRefused) {
          out[i] = { ok: false, error: twinRefused };
          continue;
        }
        const wasOpen = open.includes(i);
        try {
          const p = await this.prior(tx, job.pl, job.input, job.amount);
          if (p) out[i] = { ok: true, value: p };
          else
            out[i] = {
              ok: false,
              error: wasOpen ? new AppError('CONFLICT', { messageKey: 'crashSlotTaken' }) : crashClosed(),
            };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          out[i] = { ok: false, error };
        }
      }
      return out as ItemResult<CrashBetView>[];
    });
  }

  /**
   * Manual cash-out at the multiplier the database's clock says now, of the bet the frame names
   * (or the member's open bet in the slot). Judged against that bet's own round row, so it holds on
   * any instance, leader or follower, whatever round that instance believes is current.
   */
  async cashOut(
    principal: MemberPrincipal,
    target: { slot: number; betId?: number | undefined },
    origin?: unknown,
  ): Promise<CrashBetView> {
    const at = this.now();
    // The caller's socket gets the route's answer; the member's other tabs get the frame.
    const settled = await this.settleBet(
      { kind: 'manual', memberId: principal.memberId, slot: target.slot, betId: target.betId ?? null, at },
      origin,
    );
    if (!settled) throw new AppError('NOT_FOUND');
    // A refunded bet (its round was interrupted) answers as it is.
    if (settled.status === 'void') return settled;
    if (settled.status !== 'won' || settled.cashout === null) throw crashTooLate();
    return settled;
  }

  /**
   * Settles one open bet. Idempotent: a bet already settled (auto cash-out raced a manual one,
   * or another instance) is returned as it is.
   */
  private async settleBet(job: SettleJob, origin?: unknown): Promise<CrashBetView | null> {
    const out = await this.settleQueue.submit(job);
    if (!out) return null;
    if (out.fresh) this.emit({ t: 'settled', bet: out.view }, out.memberId, true, origin);
    return out.view;
  }

  /**
   * One transaction for a batch of settlements, a handful of statements whatever its size: the
   * bets locked in one select (with their rounds and the database's clock), the wins in one
   * ledger statement (refunds in another), the bets record in one insert, the bet rows in one
   * update. Jobs are decided in order, so of two jobs for one bet (an auto cash-out and a manual
   * one) the first decides and the second sees it settled.
   */
  private async settleMany(jobs: SettleJob[]): Promise<ItemResult<Settled | null>[]> {
    // Read before the transaction: embedded PGlite has one connection, a query outside the
    // transaction from inside it would wait for it forever.
    const settings = await this.settings();
    return this.inhouse.transaction(async (tx) => {
      const ids = jobs.flatMap((j) => (j.kind !== 'manual' || j.betId !== null ? [j.betId!] : []));
      const bySlotOnly = jobs.flatMap((j) => (j.kind === 'manual' && j.betId === null ? [j.memberId] : []));
      const conditions = [
        ...(ids.length ? [inArray(crashBets.id, ids)] : []),
        ...(bySlotOnly.length
          ? [and(inArray(crashBets.memberId, [...new Set(bySlotOnly)]), eq(crashBets.status, 'open'))]
          : []),
      ];
      const locked = await tx
        .select({
          bet: crashBets,
          startsAt: crashRounds.startsAt,
          point: crashRounds.point,
          voided: sql<boolean>`${crashRounds.voidedAt} is not null`,
          dbNow: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`,
        })
        .from(crashBets)
        .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
        .where(or(...conditions))
        .orderBy(crashBets.id)
        .for('update', { of: crashBets });
      const dbNow = locked.length ? Number(locked[0]!.dbNow) : Number.POSITIVE_INFINITY;
      const roundOf = new Map(
        locked.map((l) => [
          l.bet.roundId,
          { startsAt: l.startsAt.getTime(), point: l.point, voided: l.voided },
        ]),
      );
      const byId = new Map(locked.map((l) => [l.bet.id, l.bet]));
      // A slot names the member's newest bet open in it when the batch began.
      const openInSlot = new Map<string, number>();
      for (const l of locked)
        if (l.bet.status === 'open') openInSlot.set(`${l.bet.memberId}:${l.bet.slot}`, l.bet.id);
      const out: ItemResult<Settled | null>[] = [];
      const settling: Array<{
        k: number;
        bet: BetRow;
        lands: number | null;
        payout: bigint;
        refund: boolean;
      }> = [];
      const later: Array<{ k: number; id: number }> = [];
      for (const job of jobs) {
        const id =
          job.kind === 'manual' && job.betId === null
            ? openInSlot.get(`${job.memberId}:${job.slot}`)
            : job.betId;
        let current = id === undefined || id === null ? undefined : byId.get(id);
        if (current && job.kind === 'manual' && current.memberId !== job.memberId) current = undefined;
        if (!current) {
          if (job.kind !== 'manual') out.push({ ok: true, value: null });
          else {
            // No open bet in the slot: answer the newest bet there as it stands, if any.
            const [b] =
              job.betId === null
                ? await tx
                    .select()
                    .from(crashBets)
                    .where(and(eq(crashBets.memberId, job.memberId), eq(crashBets.slot, job.slot)))
                    .orderBy(desc(crashBets.id))
                    .limit(1)
                : [];
            out.push(
              b
                ? { ok: true, value: { view: this.view(b), memberId: b.memberId, fresh: false } }
                : { ok: false, error: new AppError('NOT_FOUND') },
            );
          }
          continue;
        }
        if (current.status !== 'open') {
          // Settled before, or earlier in this batch (its payout is known once the batch is paid).
          if (settling.some((x) => x.bet.id === current.id)) later.push({ k: out.length, id: current.id });
          out.push({
            ok: true,
            value: { view: this.view(current), memberId: current.memberId, fresh: false },
          });
          continue;
        }
        const round = roundOf.get(current.roundId)!;
        let lands: number | null;
        if (round.voided) {
          lands = null;
        } else if (job.kind === 'close') {
          lands =
            current.autoCashout !== null && current.autoCashout <= round.point && round.point > 100
              ? current.autoCashout
              : null;
        } else if (job.kind === 'auto') {
          lands = current.autoCashout;
        } else {
          // The one clock: the arrival on the database's clock, and never later than the database
          // says it is now (an instance's estimate cannot run ahead of it).
          const at = this.clockSynced ? Math.min(job.at, dbNow) : job.at;
          if (at < round.startsAt) {
            out.push({ ok: false, error: crashNotRunning() });
            continue;
          }
          if (at >= round.startsAt + crashAfterMs(round.point)) {
            out.push({ ok: false, error: crashTooLate() });
            continue;
          }
          const m = multiplierAt(at - round.startsAt);
          // A manual cash-out past the bet's auto target lands at the target: the auto cash-out
          // happened first by the clock, whether or not the loop had ticked yet.
          lands = current.autoCashout !== null && current.autoCashout <= m ? current.autoCashout : m;
        }
        const refund = round.voided;
        const payout = refund
          ? current.amount
          : lands === null
            ? 0n
            : BigInt(mulDiv(Number(current.amount), lands, 100));
        const status = refund ? 'void' : lands === null ? 'lost' : 'won';
        const settled: BetRow = { ...current, status, cashout: refund ? null : lands };
        byId.set(settled.id, settled);
        settling.push({ k: out.length, bet: settled, lands: settled.cashout, payout, refund });
        out.push({ ok: true, value: null }); // filled in below
      }
      // Refunds (a void round) pay the stake back whatever the game's payout cap.
      const groups = [settling.filter((x) => !x.refund), settling.filter((x) => x.refund)];
      const paidOf = new Map<number, { payout: bigint; balance: bigint | null }>();
      for (const [g, group] of groups.entries()) {
        if (group.length === 0) continue;
        // A refund's payout is its stake: the cap is raised to the largest refunded stake.
        let cap = settings.maxPayout;
        if (g === 1) for (const x of group) if (x.payout > cap) cap = x.payout;
        const paid = await this.inhouse.settleMany(
          tx,
          group.map(({ bet, payout }) => ({
            pl: this.inhouse.playerOf(bet.memberId, bet.trial),
            roundId: `crash${bet.id}`,
            game: 'crash',
            stake: bet.amount,
            enginePayout: payout,
          })),
          cap,
        );
        for (const [n, x] of group.entries()) paidOf.set(x.bet.id, paid[n]!);
      }
      if (settling.length) {
        const rows = settling.map(({ bet, lands }) => ({
          id: bet.id,
          status: bet.status,
          cashout: lands,
          payout: paidOf.get(bet.id)!.payout.toString(),
        }));
        await tx.execute(sql`
          update crash_bets c
          set status = v.status, cashout = v.cashout, payout = v.payout, settled_at = now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id bigint, status text, cashout integer, payout bigint)
          where c.id = v.id`);
      }
      for (const { k, bet } of settling) {
        const s = paidOf.get(bet.id)!;
        const row: BetRow = { ...bet, payout: s.payout };
        // A loss leaves the balance as it was: no read for it (a crash settles every open bet).
        out[k] = {
          ok: true,
          value: { view: this.view(row, s.balance ?? undefined), memberId: bet.memberId, fresh: true },
        };
      }
      for (const { k, id } of later) {
        const first = out[settling.find((x) => x.bet.id === id)!.k]!;
        if (first.ok && first.value) out[k] = { ok: true, value: { ...first.value, fresh: false } };
      }
      return out;
    });
  }

  // ---------- history and proof ----------

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

/** Same chain as packages/games buildChain, with node's hashing (a 100k chain in ~0.1 s). */
export function buildChain(seedHex: string, length: number): string[] {
  const out = new Array<string>(length + 1);
  out[length] = seedHex;
  for (let k = length; k > 0; k--) out[k - 1] = sha256Hex(out[k]!);
  return out;
}
