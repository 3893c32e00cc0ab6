import { INHOUSE_HTTP_GAMES } from './inhouse-games.ts';

/*
 * The jackpot's constants, apart from its schemas (jackpot.ts): the player site's first route reads
 * the poll interval, and a module with zod schemas at its top level would bring zod into it
 * (26.6 KiB gzipped at start-up, over the first-route budget).
 */

/** Games that can feed a pool: the in-house games played round by round with the member's seed pair. */
export const JACKPOT_GAMES = INHOUSE_HTTP_GAMES;
/** The vendor code of the games a pool covers (the catalogue's `vassalage`). */
export const JACKPOT_VENDOR = 'INHOUSE';
/** Contribution share in basis points: at most 10% of a stake goes into a pool. */
export const JACKPOT_MAX_SHARE_BPS = 1000;
/** How often the player site asks for the pools (the figure is the ledger's, never animated). */
export const JACKPOT_POLL_MS = 10_000;
/**
 * The ticker's socket (public, no session): `{t: 'pools', pools}` at open and whenever the pools
 * change. While it is open the page does not poll; closed, it polls every JACKPOT_POLL_MS.
 */
export const JACKPOT_WS_PATH = '/wps/jackpot/ws';
/** How often an instance with ticker sockets open reads the pools (one read for all its sockets). */
export const JACKPOT_PUSH_CHECK_MS = 1_000;
