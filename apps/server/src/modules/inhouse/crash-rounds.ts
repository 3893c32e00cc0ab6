import type { CrashRoundState, CrashServerFrame } from '@wps/contract';
import { crashPointHundredths } from '@wps/games';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { CrashChain } from './crash-chain.ts';
import type { CrashGateway } from './crash-gateway.ts';
import {
  type CrashTime,
  FencedOut,
  type LiveRound,
  liveRoundOf,
  multiplierAt,
  type SettleJob,
  SteppedDown,
  TICK_FRAME_MS,
} from './crash-rules.ts';
import { crashBets, crashRounds } from './crash-schema.ts';

/**
 * The round engine: the leader's loop (betting window → flight → crash → pause → next round),
 * each round write fenced by the leader epoch, and a follower's view of the round from the frames
 * the leader relays. Which instance leads is decided by the CrashDriver (crash-leader.ts).
 */
export class CrashRounds {
  private live: LiveRound | null = null;
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
  /**
   * Told when a round write is refused by the epoch fence (the driver drops its lock and contends
   * again). Attached by the driver while it runs, as the gateway's relay is: none on one instance.
   */
  onFenced: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly time: CrashTime,
    private readonly chain: CrashChain,
    private readonly gateway: CrashGateway,
    /** Settles one bet (crash-settlement.ts): the loop's auto cash-outs and the crash's losses. */
    private readonly settle: (job: SettleJob) => Promise<unknown>,
  ) {}

  /** The round as this instance knows it (bets are taken in it while it is betting). */
  current(): LiveRound | null {
    return this.live;
  }

  state(): CrashRoundState | null {
    const r = this.live;
    if (!r) return null;
    return {
      roundId: r.id,
      phase: r.phase,
      startsAt: r.startsAt,
      serverNow: this.time.now(),
      point: r.phase === 'crashed' ? r.point : null,
      hash: r.phase === 'crashed' ? r.hash : null,
      ...(r.voided ? { voided: true } : {}),
    };
  }

  /** A follower's view of the round, from the leader's relayed frames. */
  async apply(frame: CrashServerFrame, memberId?: number): Promise<void> {
    if (frame.t === 'round' || frame.t === 'crash') {
      const s = frame.round;
      let wasCrashed = this.live?.id === s.roundId && this.live.phase === 'crashed';
      if (!this.live || this.live.id !== s.roundId) {
        const [row] = await this.db.select().from(crashRounds).where(eq(crashRounds.id, s.roundId));
        if (!row) return;
        this.live = liveRoundOf(row, this.time.timing);
        wasCrashed = false;
      }
      this.live.phase = s.phase;
      if (s.voided) this.live.voided = true;
      if (s.phase === 'crashed' && !wasCrashed && s.point !== null && !s.voided)
        this.chain.pushHistory(s.point);
    }
    this.gateway.emit(frame, memberId, false);
  }

  /**
   * A follower (re)connected, or stepped down: whatever frames it missed, it reads the newest
   * round from the database and tells its sockets.
   */
  async resync(): Promise<void> {
    if (this.leader) return;
    const [row] = await this.db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
    await this.chain.loadHistory(true);
    if (!row || this.leader) return;
    this.live = liveRoundOf(row, this.time.timing);
    const round = this.state()!;
    this.gateway.emit({ t: round.phase === 'crashed' ? 'crash' : 'round', round }, undefined, false);
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
      const now = this.time.now();
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
        this.gateway.emit({ t: 'round', round: this.state()! });
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
            this.gateway.emit({ t: 'tick', roundId: r.id, m });
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
    await this.chain.loadHistory();
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
      const live = liveRoundOf(claimed, this.time.timing);
      if (claimed.status === 'crashed') {
        const crashedAt = claimed.crashedAt?.getTime() ?? now;
        // Bets still open in it (the last leader went before settling them) are settled now, or
        // after the grace a crash leaves for cash-outs still on their way.
        live.settleAt = interrupted ? now : Math.max(now, crashedAt + (this.time.timing.settleGraceMs ?? 0));
        live.nextAt = interrupted ? now + this.time.timing.pauseMs : crashedAt + this.time.timing.pauseMs;
      }
      this.live = live;
      if (interrupted) this.gateway.emit({ t: 'crash', round: this.state()! });
      return;
    }
  }

  private async openRound(now: number, epoch: number): Promise<void> {
    // A new chain's rounds wait for its salt (a beacon round due minutes after the commit).
    const chain = await this.chain.playable();
    if (!chain) return;
    const [last] = await this.db
      .select({ roundNo: crashRounds.roundNo })
      .from(crashRounds)
      .where(eq(crashRounds.chainId, chain.id))
      .orderBy(desc(crashRounds.roundNo))
      .limit(1);
    const roundNo = (last?.roundNo ?? 0) + 1;
    if (roundNo >= chain.hashes.length) {
      // Chain used up: retire it; the next call makes and publishes a new one.
      await this.chain.retire(chain.id);
      return this.openRound(now, epoch);
    }
    const hash = chain.hashes[roundNo]!;
    const point = crashPointHundredths(hash, chain.salt);
    const startsAt = new Date(now + this.time.timing.bettingMs).toISOString();
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
    this.live = liveRoundOf(row!, this.time.timing);
    this.gateway.emit({ t: 'round', round: this.state()! });
  }

  private async autoCashouts(r: LiveRound, m: number): Promise<void> {
    const due = await this.db
      .select({ id: crashBets.id })
      .from(crashBets)
      .where(and(eq(crashBets.roundId, r.id), eq(crashBets.status, 'open'), lte(crashBets.autoCashout, m)));
    await Promise.all(due.map((b) => this.settle({ kind: 'auto', betId: b.id })));
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
    r.settleAt = r.crashAt + (this.time.timing.settleGraceMs ?? 0);
    r.nextAt = now + this.time.timing.pauseMs;
    this.chain.pushHistory(r.point);
    this.gateway.emit({ t: 'crash', round: this.state()! });
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
    await Promise.all(open.map((b) => this.settle({ kind: 'close', betId: b.id })));
  }
}
