import { fromMinor, type InhouseGame, toMinor } from '@wps/contract';
import { GAMES_BY_ID } from '@wps/games';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { inhouseSettings } from './schema.ts';

export interface GameSettings {
  game: InhouseGame;
  minBet: bigint;
  maxBet: bigint;
  maxPayout: bigint;
  paused: boolean;
}

/**
 * Each in-house game's stake limits, payout cap and pause switch: the operator's row where there
 * is one, else the game's own defaults (`@wps/games`). Every change is audited.
 */
export class InhouseSettings {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<GameSettings[]> {
    const rows = await this.db.select().from(inhouseSettings);
    const byGame = new Map(rows.map((r) => [r.game, r]));
    return Object.values(GAMES_BY_ID).map((m) => withDefaults(m.id, byGame.get(m.id)));
  }

  async of(game: InhouseGame, tx?: Tx): Promise<GameSettings> {
    const [r] = await (tx ?? this.db).select().from(inhouseSettings).where(eq(inhouseSettings.game, game));
    return withDefaults(game, r);
  }

  async update(
    game: InhouseGame,
    patch: {
      minBet?: string | undefined;
      maxBet?: string | undefined;
      maxPayout?: string | undefined;
      paused?: boolean | undefined;
    },
    actor: { id: number; account: string },
    ip: string,
  ): Promise<GameSettings> {
    const cur = await this.of(game);
    const next = {
      minBet: patch.minBet !== undefined ? toMinor(patch.minBet) : cur.minBet,
      maxBet: patch.maxBet !== undefined ? toMinor(patch.maxBet) : cur.maxBet,
      maxPayout: patch.maxPayout !== undefined ? toMinor(patch.maxPayout) : cur.maxPayout,
      paused: patch.paused ?? cur.paused,
    };
    if (next.maxBet < next.minBet) {
      throw new AppError('VALIDATION', {
        fields: { maxBet: 'amountBelowMin' },
        messageKey: 'amountBelowMin',
        args: [fromMinor(next.minBet)],
      });
    }
    const view = (v: typeof next) => ({
      minBet: fromMinor(v.minBet),
      maxBet: fromMinor(v.maxBet),
      maxPayout: fromMinor(v.maxPayout),
      paused: v.paused,
    });
    await this.db.transaction(async (tx) => {
      await tx
        .insert(inhouseSettings)
        .values({ game, ...next, updatedBy: actor.account })
        .onConflictDoUpdate({
          target: inhouseSettings.game,
          set: { ...next, updatedBy: actor.account, updatedAt: sql`now()` },
        });
      await this.audit.record(
        {
          actor,
          action: 'inhouse.settings.update',
          target: { type: 'inhouse_game', id: game },
          before: view(cur),
          after: view(next),
          ip,
        },
        tx,
      );
    });
    return { game, ...next };
  }
}

function withDefaults(game: InhouseGame, r: typeof inhouseSettings.$inferSelect | undefined): GameSettings {
  const m = GAMES_BY_ID[game];
  return {
    game,
    minBet: r?.minBet ?? BigInt(m.limits.minBet),
    maxBet: r?.maxBet ?? BigInt(m.limits.maxBet),
    maxPayout: r?.maxPayout ?? BigInt(m.limits.maxPayout),
    paused: r?.paused ?? false,
  };
}
