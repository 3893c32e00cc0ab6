import {
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  dayRange,
  fromMinor,
  type InhouseGame,
  type InhouseRoundDetail,
} from '@wps/contract';
import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { BetsService } from '../bets/service.ts';
import { type EngineState, type HttpGame, viewOf } from './engine.ts';
import { inhouseRounds } from './schema.ts';
import type { InhouseSeeds } from './seeds.ts';

/** The in-house game's vendor code in the bets record and the ledger. */
export const INHOUSE_VENDOR = 'INHOUSE';

/** Reading the rounds back: one round with its proof, the console's list, revenue per game. */
export class InhouseRounds {
  constructor(
    private readonly db: Db,
    private readonly seeds: InhouseSeeds,
    private readonly bets: BetsService,
  ) {}

  /** A round with its proof; the server seed only once its pair was rotated away. */
  async detail(roundId: string, memberId: number | null): Promise<InhouseRoundDetail> {
    const [r] = await this.db.select().from(inhouseRounds).where(eq(inhouseRounds.id, roundId));
    if (!r || (memberId !== null && r.memberId !== memberId)) throw new AppError('NOT_FOUND');
    const seed = await this.seeds.byId(this.db, r.seedId);
    return {
      roundId: r.id,
      game: r.game,
      status: r.status as 'open' | 'settled',
      bet: r.bet,
      actions: r.actions as unknown[],
      outcome: viewOf(r.game as HttpGame, r.state as EngineState),
      stake: fromMinor(r.stake),
      payout: fromMinor(r.payout),
      capped: r.capped,
      trial: r.trial,
      createdAt: r.createdAt.toISOString(),
      settledAt: r.settledAt ? r.settledAt.toISOString() : null,
      proof: {
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: r.nonce,
        serverSeed: seed.active ? null : seed.serverSeed,
      },
    };
  }

  /**
   * The fairness inputs of settled rounds, by round id (the jackpot draws each eligible round with
   * them, modules/jackpot): the seed pair's server seed, client seed and the round's nonce. Only
   * for the jackpot's draw and its proof; the server seed of an active pair is never sent out.
   */
  async drawInputs(
    roundIds: readonly string[],
    ex: Db | Tx = this.db,
  ): Promise<
    Map<
      string,
      {
        seedId: number;
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        nonce: number;
        revealed: boolean;
      }
    >
  > {
    const out = new Map<
      string,
      {
        seedId: number;
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        nonce: number;
        revealed: boolean;
      }
    >();
    if (roundIds.length === 0) return out;
    const rounds = await ex
      .select({ id: inhouseRounds.id, seedId: inhouseRounds.seedId, nonce: inhouseRounds.nonce })
      .from(inhouseRounds)
      .where(inArray(inhouseRounds.id, [...roundIds]));
    const seeds = new Map<number, Awaited<ReturnType<InhouseSeeds['byId']>>>();
    for (const r of rounds) {
      let seed = seeds.get(r.seedId);
      if (!seed) {
        seed = await this.seeds.byId(ex, r.seedId);
        seeds.set(r.seedId, seed);
      }
      out.set(r.id, {
        seedId: r.seedId,
        serverSeed: seed.serverSeed,
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: r.nonce,
        revealed: !seed.active,
      });
    }
    return out;
  }

  /** The console's round list: newest first, by game, member and business days. */
  async list(
    q: {
      game?: InhouseGame | undefined;
      memberId?: number | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
    offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  ) {
    const where = and(
      q.game ? eq(inhouseRounds.game, q.game) : undefined,
      q.memberId ? eq(inhouseRounds.memberId, q.memberId) : undefined,
      q.from ? gte(inhouseRounds.createdAt, dayRange(q.from, offsetMinutes)[0]) : undefined,
      q.to ? lt(inhouseRounds.createdAt, dayRange(q.to, offsetMinutes)[1]) : undefined,
    );
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(inhouseRounds).where(where);
    const rows = await this.db
      .select()
      .from(inhouseRounds)
      .where(where)
      .orderBy(desc(inhouseRounds.createdAt), desc(inhouseRounds.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return {
      content: rows.map((r) => ({
        roundId: r.id,
        memberId: r.memberId,
        game: r.game,
        status: r.status,
        stake: fromMinor(r.stake),
        payout: fromMinor(r.payout),
        trial: r.trial,
        nonce: r.nonce,
        createdAt: r.createdAt.toISOString(),
      })),
      pageNum: q.pageNo,
      totalPages: Math.max(1, Math.ceil(n / q.pageSize)),
      total: n,
    };
  }

  /**
   * Gross gaming revenue per game over settled real-money rounds (trial play is not revenue). The
   * days are business days (business midnight to business midnight, both days included), the same
   * days as every other report of the console.
   */
  async ggr(
    range: { from?: string | undefined; to?: string | undefined },
    offsetMinutes: number = DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  ) {
    // From the one record of every bet (DESIGN §7), so crash bets count beside the rounds.
    const rows = await this.bets.totalsByGame({
      source: 'inhouse',
      vendor: INHOUSE_VENDOR,
      from: range.from ? dayRange(range.from, offsetMinutes)[0] : undefined,
      to: range.to ? dayRange(range.to, offsetMinutes)[1] : undefined,
    });
    return {
      games: rows.map((r) => ({
        game: r.game,
        rounds: r.rounds,
        stake: fromMinor(r.stake),
        payout: fromMinor(r.payout),
        ggr: fromMinor(r.stake - r.payout),
      })),
    };
  }
}
