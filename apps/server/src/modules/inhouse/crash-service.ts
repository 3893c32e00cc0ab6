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
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { GroupCommit, type ItemResult } from '../../db/group-commit.ts';
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
}
export const DEFAULT_TIMING: CrashTiming = { bettingMs: 6000, pauseMs: 3000, chainLength: 100_000 };

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
  /** The server's clock when the bet arrived: the window is judged by it, not by the batch's turn. */
  at: number;
  pl: Player;
  input: { requestId: string; slot: number; amount: string; autoCashout?: number | null | undefined };
  amount: bigint;
}
interface SettleJob {
  which: number | { roundId: number; memberId: number; slot: number };
  at: number | null;
}
interface Settled {
  view: CrashBetView;
  memberId: number;
  fresh: boolean;
}
const crashClosed = () => new AppError('CONFLICT', { messageKey: 'crashBettingClosed' });

interface LiveRound {
  id: number;
  roundNo: number;
  hash: string;
  point: number;
  phase: 'betting' | 'running' | 'crashed';
  startsAt: number;
  crashAt: number;
  nextAt: number;
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
  /** Whether this instance drives rounds (see CrashLeader); followers learn state from `apply`. */
  leader = true;
  /** Relays frames to other instances (LISTEN/NOTIFY) when set. */
  publish: ((frame: CrashServerFrame, memberId?: number) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly inhouse: InhouseService,
    /** Swappable: tests drive the loop with their own clock. */
    public clock: CrashClock = systemClock,
    public timing: CrashTiming = DEFAULT_TIMING,
  ) {}

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
      serverNow: this.clock.now(),
      point: r.phase === 'crashed' ? r.point : null,
      hash: r.phase === 'crashed' ? r.hash : null,
    };
  }

  recentPoints(): number[] {
    return [...this.history];
  }

  /** A follower's view of the round, from the leader's relayed frames. */
  async apply(frame: CrashServerFrame, memberId?: number): Promise<void> {
    if (frame.t === 'round' || frame.t === 'crash') {
      const s = frame.round;
      if (!this.live || this.live.id !== s.roundId) {
        const [row] = await this.db.select().from(crashRounds).where(eq(crashRounds.id, s.roundId));
        if (!row) return;
        this.live = this.liveOf(row);
      }
      this.live.phase = s.phase;
      if (s.phase === 'crashed' && s.point !== null) this.pushHistory(s.point);
    }
    this.emit(frame, memberId, false);
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
    };
  }

  private pushHistory(point: number) {
    this.history.unshift(point);
    if (this.history.length > 30) this.history.length = 30;
  }

  // ---------- the loop (leader) ----------

  /**
   * Does whatever is due at clock.now(): open a round, start the flight, auto cash-outs, crash
   * and settle, open the next round. The driver calls it every few tens of ms; tests call it
   * after moving their clock.
   */
  async tick(): Promise<void> {
    if (!this.leader || this.ticking) return;
    this.ticking = true;
    try {
      const now = this.clock.now();
      if (!this.live) {
        await this.resume();
        if (!this.live) await this.openRound(now);
        return;
      }
      const r = this.live;
      if (r.phase === 'betting' && now >= r.startsAt) {
        r.phase = 'running';
        await this.db.update(crashRounds).set({ status: 'running' }).where(eq(crashRounds.id, r.id));
        this.lastTickM = 100;
        this.emit({ t: 'round', round: this.state()! });
      }
      if (r.phase === 'running') {
        if (now >= r.crashAt) {
          await this.crash(r);
        } else {
          const m = multiplierAt(now - r.startsAt);
          await this.autoCashouts(r, m);
          if (m !== this.lastTickM && now - this.lastTickFrameAt >= TICK_FRAME_MS) {
            this.lastTickM = m;
            this.lastTickFrameAt = now;
            this.emit({ t: 'tick', roundId: r.id, m });
          }
        }
        return;
      }
      if (r.phase === 'crashed' && now >= r.nextAt) await this.openRound(now);
    } finally {
      this.ticking = false;
    }
  }

  /** After a restart or a leader change: pick up the unfinished round. */
  private async resume(): Promise<void> {
    const [row] = await this.db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
    if (!row) return;
    if (this.history.length === 0) {
      const past = await this.db
        .select({ point: crashRounds.point })
        .from(crashRounds)
        .where(eq(crashRounds.status, 'crashed'))
        .orderBy(desc(crashRounds.id))
        .limit(30);
      this.history = past.map((p) => p.point);
    }
    const live = this.liveOf(row);
    if (row.status === 'crashed') {
      live.nextAt = (row.crashedAt?.getTime() ?? 0) + this.timing.pauseMs;
    }
    this.live = live;
  }

  private async openRound(now: number): Promise<void> {
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
      return this.openRound(now);
    }
    const hash = chain.hashes[roundNo]!;
    const point = crashPointHundredths(hash, chain.salt ?? undefined);
    const [row] = await this.db
      .insert(crashRounds)
      .values({
        chainId: chain.id,
        roundNo,
        hash,
        point,
        status: 'betting',
        startsAt: new Date(now + this.timing.bettingMs),
      })
      .returning();
    this.live = this.liveOf(row!);
    this.emit({ t: 'round', round: this.state()! });
  }

  private async autoCashouts(r: LiveRound, m: number): Promise<void> {
    const due = await this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, r.id), eq(crashBets.status, 'open'), lte(crashBets.autoCashout, m)));
    await Promise.all(due.map((b) => this.settleBet(b.id, b.autoCashout!)));
  }

  private async crash(r: LiveRound): Promise<void> {
    // Auto targets at or below the point that the last tick did not reach are still wins.
    const open = await this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, r.id), eq(crashBets.status, 'open')));
    await Promise.all(
      open.map((b) => {
        const win = b.autoCashout !== null && b.autoCashout <= r.point && r.point > 100;
        return this.settleBet(b.id, win ? b.autoCashout! : null);
      }),
    );
    r.phase = 'crashed';
    await this.db
      .update(crashRounds)
      .set({ status: 'crashed', crashedAt: new Date(r.crashAt) })
      .where(eq(crashRounds.id, r.id));
    r.nextAt = this.clock.now() + this.timing.pauseMs;
    this.pushHistory(r.point);
    this.emit({ t: 'crash', round: this.state()! });
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
    const at = this.clock.now();
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

  /** Manual cash-out at the multiplier the server's clock says now. */
  async cashOut(principal: MemberPrincipal, slot: number, origin?: unknown): Promise<CrashBetView> {
    const at = this.clock.now();
    const r = this.live;
    if (!r || at < r.startsAt) throw new AppError('CONFLICT', { messageKey: 'crashNotRunning' });
    if (at >= r.crashAt || r.phase === 'crashed')
      throw new AppError('CONFLICT', { messageKey: 'crashTooLate' });
    const m = multiplierAt(at - r.startsAt);
    // The caller's socket gets the route's answer; the member's other tabs get the frame.
    const settled = await this.settleBet({ roundId: r.id, memberId: principal.memberId, slot }, m, origin);
    if (!settled) throw new AppError('NOT_FOUND');
    if (settled?.status !== 'won' || settled.cashout === null)
      throw new AppError('CONFLICT', { messageKey: 'crashTooLate' });
    return settled;
  }

  /**
   * Settles one open bet: a win at `at` hundredths, or a loss (null). Idempotent: a bet already
   * settled (auto cash-out raced a manual one, or another instance) is returned as it is.
   */
  private async settleBet(
    which: SettleJob['which'],
    at: number | null,
    origin?: unknown,
  ): Promise<CrashBetView | null> {
    const out = await this.settleQueue.submit({ which, at });
    if (!out) return null;
    if (out.fresh) this.emit({ t: 'settled', bet: out.view }, out.memberId, true, origin);
    return out.view;
  }

  /**
   * One transaction for a batch of settlements, a handful of statements whatever its size: the
   * bets locked in one select, the wins in one ledger statement, the bets record in one insert,
   * the bet rows in one update. Jobs are decided in order, so of two jobs for one bet (an auto
   * cash-out and a manual one) the first decides and the second sees it settled.
   */
  private async settleMany(jobs: SettleJob[]): Promise<ItemResult<Settled | null>[]> {
    // Read before the transaction: embedded PGlite has one connection, a query outside the
    // transaction from inside it would wait for it forever.
    const settings = await this.settings();
    return this.inhouse.transaction(async (tx) => {
      const ids = jobs.flatMap((j) => (typeof j.which === 'number' ? [j.which] : []));
      const bySlot = new Map<number, number[]>();
      for (const j of jobs)
        if (typeof j.which !== 'number')
          bySlot.set(j.which.roundId, [...(bySlot.get(j.which.roundId) ?? []), j.which.memberId]);
      const conditions = [
        ...(ids.length ? [inArray(crashBets.id, ids)] : []),
        ...[...bySlot].map(([roundId, members]) =>
          and(eq(crashBets.roundId, roundId), inArray(crashBets.memberId, members)),
        ),
      ];
      const locked = await tx
        .select()
        .from(crashBets)
        .where(or(...conditions))
        .orderBy(crashBets.id)
        .for('update');
      const byId = new Map(locked.map((b) => [b.id, b]));
      const bySlotKey = new Map(locked.map((b) => [`${b.roundId}:${b.memberId}:${b.slot}`, b]));
      const out: ItemResult<Settled | null>[] = [];
      const settling: Array<{ k: number; bet: BetRow; lands: number | null; payout: bigint }> = [];
      const later: Array<{ k: number; id: number }> = [];
      for (const { which, at } of jobs) {
        const current =
          typeof which === 'number'
            ? byId.get(which)
            : bySlotKey.get(`${which.roundId}:${which.memberId}:${which.slot}`);
        if (!current) {
          out.push({ ok: true, value: null });
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
        // A manual cash-out past the bet's auto target lands at the target: the auto cash-out
        // happened first by the server's clock, whether or not the loop had ticked yet.
        const lands =
          at !== null && current.autoCashout !== null && current.autoCashout <= at ? current.autoCashout : at;
        const payout = lands === null ? 0n : BigInt(mulDiv(Number(current.amount), lands, 100));
        const settled: BetRow = { ...current, status: lands === null ? 'lost' : 'won', cashout: lands };
        byId.set(settled.id, settled);
        bySlotKey.set(`${settled.roundId}:${settled.memberId}:${settled.slot}`, settled);
        settling.push({ k: out.length, bet: settled, lands, payout });
        out.push({ ok: true, value: null }); // filled in below
      }
      const paid = await this.inhouse.settleMany(
        tx,
        settling.map(({ bet, payout }) => ({
          pl: this.inhouse.playerOf(bet.memberId, bet.trial),
          roundId: `crash${bet.id}`,
          game: 'crash',
          stake: bet.amount,
          enginePayout: payout,
        })),
        settings.maxPayout,
      );
      if (settling.length) {
        const rows = settling.map(({ bet, lands }, n) => ({
          id: bet.id,
          status: bet.status,
          cashout: lands,
          payout: paid[n]!.payout.toString(),
        }));
        await tx.execute(sql`
          update crash_bets c
          set status = v.status, cashout = v.cashout, payout = v.payout, settled_at = now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id bigint, status text, cashout integer, payout bigint)
          where c.id = v.id`);
      }
      settling.forEach(({ k, bet }, n) => {
        const s = paid[n]!;
        const row: BetRow = { ...bet, payout: s.payout };
        // A loss leaves the balance as it was: no read for it (a crash settles every open bet).
        out[k] = {
          ok: true,
          value: { view: this.view(row, s.balance ?? undefined), memberId: bet.memberId, fresh: true },
        };
      });
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
