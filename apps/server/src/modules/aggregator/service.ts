import { createHash, randomBytes } from 'node:crypto';
import { CURRENCY, fromMinor, toMinor } from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type GameRow, playable } from '../games/catalogue.ts';
import type { GamesService } from '../games/service.ts';
import type { MembersService } from '../members/service.ts';
import type { SeamlessAnswer, SeamlessService } from '../seamless/service.ts';
import {
  type BalanceRequest,
  type BetRequest,
  type Hub88Status,
  minorToUnits,
  type RollbackRequest,
  type UserInfoRequest,
  unitsToMinor,
  type WalletResponse,
  type WinRequest,
  HUB88_VENDOR,
} from './hub88-protocol.ts';
import type { Hub88Freebets } from './freebets.ts';
import { aggregatorRequests, aggregatorSessions } from './schema.ts';

export { HUB88_VENDOR } from './hub88-protocol.ts';
const PROVIDER = 'hub88';
/** How long a launch token may place bets; wins and rollbacks never look at it (statuses page). */
export const SESSION_TTL_SECONDS = 4 * 60 * 60;

export type Hub88Endpoint =
  | 'user/info'
  | 'user/balance'
  | 'transaction/bet'
  | 'transaction/win'
  | 'transaction/rollback';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Outcome {
  body: WalletResponse;
  /** A business answer, replayed for a duplicate request_uuid; a fault (RS_ERROR_UNKNOWN from a throw) is not. */
  final: boolean;
}

/**
 * The Hub88 operator Wallet API over the seamless wallet. Money moves ONLY through
 * SeamlessService (bet/win/rollback under vendor HUB88): one ledger, one bets record, the same
 * transaction idempotency, rollback-before-bet and paid-round rules as every vendor. This class
 * adds what Hub88's protocol has on top: tokens, currency, protocol units, RS_* statuses and
 * request_uuid replay. Rules and their pages: hub88-protocol.ts.
 */
export class Hub88WalletService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      seamless: SeamlessService;
      members: MembersService;
      games: Pick<GamesService, 'catalogue'>;
      freebets: Hub88Freebets;
    },
  ) {}

  /**
   * The catalogue game a wallet call names: one of the aggregator's providers' games (a vendor
   * whose wallet is HUB88) with that game_code. Not the session's game: "In case of game
   * Suppliers with game lobby (Live Dealers), user can switch games within one game session …
   * game_code may change multiple times within one game session" (statuses page,
   * RS_ERROR_INVALID_GAME), so any game of ours is accepted on any session.
   */
  private async gameOf(gameCode: string): Promise<{ game: GameRow; playable: boolean } | null> {
    const snap = await this.deps.games.catalogue.snapshot();
    for (const g of snap.games) {
      if (g.gameCode !== gameCode) continue;
      const v = snap.vendorByCode.get(g.vendor);
      if (v?.walletVendor === HUB88_VENDOR) return { game: g, playable: playable(g, v) };
    }
    return null;
  }

  /** A game-session token for /game/url (the launch); the table keeps only its hash. */
  async openSession(
    memberId: number,
    gameCode: string,
    opts: { ttlSeconds?: number; currency?: string } = {},
  ): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.db.insert(aggregatorSessions).values({
      tokenHash: hashToken(token),
      provider: PROVIDER,
      memberId,
      gameCode,
      currency: opts.currency ?? CURRENCY,
      expiresAt: new Date(Date.now() + (opts.ttlSeconds ?? SESSION_TTL_SECONDS) * 1000),
    });
    return token;
  }

  /** Ends a session at once (the player closed the game, or a test simulates expiry). */
  async expireSession(token: string): Promise<void> {
    await this.db
      .update(aggregatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(aggregatorSessions.tokenHash, hashToken(token)));
  }

  /**
   * Runs one call with request_uuid idempotency: "requests with the same request_uuid are not
   * processed twice, while the response will be the same for all duplicate requests, excluding the
   * balance call" (https://docs.hub88.io/developer-docs/supplier-api-reference/wallet-api, the
   * same contract Hub88 holds its operators to). Reads (info, balance) are answered afresh.
   */
  async handle(
    endpoint: Hub88Endpoint,
    requestUuid: string,
    run: () => Promise<Outcome>,
  ): Promise<WalletResponse> {
    const replayable = endpoint.startsWith('transaction/');
    if (replayable) {
      const seen = await this.storedAnswer(requestUuid);
      if (seen) return seen;
    }
    let outcome: Outcome;
    try {
      outcome = await run();
    } catch (err) {
      // A fault is not an answer: the route logs it and answers RS_ERROR_UNKNOWN, unremembered.
      if (!(err instanceof AppError)) throw err;
      outcome = { body: { status: this.statusOfError(err, endpoint) }, final: true };
    }
    const body = { ...outcome.body, request_uuid: requestUuid };
    if (replayable && outcome.final) {
      const inserted = await this.db
        .insert(aggregatorRequests)
        .values({ provider: PROVIDER, requestUuid, endpoint, response: body })
        .onConflictDoNothing()
        .returning({ requestUuid: aggregatorRequests.requestUuid });
      // Two copies of one request raced: both answer what the first stored.
      if (inserted.length === 0) return (await this.storedAnswer(requestUuid)) ?? body;
    }
    return body;
  }

  private async storedAnswer(requestUuid: string): Promise<WalletResponse | null> {
    const [row] = await this.db
      .select({ response: aggregatorRequests.response })
      .from(aggregatorRequests)
      .where(and(eq(aggregatorRequests.provider, PROVIDER), eq(aggregatorRequests.requestUuid, requestUuid)));
    return (row?.response as WalletResponse | undefined) ?? null;
  }

  private statusOfError(err: unknown, endpoint: Hub88Endpoint): Hub88Status {
    if (!(err instanceof AppError)) return 'RS_ERROR_UNKNOWN';
    if (err.code === 'NOT_FOUND')
      return endpoint === 'transaction/win' || endpoint === 'transaction/rollback'
        ? 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
        : 'RS_ERROR_INVALID_TOKEN';
    // A disabled member, or player protection refusing the bet: "The user is disabled or locked
    // and can't place any new bets" (statuses page).
    if (err.code === 'FORBIDDEN' || endpoint === 'transaction/bet') return 'RS_ERROR_USER_DISABLED';
    return 'RS_ERROR_UNKNOWN';
  }

  /** The user's data (wallet-api page, /user/info). */
  async info(req: UserInfoRequest): Promise<Outcome> {
    const m = await this.deps.members.getByAccount(req.user);
    if (!m) return { body: { status: 'RS_ERROR_UNKNOWN' }, final: true };
    if (m.status !== 'active')
      return { body: { status: 'RS_ERROR_USER_DISABLED', user: m.account }, final: true };
    return { body: { status: 'RS_OK', user: m.account, country: 'NP' }, final: true };
  }

  /** Checks the launch token: ours, this user's, not expired, in this currency. */
  private async session(
    user: string,
    token: string,
  ): Promise<{ ok: true; currency: string } | { ok: false; status: Hub88Status }> {
    const [s] = await this.db
      .select()
      .from(aggregatorSessions)
      .where(
        and(eq(aggregatorSessions.tokenHash, hashToken(token)), eq(aggregatorSessions.provider, PROVIDER)),
      );
    const m = s ? await this.deps.members.getById(s.memberId) : null;
    if (!s || !m || m.account !== user.trim().toLowerCase())
      return { ok: false, status: 'RS_ERROR_INVALID_TOKEN' };
    if (s.expiresAt.getTime() <= Date.now()) return { ok: false, status: 'RS_ERROR_TOKEN_EXPIRED' };
    return { ok: true, currency: s.currency };
  }

  private answer(a: SeamlessAnswer, status: Hub88Status): WalletResponse {
    return {
      status,
      user: a.value.username,
      currency: a.value.currency,
      balance: minorToUnits(toMinor(a.value.balance)),
    };
  }

  private async withBalance(user: string, status: Hub88Status): Promise<Outcome> {
    const a = await this.deps.seamless.balance(HUB88_VENDOR, user);
    return { body: this.answer(a, status), final: true };
  }

  async balance(req: BalanceRequest): Promise<Outcome> {
    const s = await this.session(req.user, req.token);
    if (!s.ok) return { body: { status: s.status }, final: true };
    return this.withBalance(req.user, 'RS_OK');
  }

  async bet(req: BetRequest): Promise<Outcome> {
    const s = await this.session(req.user, req.token);
    if (!s.ok) return { body: { status: s.status }, final: true };
    // "The transaction currency is different from user's wallet currency" (statuses page).
    if (req.currency !== CURRENCY || s.currency !== CURRENCY)
      return this.withBalance(req.user, 'RS_ERROR_WRONG_CURRENCY');
    // "Unknown game_code" (statuses page): a game we do not have, or one the operator took out of
    // play (disabled, or under maintenance with its provider) takes no new bets.
    const game = await this.gameOf(req.game_code);
    if (!game?.playable) return this.withBalance(req.user, 'RS_ERROR_INVALID_GAME');
    // A free round of a reward we granted: nothing is debited (freebets.ts).
    if (req.is_free === true) return this.withBalance(req.user, await this.deps.freebets.freeBet(req));
    const minor = unitsToMinor(req.amount);
    if (minor === null) return this.withBalance(req.user, 'RS_ERROR_WRONG_TYPES');
    if (minor === 0n) return this.withBalance(req.user, 'RS_OK');
    const a = await this.deps.seamless.bet(HUB88_VENDOR, {
      txId: req.transaction_uuid,
      roundId: req.round,
      username: req.user,
      gameCode: req.game_code,
      amount: fromMinor(minor),
    });
    return { body: this.answer(a, betStatus(a)), final: true };
  }

  /**
   * A win. Its token is not checked: "Token validity must not be validated in case of wins and
   * rollbacks, since they might come after the bet has been played" (statuses page). A win retried
   * after a timeout carries the same transaction_uuid and is applied once (seamless txId).
   */
  async win(req: WinRequest): Promise<Outcome> {
    if (req.currency !== CURRENCY) return this.withBalance(req.user, 'RS_ERROR_WRONG_CURRENCY');
    // A game we never had is RS_ERROR_INVALID_GAME. A game disabled since its bet was taken still
    // pays: the stake was debited, and the round must settle whatever the operator did meanwhile.
    if (!(await this.gameOf(req.game_code))) return this.withBalance(req.user, 'RS_ERROR_INVALID_GAME');
    // A free round's win: credited with no debit behind it, under the reward's promotion (freebets.ts).
    if (req.is_free === true || req.reward_uuid)
      return this.withBalance(req.user, await this.deps.freebets.freeWin(req));
    const minor = unitsToMinor(req.amount);
    if (minor === null) return this.withBalance(req.user, 'RS_ERROR_WRONG_TYPES');
    // A losing round may close with a zero win: nothing moves.
    if (minor === 0n) return this.withBalance(req.user, 'RS_OK');
    const a = await this.deps.seamless.win(HUB88_VENDOR, {
      txId: req.transaction_uuid,
      roundId: req.round,
      username: req.user,
      amount: fromMinor(minor),
    });
    return { body: this.answer(a, winStatus(a)), final: true };
  }

  /** A rollback of a bet (token not checked, as for wins). */
  async rollback(req: RollbackRequest): Promise<Outcome> {
    const a = await this.deps.seamless.rollback(HUB88_VENDOR, {
      txId: req.transaction_uuid,
      refTxId: req.reference_transaction_uuid,
      username: req.user,
    });
    return { body: this.answer(a, rollbackStatus(a)), final: true };
  }
}

/**
 * Seamless codes → RS_* (statuses page). IDEMPOTENCY_CONFLICT is Hub88's duplicate: "A transaction
 * with same transaction_uuid was sent, but there was a different reference transactionID, amount,
 * currency, round, user or game". A bet whose transaction_uuid a rollback already recorded
 * (rollback before bet, seamless CONFLICT) is the same case: that uuid is taken by a record that
 * differs from the bet in every field, so the late bet is refused and nothing is debited.
 */
function betStatus(a: SeamlessAnswer): Hub88Status {
  switch (a.code) {
    case 'OK':
      return 'RS_OK';
    case 'INSUFFICIENT_FUNDS':
      return 'RS_ERROR_NOT_ENOUGH_MONEY';
    case 'IDEMPOTENCY_CONFLICT':
    case 'CONFLICT':
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    default:
      return 'RS_ERROR_USER_DISABLED';
  }
}

/** RS_ERROR_TRANSACTION_DOES_NOT_EXIST: "the bet referenced in win request can't be found" — none, or rolled back. */
function winStatus(a: SeamlessAnswer): Hub88Status {
  switch (a.code) {
    case 'OK':
      return 'RS_OK';
    case 'ROUND_NOT_FOUND':
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    case 'IDEMPOTENCY_CONFLICT':
    case 'CONFLICT':
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    default:
      return 'RS_ERROR_UNKNOWN';
  }
}

/**
 * A rollback is RS_OK when the bet is refunded, was refunded already, or has not arrived (then it
 * is recorded and the late bet refused). Another user's transaction does not exist for this one;
 * a win, or a bet whose round already paid a win, is not rolled back (the round is final).
 */
function rollbackStatus(a: SeamlessAnswer): Hub88Status {
  switch (a.code) {
    case 'OK':
      return 'RS_OK';
    case 'NOT_FOUND':
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    case 'IDEMPOTENCY_CONFLICT':
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    default:
      return 'RS_ERROR_UNKNOWN';
  }
}
