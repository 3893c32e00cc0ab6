import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256Hex } from './fairness.ts';
import { mulDiv } from './money.ts';

/*
 * Crash points from a pre-committed hash chain.
 * - Chain: pick a secret 32-byte seed s (hex). h_N = s, h_{k-1} = sha256(h_k as its hex string).
 *   The terminating hash h_0 is published before round 1; round k uses h_k, so revealing it lets
 *   anyone hash forward k times to h_0 and see it was fixed in advance.
 * - Round hash: if a public salt was announced with h_0 (e.g. a future block hash, so the operator
 *   could not shop for a chain), the round hash is HMAC-SHA256(key = h_k hex, msg = salt), else h_k.
 * - Point: h = first 52 bits (13 hex digits) of the round hash, e = 2^52,
 *   point = max(100, floor(99 × e / (e − h))) / 100.
 *   P(point ≥ x) = 0.99 / x for every x ≥ 1.01 (up to 2^-52), so cashing out at any x returns
 *   exactly 99 %: a 1 % house edge. Points below 1.00 are lifted to 1.00: a 1.00 round busts at
 *   once (about 1 % of rounds) and pays nobody; cash-out targets start at 1.01.
 */
const E = 2n ** 52n;

export function roundHash(chainHash: string, salt?: string): string {
  return salt ? bytesToHex(hmac(sha256, utf8ToBytes(chainHash), utf8ToBytes(salt))) : chainHash;
}

/** Crash point in hundredths (198 = 1.98×). */
export function crashPointHundredths(chainHash: string, salt?: string): number {
  const h = BigInt(`0x${roundHash(chainHash, salt).slice(0, 13)}`);
  const p = (99n * E) / (E - h);
  return Number(p < 100n ? 100n : p);
}

export function crashPoint(chainHash: string, salt?: string): number {
  return crashPointHundredths(chainHash, salt) / 100;
}

/** The chain from a seed: index 0 is the terminating hash to publish, index n the seed itself. */
export function buildChain(seedHex: string, length: number): string[] {
  const out = new Array<string>(length + 1);
  out[length] = seedHex;
  for (let k = length; k > 0; k--) out[k - 1] = sha256Hex(out[k]!);
  return out;
}

/**
 * Which round a revealed hash belongs to: hashes forward until the terminating hash.
 * Returns the round number k (≥ 1), or null when it does not reach it within maxRounds.
 */
export function verifyChainHash(
  revealed: string,
  terminatingHash: string,
  maxRounds = 10_000_000,
): number | null {
  let h = revealed;
  for (let k = 1; k <= maxRounds; k++) {
    h = sha256Hex(h);
    if (h === terminatingHash) return k;
  }
  return null;
}

/** Gross return of a bet with auto cash-out at `target` hundredths (≥ 101). */
export function crashPayout(amount: number, targetHundredths: number, pointHundredths: number): number {
  return pointHundredths >= targetHundredths && pointHundredths > 100
    ? mulDiv(amount, targetHundredths, 100)
    : 0;
}

/** Point from a float (simulation): the same formula with h = floor(f × 2^52). */
export function crashPointFromFloat(f: number): number {
  const h = BigInt(Math.floor(f * 2 ** 52));
  const p = (99n * E) / (E - h);
  return Number(p < 100n ? 100n : p);
}
