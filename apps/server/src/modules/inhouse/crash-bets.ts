import { type CrashBetView, fromMinor, toMinor } from '@wps/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { GroupCommit, type ItemResult } from '../../db/group-commit.ts';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { CrashRounds } from './crash-rounds.ts';
import {
  type BetJob,
  type BetRow,
  betView,
  type CrashTime,
  crashClosed,
  type RoundRow,
} from './crash-rules.ts';
import { crashBets, crashRounds } from './crash-schema.ts';
import type { GameSettings, InhouseService, Player } from './service.ts';

/** The crash limits, re-read at most every 2 s (not one query per bet of a thousand). */
export class CrashSettings {
  private cache: { at: number; value: GameSettings } | null = null;

  constructor(private readonly inhouse: InhouseService) {}

  async get(): Promise<GameSettings> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > 2000)
      this.cache = { at: now, value: await this.inhouse.settings.of('crash') };
    return this.cache.value;
  }

  /** The next bet reads the settings afresh (tests, after an operator's change). */
  forget(): void {
    this.cache = null;
  }
}

/** Bets: taken in the betting window of the round this instance knows, staked in group commits. */
export class CrashBets {
  /*
   * Bets (and settlements, crash-settlement.ts) go through group-commit queues (db/group-commit.ts): a thousand
   * players betting in the same second, or cashing out in the same tick, cost a few
   * transactions instead of a thousand that queue on the round row and the house account
   * shards. One settlement batch runs at a time, in arrival order, so a manual cash-out sent
   * before the crash is decided before the crash settles the bets left open.
   */
  private readonly betQueue = new GroupCommit<BetJob, CrashBetView>((jobs) => this.placeMany(jobs));

  constructor(
    private readonly db: Db,
    private readonly inhouse: InhouseService,
    private readonly time: CrashTime,
    private readonly settings: CrashSettings,
    private readonly rounds: CrashRounds,
  ) {}

  /** The member's bets in the current round (a reconnecting tab sees them again). */
  async myBets(memberId: number): Promise<CrashBetView[]> {
    const live = this.rounds.current();
    if (!live) return [];
    const rows = await this.db
      .select()
      .from(crashBets)
      .where(and(eq(crashBets.roundId, live.id), eq(crashBets.memberId, memberId)));
    return rows.map((b) => betView(b));
  }

  /** A bet in the betting window; the same requestId answers the first bet. */
  async placeBet(
    principal: MemberPrincipal,
    input: { requestId: string; slot: number; amount: string; autoCashout?: number | null | undefined },
  ): Promise<CrashBetView> {
    const r = this.rounds.current();
    const amount = toMinor(input.amount);
    // The accounts are resolved for the whole batch in one statement (wallet.postMany), not
    // one query pair per player: a thousand first bets in a second would queue on the pool.
    const pl =
      principal.role === 'trial'
        ? await this.inhouse.player(principal)
        : this.inhouse.playerOf(principal.memberId, false);
    const at = this.time.now();
    if (r?.phase !== 'betting' || at >= r.startsAt) {
      const p = await this.prior(this.db, pl, input, amount);
      if (p) return p;
      throw crashClosed();
    }
    const settings = await this.settings.get();
    if (settings.paused)
      throw new AppError('GAME_MAINTENANCE', { messageKey: 'inhouseGamePaused', status: 409 });
    if (amount < settings.minBet)
      throw new AppError('VALIDATION', { messageKey: 'amountBelowMin', args: [fromMinor(settings.minBet)] });
    if (amount > settings.maxBet)
      throw new AppError('VALIDATION', { messageKey: 'amountAboveMax', args: [fromMinor(settings.maxBet)] });
    const job = { roundId: r.id, at, pl, input, amount };
    // Player protection's bet check: a constructor argument of the in-house service.
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
    return betView(b, await this.inhouse.balanceOf(pl, ex as Tx));
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
        } else out[i] = { ok: true, value: betView(row, r) };
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
}
