import { createHash, randomBytes } from 'node:crypto';
import {
  type CompleteLocale,
  CURRENCY,
  fromMinor,
  type Game,
  type GameMenus,
  GAMES_LIMITS,
  type GamesQuery,
  isTrialType,
  JACKPOT_VENDOR,
  type JackpotWin,
  onCdn,
  type Page,
  toMinor,
} from '@wps/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { BetsService, VendorRounds } from '../bets/service.ts';
import type { MembersService } from '../members/service.ts';
import { INHOUSE_VENDOR } from '../inhouse/rounds.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { Catalogue, type GameRow, playable, type Snapshot, toGame } from './catalogue.ts';
import { PopularGames } from './popular.ts';
import { type TrialLaunchDeps, trialPlayer } from './trial-launch.ts';
import { gameFavorites, gameLaunchTokens, gameRecent, gameVendors, games } from './schema.ts';

export type NewVendor = Omit<typeof gameVendors.$inferInsert, 'createdAt' | 'updatedAt'>;
export type NewGame = Omit<typeof games.$inferInsert, 'id' | 'updatedAt'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Winner names are shown to everyone: the first two and last two characters, e.g. de***01. */
export function maskName(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

const pageOf = <T>(content: T[], total: number, pageNo: number, pageSize: number): Page<T> => ({
  content,
  pageNum: pageNo,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

/** Fills a vendor's launch URL template. Values are URL-encoded; unknown placeholders stay. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? encodeURIComponent(values[key]!) : whole,
  );
}

/**
 * The games catalogue and everything a player does with it: lists, favourites, recent games,
 * launching, winners, and the betting record (read from the bets module's record).
 */
export class GamesService {
  readonly catalogue: Catalogue;
  /** The public popular list (most played, briefly cached). */
  readonly popular: PopularGames;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      bets: BetsService;
      members: MembersService;
      wallet: WalletService;
      /** SPEC §9: a launch on our own origin goes through one of these, chosen at random. */
      launchGameCdns?: readonly string[];
      /**
       * Recent jackpot wins (modules/jackpot): the winners board announces them with the rounds.
       * A function passed by services.ts (the jackpot module is made later and reads this
       * module's name masking); required, so a server built without it fails at start-up.
       */
      jackpotWinners: (limit: number) => Promise<JackpotWin[]>;
      /** Signed-in players' free trial (trial-launch.ts): the flag, limits and twin sessions. */
      trial: TrialLaunchDeps;
    },
  ) {
    this.catalogue = new Catalogue(db);
    this.popular = new PopularGames(this.catalogue, deps.bets);
  }

  /** Adds the vendors and games not there yet (by code; by vendor and game code); true when any was added. */
  async ensureCatalogue(vendors: NewVendor[], list: NewGame[]): Promise<boolean> {
    const added = await this.db.transaction(async (tx) => {
      const v = await tx
        .insert(gameVendors)
        .values(vendors)
        .onConflictDoNothing()
        .returning({ code: gameVendors.code });
      let n = v.length;
      for (let i = 0; i < list.length; i += 200) {
        const g = await tx
          .insert(games)
          .values(list.slice(i, i + 200))
          .onConflictDoNothing()
          .returning({ id: games.id });
        n += g.length;
      }
      return n;
    });
    this.catalogue.invalidate();
    return added > 0;
  }

  async menus(locale: CompleteLocale): Promise<{ body: GameMenus; etag: string }> {
    const snap = await this.catalogue.snapshot();
    return this.catalogue.menus(snap, locale);
  }

  /** Games a player can see: enabled, of an enabled vendor (maintenance still shows, marked). */
  private visible(snap: Snapshot): GameRow[] {
    return snap.games.filter((g) => g.enabled && snap.vendorByCode.get(g.vendor)?.enabled);
  }

  async list(q: GamesQuery, memberId: number | null, locale: CompleteLocale): Promise<Page<Game>> {
    const snap = await this.catalogue.snapshot();
    let rows = this.visible(snap);
    if (q.gameType) rows = rows.filter((g) => g.gameType === q.gameType);
    if (q.gameClassify) rows = rows.filter((g) => g.gameClass === q.gameClassify);
    if (q.vassalage) rows = rows.filter((g) => g.vendor === q.vassalage);
    if (q.keyword) {
      const k = q.keyword.toLowerCase();
      rows = rows.filter(
        (g) =>
          g.nameEn.toLowerCase().includes(k) ||
          g.nameNe.includes(q.keyword!) ||
          g.gameCode.toLowerCase().includes(k),
      );
    }
    if (q.filter === 'HOT') rows = rows.filter((g) => g.isHot);
    if (q.filter === 'NEW') rows = rows.filter((g) => g.isNew);
    if (q.filter === 'FAV' || q.filter === 'RECENT') {
      if (memberId === null) throw new AppError('UNAUTHORIZED');
      const order =
        q.filter === 'FAV' ? await this.favoriteGameIds(memberId) : await this.recentGameIds(memberId);
      const rank = new Map(order.map((id, i) => [id, i]));
      rows = rows.filter((g) => rank.has(g.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
    }
    const start = (q.pageNo - 1) * q.pageSize;
    return pageOf(
      rows.slice(start, start + q.pageSize).map((g) => toGame(g, locale)),
      rows.length,
      q.pageNo,
      q.pageSize,
    );
  }

  async vendorGameTypes(vendor: string): Promise<string[]> {
    const snap = await this.catalogue.snapshot();
    const types = new Set(
      this.visible(snap)
        .filter((g) => g.vendor === vendor)
        .map((g) => g.gameType),
    );
    return [...types];
  }

  async hot(gameType: string | undefined, locale: CompleteLocale): Promise<Game[]> {
    const snap = await this.catalogue.snapshot();
    return this.visible(snap)
      .filter((g) => g.isHot && (!gameType || g.gameType === gameType))
      .slice(0, 50)
      .map((g) => toGame(g, locale));
  }

  /** Newest favourite first. */
  private async favoriteGameIds(memberId: number): Promise<number[]> {
    const rows = await this.db
      .select({ gameId: gameFavorites.gameId })
      .from(gameFavorites)
      .where(eq(gameFavorites.memberId, memberId))
      .orderBy(desc(gameFavorites.createdAt), desc(gameFavorites.gameId));
    return rows.map((r) => r.gameId);
  }

  private async recentGameIds(memberId: number): Promise<number[]> {
    const rows = await this.db
      .select({ gameId: gameRecent.gameId })
      .from(gameRecent)
      .where(eq(gameRecent.memberId, memberId))
      .orderBy(desc(gameRecent.playedAt), desc(gameRecent.gameId))
      .limit(200);
    return rows.map((r) => r.gameId);
  }

  async favoriteIds(memberId: number): Promise<string[]> {
    const snap = await this.catalogue.snapshot();
    return (await this.favoriteGameIds(memberId)).flatMap((id) => snap.byId.get(id)?.nodeId ?? []);
  }

  async favorites(
    memberId: number,
    q: { pageNo: number; pageSize: number; gameType?: string | undefined },
    locale: CompleteLocale,
  ): Promise<Page<Game>> {
    const snap = await this.catalogue.snapshot();
    const rows = (await this.favoriteGameIds(memberId))
      .flatMap((id) => snap.byId.get(id) ?? [])
      .filter((g) => g.enabled && (!q.gameType || g.gameType === q.gameType));
    const start = (q.pageNo - 1) * q.pageSize;
    return pageOf(
      rows.slice(start, start + q.pageSize).map((g) => toGame(g, locale)),
      rows.length,
      q.pageNo,
      q.pageSize,
    );
  }

  private async gameByNode(nodeId: string): Promise<GameRow> {
    const g = (await this.catalogue.snapshot()).byNodeId.get(nodeId);
    if (!g) throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound' });
    return g;
  }

  /** Idempotent: adding twice keeps one favourite. */
  async addFavorite(memberId: number, nodeId: string): Promise<void> {
    const g = await this.gameByNode(nodeId);
    await this.db.insert(gameFavorites).values({ memberId, gameId: g.id }).onConflictDoNothing();
  }

  /** Idempotent: removing one that is not there is not an error. */
  async removeFavorite(memberId: number, nodeId: string): Promise<void> {
    const g = (await this.catalogue.snapshot()).byNodeId.get(nodeId);
    if (!g) return;
    await this.db
      .delete(gameFavorites)
      .where(and(eq(gameFavorites.memberId, memberId), eq(gameFavorites.gameId, g.id)));
  }

  async recent(
    memberId: number,
    q: { page: number; pageSize: number; gameType?: string | undefined },
    locale: CompleteLocale,
  ): Promise<{ list: Game[]; pageNum: number; totalPages: number; total: number }> {
    const snap = await this.catalogue.snapshot();
    const rows = (await this.recentGameIds(memberId))
      .flatMap((id) => snap.byId.get(id) ?? [])
      .filter((g) => g.enabled && (!q.gameType || g.gameType === q.gameType));
    const start = (q.page - 1) * q.pageSize;
    return {
      list: rows.slice(start, start + q.pageSize).map((g) => toGame(g, locale)),
      pageNum: q.page,
      total: rows.length,
      totalPages: Math.ceil(rows.length / q.pageSize),
    };
  }

  /** Up to six playable games of the same class (and type) as a game under maintenance (SPEC §8). */
  async suggestions(game: GameRow, locale: CompleteLocale): Promise<Game[]> {
    const snap = await this.catalogue.snapshot();
    return snap.games
      .filter(
        (g) =>
          g.id !== game.id &&
          g.gameType === game.gameType &&
          g.gameClass === game.gameClass &&
          playable(g, snap.vendorByCode.get(g.vendor)),
      )
      .sort((a, b) => Number(b.isHot) - Number(a.isHot) || a.sort - b.sort || b.id - a.id)
      .slice(0, GAMES_LIMITS.maintenanceSuggestions)
      .map((g) => toGame(g, locale));
  }

  /**
   * A one-time launch: a random token (stored hashed) bound to the member, the game and a short
   * expiry, put into the vendor's URL template; the vendor redeems it once (redeemLaunch).
   * `trial` (a signed-in player's free-trial button): the launch is made for the player's trial
   * twin (trial-launch.ts), never for the player, so the vendor only ever hears the twin's name.
   */
  async launch(
    principal: Principal,
    input: { gameId: number; device: string; language: CompleteLocale; trial?: boolean; ip?: string | null },
  ): Promise<{ url: string; trial: boolean; expiresAt: string; trialToken?: string }> {
    if (principal.role === 'operator') throw new AppError('FORBIDDEN');
    const snap = await this.catalogue.snapshot();
    const game = snap.byId.get(input.gameId);
    const vendor = game ? snap.vendorByCode.get(game.vendor) : undefined;
    if (!game || !vendor || !game.enabled || !vendor.enabled) {
      // A disabled game is, for the player, a game under maintenance: offer others.
      if (game) throw this.maintenance(await this.suggestions(game, input.language));
      throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound' });
    }
    if (!playable(game, vendor)) throw this.maintenance(await this.suggestions(game, input.language));
    // SPEC §4: a trial player is told a real account is needed (free trial is supportPlay 0 only).
    if (principal.role === 'trial' && game.supportPlay !== 0)
      throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    // A real player's free trial plays as the twin; a trial member plays as itself.
    const twin =
      input.trial && principal.role !== 'trial'
        ? await trialPlayer(this.deps.members, this.deps.trial, principal.memberId, game, input.ip ?? null)
        : null;
    const memberId = twin?.id ?? principal.memberId;
    const trial = twin !== null || principal.role === 'trial';
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + GAMES_LIMITS.launchTokenSeconds * 1000);
    await this.db.insert(gameLaunchTokens).values({
      tokenHash: hashToken(token),
      memberId,
      gameId: game.id,
      // Only the seamless vendor that plays this vendor's games may redeem it.
      vendor: vendor.walletVendor ?? vendor.code,
      trial,
      language: input.language,
      expiresAt,
    });
    // The player's own recent list shows the game they opened, trial or not.
    await this.touchRecent(principal.memberId, game.id);
    const url = fillTemplate(vendor.launchUrlTemplate, {
      token,
      gameCode: game.gameCode,
      gameType: game.gameType,
      gameClass: game.gameClass,
      vendor: vendor.code,
      language: input.language,
      device: input.device,
      trial: trial ? '1' : '0',
    });
    const out = {
      url: onCdn(url, this.deps.launchGameCdns ?? []),
      trial,
      expiresAt: expiresAt.toISOString(),
    };
    // Our own games are pages of this site played with a session: the twin's (see trial-launch.ts).
    if (twin && game.vendor === INHOUSE_VENDOR)
      return { ...out, trialToken: await this.deps.trial.openSession(twin.id) };
    return out;
  }

  private maintenance(suggestions: Game[]): AppError {
    return new AppError('GAME_MAINTENANCE', { extra: { suggestions } });
  }

  async touchRecent(memberId: number, gameId: number): Promise<void> {
    await this.db
      .insert(gameRecent)
      .values({ memberId, gameId })
      .onConflictDoUpdate({
        target: [gameRecent.memberId, gameRecent.gameId],
        set: { playedAt: sql`now()` },
      });
  }

  /**
   * The vendor exchanges a launch token for the player's session, once: the conditional update
   * is the single-use gate, so two concurrent redemptions cannot both succeed.
   */
  async redeemLaunch(
    vendor: string,
    token: string,
  ): Promise<{
    username: string;
    currency: string;
    balance: string;
    gameCode: string;
    trial: boolean;
    language: string;
  }> {
    const [row] = await this.db
      .update(gameLaunchTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(gameLaunchTokens.tokenHash, hashToken(token)),
          eq(gameLaunchTokens.vendor, vendor),
          isNull(gameLaunchTokens.usedAt),
          gt(gameLaunchTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw new AppError('UNAUTHORIZED', { messageKey: 'launchTokenInvalid' });
    const member = await this.deps.members.getById(row.memberId);
    const game = (await this.catalogue.snapshot()).byId.get(row.gameId);
    if (!member || !game || member.status !== 'active')
      throw new AppError('UNAUTHORIZED', { messageKey: 'launchTokenInvalid' });
    const trial = row.trial || isTrialType(member.type);
    if (trial) await this.deps.wallet.ensureTrial(member.id);
    const balance = await this.deps.wallet.balance(
      trial ? Accounts.trial(member.id) : Accounts.cash(member.id),
    );
    return {
      username: member.account,
      currency: CURRENCY,
      balance: fromMinor(balance),
      gameCode: game.gameCode,
      trial,
      language: row.language,
    };
  }

  async rooms(vendor: string | undefined, locale: CompleteLocale) {
    const snap = await this.catalogue.snapshot();
    return this.visible(snap)
      .filter((g) => g.gameType === 'LIVE' && (!vendor || g.vendor === vendor))
      .map((g) => {
        const game = toGame(g, locale);
        return {
          gameId: g.id,
          nodeId: g.nodeId,
          vassalage: g.vendor,
          gameCode: g.gameCode,
          displayName: game.displayName,
          gameClass: game.gameClass,
          minBet: fromMinor(g.minBet ?? 1_000n),
          maxBet: fromMinor(g.maxBet ?? 5_000_000n),
          maintenance: !playable(g, snap.vendorByCode.get(g.vendor)),
          iconUrl: game.iconUrl,
        };
      });
  }

  /** Names shown for a bet's game (the catalogue's, or the code when the game is not in it). */
  async gameFor(vendor: string, gameCode: string | null): Promise<GameRow | undefined> {
    if (!gameCode) return undefined;
    const snap = await this.catalogue.snapshot();
    // A vendor signing for games of several catalogue vendors (an aggregator, the sandbox) names them by code.
    return snap.byVendorCode.get(`${vendor}|${gameCode}`) ?? snap.byCode.get(gameCode);
  }

  /** The display name of a catalogue vendor in the reader's language (its code when it is not in the catalogue). */
  async vendorName(code: string, locale: CompleteLocale): Promise<string> {
    const v = (await this.catalogue.snapshot()).vendorByCode.get(code);
    return v ? (locale === 'ne' ? v.nameNe : v.nameEn) : code;
  }

  /**
   * Which rows of the bets record are rounds of catalogue vendor `vendor`, as `gameFor` names
   * them: the rows it signed itself, and rows another signer (an aggregator, the sandbox vendor)
   * sent for one of its games, which carry the signer's code but the game's. `gameFor` takes a
   * signer's own game of that code first, so a code another catalogue vendor also has is this
   * vendor's only when that other vendor did not sign it.
   */
  async vendorRounds(vendor: string): Promise<VendorRounds> {
    const snap = await this.catalogue.snapshot();
    const owners = new Map<string, string[]>();
    for (const g of snap.games) owners.set(g.gameCode, [...(owners.get(g.gameCode) ?? []), g.vendor]);
    const codes: string[] = [];
    const shared: Array<{ code: string; notSignedBy: string[] }> = [];
    for (const [code, byCode] of owners) {
      if (snap.byCode.get(code)?.vendor !== vendor) continue;
      const others = byCode.filter((v) => v !== vendor);
      if (others.length === 0) codes.push(code);
      else shared.push({ code, notSignedBy: [...new Set(others)] });
    }
    return { vendor, codes, shared };
  }

  async winners(
    q: { gameCategory: string; limitNum: number; sort: 'LATEST' | 'BIGGEST'; minPayout?: bigint },
    locale: CompleteLocale,
  ) {
    const rows = await this.deps.bets.winners({
      gameType: q.gameCategory === 'ALL' ? undefined : q.gameCategory,
      limit: q.limitNum,
      sort: q.sort,
      ...(q.minPayout ? { minPayout: q.minPayout } : {}),
    });
    const accounts = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.memberId))) {
      const m = await this.deps.members.getById(id);
      accounts.set(id, m?.account ?? '');
    }
    const list = [];
    for (const r of rows) {
      const g = await this.gameFor(r.vendor, r.gameCode);
      const game = g ? toGame(g, locale) : null;
      list.push({
        customerName: maskName(accounts.get(r.memberId) ?? ''),
        winAmount: fromMinor(r.payout),
        iconUrl: game?.iconUrl ?? '',
        gameName: game?.displayName ?? r.gameCode ?? r.vendor,
        gameId: game?.gameId ?? null,
        vassalage: r.vendor,
        time: r.time.toISOString(),
      });
    }
    if (q.gameCategory === 'ALL') {
      for (const w of await this.deps.jackpotWinners(q.limitNum)) {
        if (q.minPayout && toMinor(w.amount) < q.minPayout) continue;
        const g = w.game ? await this.gameFor(JACKPOT_VENDOR, w.game) : undefined;
        const game = g ? toGame(g, locale) : null;
        list.push({
          customerName: w.customerName,
          winAmount: w.amount,
          iconUrl: game?.iconUrl ?? '',
          gameName: w.poolName,
          gameId: game?.gameId ?? null,
          vassalage: JACKPOT_VENDOR,
          time: w.time,
        });
      }
      // The board's own order, jackpot wins among the rounds.
      list.sort((a, b) =>
        q.sort === 'BIGGEST'
          ? Number(toMinor(b.winAmount) - toMinor(a.winAmount))
          : b.time.localeCompare(a.time),
      );
      list.splice(q.limitNum);
    }
    return list;
  }

  /** Expired launch tokens are dead weight: a job may call this. */
  async purgeLaunchTokens(): Promise<void> {
    await this.db
      .delete(gameLaunchTokens)
      .where(sql`${gameLaunchTokens.expiresAt} < now() - interval '1 day'`);
  }
}
