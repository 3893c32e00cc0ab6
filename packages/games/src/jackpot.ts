import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToFloat } from './rng.ts';

/*
 * The progressive jackpot's trigger (docs/fairness.md, "Jackpot trigger"). Each eligible in-house
 * round is one draw with the round's own fairness inputs, the committed server seed, the player's
 * client seed and the round's nonce, through the same HMAC-SHA256 as the games:
 *   bytes = HMAC-SHA256(key = serverSeed as its hex string, msg = `${clientSeed}:${nonce}:jackpot:${poolId}`)
 *   u     = bytes 0..3 as a big-endian unsigned 32-bit integer (float = u / 2³², as the games read it)
 *   hit  ⇔ u × hitEvery < stake × 2³²    (chance = stake / hitEvery, at most 1)
 * The game's own messages end in a block number (digits), so a jackpot message never equals one
 * of them: the game's outcome and the trigger are independent draws of one commitment. The
 * comparison is in integers (paisa and a 32-bit draw), so the server and every verifier agree
 * exactly; a bigger stake has a proportionally bigger chance, so splitting a stake gains nothing.
 */

const TWO_POW_32 = 4_294_967_296n;

export interface JackpotDrawInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  poolId: number;
  /** The round's stake in paisa. */
  stake: bigint;
  /** The pool's "one hit per this much stake", in paisa (> 0). */
  hitEvery: bigint;
}

export interface JackpotDraw {
  /** The 32-bit draw. */
  draw: number;
  /** The same draw as the games' float in [0, 1). */
  float: number;
  /** The chance this round had (stake / hitEvery, at most 1). */
  chance: number;
  hit: boolean;
}

export function jackpotMessage(clientSeed: string, nonce: number, poolId: number): string {
  return `${clientSeed}:${nonce}:jackpot:${poolId}`;
}

export function jackpotDraw(input: JackpotDrawInput): JackpotDraw {
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0)
    throw new Error('nonce must be a non-negative integer');
  if (input.hitEvery <= 0n) throw new Error('hitEvery must be positive');
  const b = hmac(
    sha256,
    utf8ToBytes(input.serverSeed),
    utf8ToBytes(jackpotMessage(input.clientSeed, input.nonce, input.poolId)),
  );
  const draw = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const stake = input.stake > 0n ? input.stake : 0n;
  const hit = BigInt(draw) * input.hitEvery < stake * TWO_POW_32;
  const chance = stake >= input.hitEvery ? 1 : Number(stake) / Number(input.hitEvery);
  return { draw, float: bytesToFloat(b[0]!, b[1]!, b[2]!, b[3]!), chance, hit };
}
