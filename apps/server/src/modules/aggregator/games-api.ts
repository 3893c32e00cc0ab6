import type { Db } from '../../db/client.ts';
import { type ImportedGame, type ImportResult, upsertImportedGames } from '../games/catalogue-import.ts';
import { signBody } from './hub88-protocol.ts';
import { HUB88_VENDOR } from './hub88-protocol.ts';

/**
 * The calls we make to an aggregator (Games API,
 * https://docs.hub88.io/developer-docs/operator-api-reference/games-api): the game list for the
 * catalogue, a game URL for real or demo play, and a round's details for the betting record.
 */
export interface Hub88GamesApi {
  listGames(): Promise<Hub88Game[]>;
  /**
   * What a thumbnail given as a path is relative to: the aggregator's address, or '' for the
   * simulator, which is mounted on this very site (its paths stay paths on our origin).
   */
  imageBaseUrl(): string;
  /** Real play: user and our session token. Demo: currency "XXX", user and token omitted (games-api page). */
  gameUrl(input: {
    gameCode: string;
    user?: string;
    token?: string;
    currency: string;
    lang: string;
    platform: 'GPL_DESKTOP' | 'GPL_MOBILE';
    lobbyUrl?: string;
    country?: string;
    ip?: string;
  }): Promise<{ url: string }>;
  roundDetails(input: {
    user: string;
    round: string;
    transactionUuid: string;
  }): Promise<Record<string, unknown>>;
}

/**
 * The Freebets API we call (https://docs.hub88.io/developer-docs/operator-api-reference/freebets-api):
 * the prepaids (reward templates per game and currency) and creating a single-use reward from one.
 */
export interface Hub88FreebetsApi {
  listPrepaids(gameCode?: string): Promise<Hub88Prepaid[]>;
  createReward(input: Hub88RewardCreate): Promise<Hub88Reward>;
}

/**
 * A prepaid as /freebet/prepaids/list answers it: "a reward template which specifies obtainable
 * rounds or spins (bet_count), value of each round or spin (bet_value), and the currency"; a null
 * bet_value or bet_count leaves it to the operator. `bonus_buy` prepaids buy a bonus, not spins.
 */
export interface Hub88Prepaid {
  prepaid_uuid: string;
  game_code: string;
  currency: string;
  bet_value: number | null;
  bet_count: number | null;
  bonus_buy?: boolean;
  meta?: Record<string, unknown>;
}

/**
 * The body of /freebet/rewards/create for a single-use reward, field for field (freebets-api page):
 * user, the prepaid, game_code, currency, bet_value (Int64 × 100000) and bet_count (used when the
 * prepaid leaves them NULL), start_time / end_time (ISO 8601 Extended, YYYY-MM-DDThh:mm:ss: "We
 * strongly recommend that you set the start / end dates … Otherwise, the rewards will
 * automatically expire in several weeks"), and our own reference of the reward ("The unique
 * reference of reward on the Operator's side", operator_reference, the name the campaigns list
 * filters by, api-changelog/august-2025). operator_id is added by the client.
 */
export interface Hub88RewardCreate {
  user: string;
  prepaid_uuid: string;
  game_code: string;
  currency: string;
  bet_value: number;
  bet_count: number;
  start_time: string;
  end_time: string;
  operator_reference: string;
}

/** A reward as Hub88 answers it ("Hub88 reward item"); status FRS_ACTIVE and the others it lists. */
export interface Hub88Reward {
  reward_uuid: string;
  status: string;
  user?: string;
  game_code?: string;
  currency?: string;
  bet_value?: number;
  bet_count?: number;
  prepaid_uuid?: string;
  start_time?: string;
  end_time?: string;
  operator_reference?: string;
}

export interface Hub88Game {
  game_code: string;
  name: string;
  product: string;
  category: string;
  url_thumb?: string;
  url_background?: string;
  freebet_support?: boolean;
  demo_game_support?: boolean;
  enabled?: boolean;
  platforms?: string[];
}

export class Hub88ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The HTTP client: every body signed with our key in X-Hub88-Signature, operator_id in the body. */
export class Hub88GamesClient implements Hub88GamesApi, Hub88FreebetsApi {
  constructor(
    private readonly opts: {
      baseUrl: () => string;
      operatorId: number;
      privateKey: string;
      timeoutMs?: number;
      /** See Hub88GamesApi.imageBaseUrl (default: the API's address). */
      imageBaseUrl?: () => string;
    },
  ) {}

  imageBaseUrl(): string {
    return (this.opts.imageBaseUrl ?? this.opts.baseUrl)();
  }

  private async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const raw = JSON.stringify({ ...body, operator_id: this.opts.operatorId });
    const res = await fetch(`${this.opts.baseUrl()}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': signBody(this.opts.privateKey, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    // Hub88 errors are an HTTP status with {"error": …} (operator-api-overview/error-codes page).
    if (!res.ok) throw new Hub88ApiError(res.status, text.slice(0, 300));
    return JSON.parse(text) as T;
  }

  listGames() {
    return this.post<Hub88Game[]>('/operator/generic/v2/game/list', {});
  }

  gameUrl(i: Parameters<Hub88GamesApi['gameUrl']>[0]) {
    return this.post<{ url: string }>('/operator/generic/v2/game/url', {
      game_code: i.gameCode,
      currency: i.currency,
      lang: i.lang,
      platform: i.platform,
      ...(i.user ? { user: i.user } : {}),
      ...(i.token ? { token: i.token } : {}),
      ...(i.lobbyUrl ? { lobby_url: i.lobbyUrl } : {}),
      ...(i.country ? { country: i.country } : {}),
      ...(i.ip ? { ip: i.ip } : {}),
    });
  }

  listPrepaids(gameCode?: string) {
    // game_code is optional on the page: without it, every game's prepaids.
    return this.post<Hub88Prepaid[]>(
      '/operator/generic/v2/freebet/prepaids/list',
      gameCode ? { game_code: gameCode } : {},
    );
  }

  createReward(input: Hub88RewardCreate) {
    return this.post<Hub88Reward>('/operator/generic/v2/freebet/rewards/create', { ...input });
  }

  roundDetails(i: { user: string; round: string; transactionUuid: string }) {
    return this.post<Record<string, unknown>>('/operator/generic/v2/game/round', {
      user: i.user,
      round: i.round,
      transaction_uuid: i.transactionUuid,
    });
  }
}

/** Our game type for an aggregator category (SPEC §3 game types). */
export function gameTypeOf(category: string): string {
  const c = category.toLowerCase();
  if (c.includes('live')) return 'LIVE';
  if (c.includes('fish')) return 'FISH';
  if (c.includes('sport')) return 'SPORTS';
  if (c.includes('poker') || c.includes('card')) return 'PVP';
  return 'RNG';
}

/** A catalogue vendor code per provider, within the catalogue's `^[A-Z0-9_]{1,32}$`. */
export const vendorCodeOf = (product: string) =>
  `H88_${product.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`.slice(0, 32).replace(/_+$/, '');

/**
 * The provider's thumbnail as our catalogue keeps it (issue 27): an https (or http) URL as sent, a
 * path resolved against the aggregator's address, or, for the simulator on our own site (base
 * ''), the path itself. Anything else (another scheme, an over-long or malformed value) is no
 * picture, and the tile falls back to one we draw.
 */
export function imageUrlOf(thumb: unknown, base: string): string | null {
  if (typeof thumb !== 'string' || thumb.length === 0 || thumb.length > 500) return null;
  if (base === '') return /^\/[^/\\]/.test(thumb) && !/[\s"'<>]/.test(thumb) ? thumb : null;
  try {
    const url = new URL(thumb, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Imports the aggregator's game list into the catalogue (games module). */
export async function importHub88Catalogue(
  db: Db,
  api: Pick<Hub88GamesApi, 'listGames' | 'imageBaseUrl'>,
): Promise<ImportResult> {
  const list = await api.listGames();
  const mapped: ImportedGame[] = list
    .filter(
      (g) => typeof g.game_code === 'string' && g.game_code.length <= 100 && typeof g.product === 'string',
    )
    .map((g) => ({
      vendor: vendorCodeOf(g.product),
      vendorName: g.product.slice(0, 60),
      gameType: gameTypeOf(String(g.category ?? '')),
      gameCode: g.game_code,
      name: String(g.name ?? g.game_code).slice(0, 100),
      demo: g.demo_game_support === true,
      enabled: g.enabled !== false,
      imageUrl: imageUrlOf(g.url_thumb, api.imageBaseUrl()),
    }));
  return upsertImportedGames(db, HUB88_VENDOR, mapped);
}
