import {
  type AdminLotteryConfig,
  fromMinor,
  LOTTERY_MAX_DRAW_LIMIT,
  type LotteryBetTypeCode,
  type LotteryPrizeMode,
  toMinor,
} from '@wps/contract';
import {
  betTypesOf,
  type Commissions,
  DEFAULT_COMMISSIONS,
  DEFAULT_ODDS,
  familyOf,
  MAX_ODDS_HUNDREDTHS,
  type Odds,
} from '@wps/games';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { LotteryGame } from './games.ts';
import { lotteryDraws, lotteryGameSettings, lotteryOdds } from './schema.ts';

/** Basis points → percent as text (1960 → "19.6"). */
export const percentOf = (bps: number) => String(bps / 100);
/** Hundredths → the multiplier as text ("90", "2.2"). */
export const multiplierOf = (h: number) => String(h / 100);

/** The odds as the operator and the menus show them: multipliers as text. */
export function oddsView(odds: Odds): Record<string, string | Record<string, string>> {
  return Object.fromEntries(
    Object.entries(odds).map(([t, o]) => [
      t,
      typeof o === 'object'
        ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, multiplierOf(v ?? 0)]))
        : multiplierOf(o ?? 0),
    ]),
  );
}

export const commissionsView = (c: Commissions, types: readonly string[]) =>
  Object.fromEntries(types.map((t) => [t, percentOf(c[t as LotteryBetTypeCode] ?? 0)]));

/** How often another instance's edits of limits and cut-off reach this one, at most. */
const SETTINGS_TTL_MS = 5_000;

type Actor = { id: number; account: string };

/**
 * The operator's lottery configuration (issue 15): odds and commission per prize mode and bet
 * type, and per game the limits per number and per draw and the cut-off. Every edit is validated
 * and audited. Placed tickets keep the odds and commission they were bought with; limits and
 * cut-off apply to every draw not yet closed.
 *
 * A game's limits and cut-off live on its `LotteryGame` object, which placement and the draw
 * lifecycle already read: an edit updates the object here at once (and the open draws' cut-off in
 * the database); other instances pick the stored values up within SETTINGS_TTL_MS.
 */
export class LotteryConfig {
  private settingsLoadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService },
    private readonly games: readonly LotteryGame[],
  ) {}

  /** The prize mode's odds and commissions: the defaults with the operator's overrides (one query). */
  async rates(mode: LotteryPrizeMode, tx?: Tx): Promise<{ odds: Odds; commissions: Commissions }> {
    const rows = await (tx ?? this.db).select().from(lotteryOdds).where(eq(lotteryOdds.prizeMode, mode));
    const odds: Odds = { ...DEFAULT_ODDS[mode] };
    const commissions: Commissions = { ...DEFAULT_COMMISSIONS[mode] };
    for (const r of rows) {
      const t = r.betType as LotteryBetTypeCode;
      if (r.odds !== null) (odds as Record<string, unknown>)[t] = r.odds;
      if (r.commissionBps !== null) commissions[t] = r.commissionBps;
    }
    return { odds, commissions };
  }

  /** Operator: one bet type's odds and/or commission of a prize mode (audited). */
  async setRates(
    mode: LotteryPrizeMode,
    betType: LotteryBetTypeCode,
    value: { odds?: string | Partial<Record<string, string>> | undefined; commission?: string | undefined },
    actor: Actor,
    ip: string,
  ) {
    const hundredths = (m: string) => Math.round(Number(m) * 100);
    let odds: number | Record<string, number> | undefined;
    if (value.odds !== undefined) {
      const tiered = typeof DEFAULT_ODDS[mode][betType] === 'object';
      if (tiered !== (typeof value.odds === 'object'))
        throw new AppError('VALIDATION', { fields: { odds: 'badRequest' } });
      odds =
        typeof value.odds === 'object'
          ? Object.fromEntries(Object.entries(value.odds).map(([k, v]) => [k, hundredths(v ?? '0')]))
          : hundredths(value.odds);
      const all = typeof odds === 'object' ? Object.values(odds) : [odds];
      if (all.length === 0 || all.some((h) => !(h > 0 && h <= MAX_ODDS_HUNDREDTHS)))
        throw new AppError('VALIDATION', { fields: { odds: 'badRequest' } });
    }
    const commissionBps = value.commission === undefined ? undefined : hundredths(value.commission);
    const before = await this.rates(mode);
    await this.db.transaction(async (tx) => {
      const set = {
        ...(odds !== undefined ? { odds } : {}),
        ...(commissionBps !== undefined ? { commissionBps } : {}),
        updatedBy: actor.account,
      };
      await tx
        .insert(lotteryOdds)
        .values({
          prizeMode: mode,
          betType,
          odds: odds ?? null,
          commissionBps: commissionBps ?? null,
          ...set,
        })
        .onConflictDoUpdate({
          target: [lotteryOdds.prizeMode, lotteryOdds.betType],
          set: { ...set, updatedAt: sql`now()` },
        });
      await this.deps.audit.record(
        {
          actor,
          action: 'lottery.odds.update',
          target: { type: 'lottery_odds', id: `${mode}:${betType}` },
          before: { odds: before.odds[betType] ?? null, commissionBps: before.commissions[betType] ?? 0 },
          after: {
            odds: odds ?? before.odds[betType] ?? null,
            commissionBps: commissionBps ?? before.commissions[betType] ?? 0,
          },
          ip,
        },
        tx,
      );
    });
    const after = await this.rates(mode);
    return {
      prizeMode: mode,
      odds: oddsView(after.odds),
      commissions: commissionsView(after.commissions, Object.keys(after.odds)),
    };
  }

  /** Applies the stored limits and cut-offs to the games (at most every SETTINGS_TTL_MS unless forced). */
  async refreshSettings(force = false): Promise<void> {
    if (!force && Date.now() - this.settingsLoadedAt < SETTINGS_TTL_MS) return;
    const rows = await this.db.select().from(lotteryGameSettings);
    this.settingsLoadedAt = Date.now();
    for (const r of rows) {
      const g = this.games.find((x) => x.gameCode === r.gameCode);
      if (!g) continue;
      g.cutoffSeconds = r.cutoffSeconds;
      g.maxStakePerNumber = r.maxStakePerNumber;
      g.maxStakePerDraw = r.maxStakePerDraw;
    }
  }

  /** The longest cut-off a game's schedule allows: a fast game stays open at least 5 s per draw. */
  static maxCutoffSeconds(game: LotteryGame): number {
    return game.schedule.kind === 'every' ? game.schedule.seconds - 5 : 6 * 3600;
  }

  /**
   * Operator: a game's limits and cut-off (audited). Every draw of the game still taking bets
   * gets the new cut-off in the same transaction (one whose new cut-off has already passed closes
   * now); a draw already closed keeps its own.
   */
  async setGameSettings(
    game: LotteryGame,
    body: { cutoffSeconds: number; maxStakePerNumber: string; maxStakePerDraw: string },
    actor: Actor,
    ip: string,
  ) {
    const perNumber = toMinor(body.maxStakePerNumber);
    const perDraw = toMinor(body.maxStakePerDraw);
    const fields: Record<string, string> = {};
    if (body.cutoffSeconds > LotteryConfig.maxCutoffSeconds(game)) fields.cutoffSeconds = 'badRequest';
    if (perNumber > perDraw) fields.maxStakePerNumber = 'badRequest';
    if (perDraw > toMinor(LOTTERY_MAX_DRAW_LIMIT)) fields.maxStakePerDraw = 'badRequest';
    if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
    await this.refreshSettings(true);
    const before = LotteryConfig.settingsOf(game);
    await this.db.transaction(async (tx) => {
      const values = {
        cutoffSeconds: body.cutoffSeconds,
        maxStakePerNumber: perNumber,
        maxStakePerDraw: perDraw,
        updatedBy: actor.account,
      };
      await tx
        .insert(lotteryGameSettings)
        .values({ gameCode: game.gameCode, ...values })
        .onConflictDoUpdate({
          target: lotteryGameSettings.gameCode,
          set: { ...values, updatedAt: sql`now()` },
        });
      await tx.execute(sql`
        update ${lotteryDraws} set cutoff_at = draw_time - make_interval(secs => ${body.cutoffSeconds})
        where game_code = ${game.gameCode} and status = 'open' and cutoff_at > now()`);
      await this.deps.audit.record(
        {
          actor,
          action: 'lottery.game.update',
          target: { type: 'lottery_game', id: game.gameCode },
          before,
          after: {
            cutoffSeconds: body.cutoffSeconds,
            maxStakePerNumber: perNumber,
            maxStakePerDraw: perDraw,
          },
          ip,
        },
        tx,
      );
    });
    game.cutoffSeconds = body.cutoffSeconds;
    game.maxStakePerNumber = perNumber;
    game.maxStakePerDraw = perDraw;
    return this.gameView(game, 'en');
  }

  private static settingsOf(g: LotteryGame) {
    return {
      cutoffSeconds: g.cutoffSeconds,
      maxStakePerNumber: g.maxStakePerNumber,
      maxStakePerDraw: g.maxStakePerDraw,
    };
  }

  gameView(g: LotteryGame, lang: 'en' | 'ne'): AdminLotteryConfig['games'][number] {
    return {
      gameCode: g.gameCode,
      name: g.name[lang],
      family: familyOf(g.structure),
      cutoffSeconds: g.cutoffSeconds,
      maxCutoffSeconds: LotteryConfig.maxCutoffSeconds(g),
      maxStakePerNumber: fromMinor(g.maxStakePerNumber),
      maxStakePerDraw: fromMinor(g.maxStakePerDraw),
    };
  }

  /** The console's page: the mode's bet types with odds and commission, and its games. */
  async view(
    mode: LotteryPrizeMode,
    games: readonly LotteryGame[],
    lang: 'en' | 'ne',
  ): Promise<AdminLotteryConfig> {
    await this.refreshSettings(true);
    const { odds, commissions } = await this.rates(mode);
    const family = mode === 'SEA' ? 'sea' : 'vn';
    const types = betTypesOf(family === 'sea' ? 'sea4d' : 'north');
    const shown = oddsView(odds);
    return {
      prizeMode: mode,
      betTypes: types.map((t) => ({
        betType: t,
        family,
        odds: shown[t] ?? '0',
        commission: percentOf(commissions[t] ?? 0),
      })),
      games: games.map((g) => this.gameView(g, lang)),
    };
  }
}
