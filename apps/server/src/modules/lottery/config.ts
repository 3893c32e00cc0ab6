import {
  type AdminLotteryConfig,
  type AdminLotteryOddsRow,
  fromMinor,
  LOTTERY_MAX_DRAW_LIMIT,
  LOTTERY_PRIZE_MODES,
  type LotteryBetTypeCode,
  type LotteryPrizeMode,
  type LotteryStructureCode,
  toMinor,
} from '@wps/contract';
import {
  betTypesOf,
  type Commissions,
  compareFractions,
  DEFAULT_COMMISSIONS,
  defaultOdds,
  familyOf,
  LOTTERY_RTP_LIMIT,
  LOTTERY_STRUCTURES,
  lotteryRtp,
  lotteryRtpByTier,
  MAX_ODDS_HUNDREDTHS,
  type Odds,
  PRIZE_MODE_STRUCTURES,
  rtpPercent,
} from '@wps/games';
import { and, inArray, sql } from 'drizzle-orm';
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
 * The operator's lottery configuration (issue 15): odds and commission per prize mode, draw
 * structure (issue 26) and bet type, and per game the limits per number and per draw and the cut-off. Every edit is validated
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

  /**
   * The odds and commissions of a prize mode on a draw structure: the shipped defaults with the
   * stored rows (one query). A ticket is bought, and so settled, at its game's structure's odds.
   */
  async rates(
    mode: LotteryPrizeMode,
    structure: LotteryStructureCode,
    tx?: Tx,
  ): Promise<{ odds: Odds; commissions: Commissions }> {
    return (await this.ratesOf([[mode, structure]], tx)).get(`${mode}:${structure}`)!;
  }

  /** Several (prize mode, structure) pairs' rates in one query, keyed `${mode}:${structure}`. */
  async ratesOf(
    pairs: ReadonlyArray<readonly [LotteryPrizeMode, LotteryStructureCode]>,
    tx?: Tx,
  ): Promise<Map<string, { odds: Odds; commissions: Commissions }>> {
    const out = new Map<string, { odds: Odds; commissions: Commissions }>();
    for (const [m, s] of pairs)
      out.set(`${m}:${s}`, { odds: { ...defaultOdds(m, s) }, commissions: { ...DEFAULT_COMMISSIONS[m] } });
    if (out.size === 0) return out;
    const modes = [...new Set(pairs.map(([m]) => m))];
    const structures = [...new Set(pairs.map(([, s]) => s))];
    const rows = await (tx ?? this.db)
      .select()
      .from(lotteryOdds)
      .where(and(inArray(lotteryOdds.prizeMode, modes), inArray(lotteryOdds.structure, structures)));
    for (const r of rows) {
      const rates = out.get(`${r.prizeMode}:${r.structure}`);
      if (!rates) continue;
      const t = r.betType as LotteryBetTypeCode;
      if (r.odds !== null) (rates.odds as Record<string, unknown>)[t] = r.odds;
      if (r.commissionBps !== null) rates.commissions[t] = r.commissionBps;
    }
    return out;
  }

  /**
   * The odds table (GET /wps/admin/lottery/odds): one row per prize mode, structure, bet type and
   * prize tier, each with its exact RTP.
   */
  async oddsRows(mode?: LotteryPrizeMode, structure?: LotteryStructureCode): Promise<AdminLotteryOddsRow[]> {
    const pairs = (mode ? [mode] : LOTTERY_PRIZE_MODES).flatMap((m) =>
      PRIZE_MODE_STRUCTURES[m].filter((s) => !structure || s === structure).map((s) => [m, s] as const),
    );
    const rates = await this.ratesOf(pairs);
    return pairs.flatMap(([m, s]) => LotteryConfig.rowsOf(m, s, rates.get(`${m}:${s}`)!));
  }

  private static rowsOf(
    mode: LotteryPrizeMode,
    structure: LotteryStructureCode,
    { odds, commissions }: { odds: Odds; commissions: Commissions },
  ): AdminLotteryOddsRow[] {
    return betTypesOf(structure).flatMap((t) => {
      const o = odds[t];
      const rtp = rtpPercent(lotteryRtp(structure, t, o));
      const base = {
        prizeMode: mode,
        structure,
        betType: t,
        rtp,
        commission: percentOf(commissions[t] ?? 0),
      };
      if (typeof o !== 'object') return [{ ...base, odds: multiplierOf(o ?? 0) }];
      const shares = lotteryRtpByTier(structure, t, o);
      // Tiers in the structure's prize order (P1, P2, P3, SP, CO).
      return LOTTERY_STRUCTURES[structure]
        .filter((slot) => o[slot.key] !== undefined)
        .map((slot) => ({
          ...base,
          tier: slot.key as AdminLotteryOddsRow['tier'],
          odds: multiplierOf(o[slot.key] ?? 0),
          tierRtp: rtpPercent(shares[slot.key]!),
        }));
    });
  }

  /**
   * Operator: one bet type's odds and/or commission of a prize mode on one structure, or on every
   * structure of the mode that offers the type when none is named (audited per structure). Odds
   * whose exact RTP reaches LOTTERY_RTP_LIMIT on any of them are refused whole: nothing stored.
   */
  async setRates(
    mode: LotteryPrizeMode,
    structure: LotteryStructureCode | undefined,
    betType: LotteryBetTypeCode,
    value: { odds?: string | Partial<Record<string, string>> | undefined; commission?: string | undefined },
    actor: Actor,
    ip: string,
  ): Promise<AdminLotteryOddsRow[]> {
    const sold = PRIZE_MODE_STRUCTURES[mode];
    if (structure && !sold.includes(structure))
      throw new AppError('VALIDATION', { fields: { structure: 'badRequest' } });
    const structures = (structure ? [structure] : sold).filter((s) => betTypesOf(s).includes(betType));
    if (structures.length === 0) throw new AppError('VALIDATION', { fields: { betType: 'badRequest' } });
    const hundredths = (m: string) => Math.round(Number(m) * 100);
    let odds: number | Record<string, number> | undefined;
    if (value.odds !== undefined) {
      const tiered = typeof defaultOdds(mode, structures[0]!)[betType] === 'object';
      if (tiered !== (typeof value.odds === 'object'))
        throw new AppError('VALIDATION', { fields: { odds: 'badRequest' } });
      odds =
        typeof value.odds === 'object'
          ? Object.fromEntries(Object.entries(value.odds).map(([k, v]) => [k, hundredths(v ?? '0')]))
          : hundredths(value.odds);
      const all = typeof odds === 'object' ? Object.values(odds) : [odds];
      if (all.length === 0 || all.some((h) => !(h > 0 && h <= MAX_ODDS_HUNDREDTHS)))
        throw new AppError('VALIDATION', { fields: { odds: 'badRequest' } });
      // Issue 26: the exact return on every structure the edit touches stays below the limit.
      for (const s of structures) {
        const rtp = lotteryRtp(s, betType, odds);
        if (compareFractions(rtp, LOTTERY_RTP_LIMIT) >= 0)
          throw new AppError('ODDS_ABOVE_RTP_LIMIT', {
            args: [rtpPercent(rtp), s, rtpPercent(LOTTERY_RTP_LIMIT)],
            extra: { structure: s, betType, rtp: rtpPercent(rtp), rtpLimit: rtpPercent(LOTTERY_RTP_LIMIT) },
          });
      }
    }
    const commissionBps = value.commission === undefined ? undefined : hundredths(value.commission);
    const before = await this.ratesOf(structures.map((s) => [mode, s] as const));
    await this.db.transaction(async (tx) => {
      for (const s of structures) {
        const was = before.get(`${mode}:${s}`)!;
        const set = {
          ...(odds !== undefined ? { odds } : {}),
          ...(commissionBps !== undefined ? { commissionBps } : {}),
          updatedBy: actor.account,
        };
        await tx
          .insert(lotteryOdds)
          .values({
            prizeMode: mode,
            structure: s,
            betType,
            odds: odds ?? null,
            commissionBps: commissionBps ?? null,
            ...set,
          })
          .onConflictDoUpdate({
            target: [lotteryOdds.prizeMode, lotteryOdds.structure, lotteryOdds.betType],
            set: { ...set, updatedAt: sql`now()` },
          });
        await this.deps.audit.record(
          {
            actor,
            action: 'lottery.odds.update',
            target: { type: 'lottery_odds', id: `${mode}:${s}:${betType}` },
            before: { odds: was.odds[betType] ?? null, commissionBps: was.commissions[betType] ?? 0 },
            after: {
              odds: odds ?? was.odds[betType] ?? null,
              commissionBps: commissionBps ?? was.commissions[betType] ?? 0,
            },
            ip,
          },
          tx,
        );
      }
    });
    return this.oddsRows(mode);
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

  /**
   * The console's page: per structure the mode sells, its bet types with odds, exact RTP and
   * commission; and the mode's games.
   */
  async view(
    mode: LotteryPrizeMode,
    games: readonly LotteryGame[],
    lang: 'en' | 'ne',
  ): Promise<AdminLotteryConfig> {
    await this.refreshSettings(true);
    const structures = PRIZE_MODE_STRUCTURES[mode];
    const rates = await this.ratesOf(structures.map((s) => [mode, s] as const));
    return {
      prizeMode: mode,
      betTypes: structures.flatMap((s) => {
        const { odds, commissions } = rates.get(`${mode}:${s}`)!;
        const shown = oddsView(odds);
        return betTypesOf(s).map((t) => ({
          structure: s,
          betType: t,
          family: familyOf(s),
          odds: shown[t] ?? '0',
          rtp: rtpPercent(lotteryRtp(s, t, odds[t])),
          commission: percentOf(commissions[t] ?? 0),
        }));
      }),
      rtpLimit: rtpPercent(LOTTERY_RTP_LIMIT),
      games: games.map((g) => this.gameView(g, lang)),
    };
  }
}
