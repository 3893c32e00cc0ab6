import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToFloat, type FloatSource } from './rng.ts';

/*
 * The provably fair construction (issue 11), identical to the one the best-known crypto casinos
 * publish so that their public vectors and outside verifiers apply:
 *   bytes(cursor) = HMAC-SHA256(key = serverSeed as its hex string, msg = `${clientSeed}:${nonce}:${cursor}`)
 *   float k       = bytes 4k..4k+3 of the concatenated blocks, b0/256 + b1/256² + b2/256³ + b3/256⁴
 * A 32-byte block gives 8 floats; cursor moves to the next block. Pure JS (noble) so the same code
 * runs in Node and in the browser verifier.
 */

export const FLOATS_PER_BLOCK = 8;

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The commitment shown before play: sha256 of the seed's hex string (not of its bytes). */
export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** A new server seed from 32 bytes the caller draws (crypto.getRandomValues / randomBytes). */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new Error('serverSeed needs exactly 32 random bytes');
  return bytesToHex(bytes);
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
// 1–64 printable ASCII characters; ':' is allowed because it sits before the nonce, whose digits end the message.
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

export function isValidServerSeed(s: string): boolean {
  return SERVER_SEED.test(s);
}

export function isValidClientSeed(s: string): boolean {
  return CLIENT_SEED.test(s);
}

/** Block number `cursor` of the round's byte stream (32 bytes). */
export function fairBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${cursor}`));
}

/**
 * The float source of one round. The HMAC key schedule is computed once per source and cloned per
 * block; blocks are cached because engines read floats in order and often re-read them.
 */
export function fairFloats(serverSeed: string, clientSeed: string, nonce: number): FloatSource {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('nonce must be a non-negative integer');
  const keyed = hmac.create(sha256, utf8ToBytes(serverSeed));
  const blocks: Uint8Array[] = [];
  const block = (cursor: number): Uint8Array => {
    let b = blocks[cursor];
    if (!b) {
      b = keyed
        .clone()
        .update(utf8ToBytes(`${clientSeed}:${nonce}:${cursor}`))
        .digest();
      blocks[cursor] = b;
    }
    return b;
  };
  return {
    float(i) {
      if (!Number.isInteger(i) || i < 0) throw new Error(`bad float index ${i}`);
      const b = block(Math.floor(i / FLOATS_PER_BLOCK));
      const o = (i % FLOATS_PER_BLOCK) * 4;
      return bytesToFloat(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);
    },
  };
}

/** The raw byte stream of a round (the dieharder dump and outside verifiers read this). */
export function fairBytes(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  blockCount: number,
): Uint8Array {
  const keyed = hmac.create(sha256, utf8ToBytes(serverSeed));
  const out = new Uint8Array(blockCount * 32);
  for (let c = 0; c < blockCount; c++) {
    out.set(
      keyed
        .clone()
        .update(utf8ToBytes(`${clientSeed}:${nonce}:${c}`))
        .digest(),
      c * 32,
    );
  }
  return out;
}

// Outcome mappings, one per kind of draw, so the verifier page shows the same numbers.
export const toRoulettePocket = (f: number): number => Math.floor(f * 37);
/** Dice roll in hundredths (0–10000 → 0.00–100.00); kept as an integer so comparisons are exact. */
export const toDiceHundredths = (f: number): number => Math.floor(f * 10001);
export const toCard = (f: number): number => Math.floor(f * 52);
export const toDie = (f: number): number => Math.floor(f * 6) + 1;
export const toDigit = (f: number): number => Math.floor(f * 10);
export const toReelStop = (f: number, reelLength: number): number => Math.floor(f * reelLength);

/**
 * Fisher–Yates over `0..n-1` with successive floats: at step i the element at
 * i + floor(f_i × (n − i)) is swapped into place i. The first `take` entries are the draw
 * (mines: the mine cells; keno: the drawn numbers in draw order).
 */
export function fisherYates(src: FloatSource, n: number, take: number, firstFloat = 0): number[] {
  const cells = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(src.float(firstFloat + i) * (n - i));
    const t = cells[i]!;
    cells[i] = cells[j]!;
    cells[j] = t;
  }
  return cells.slice(0, take);
}

/** A lottery result: `digits` digits by floor(f × 10), one float per digit in order (issue 15). */
export function drawDigits(src: FloatSource, digits: number, firstFloat = 0): string {
  let s = '';
  for (let i = 0; i < digits; i++) s += String(toDigit(src.float(firstFloat + i)));
  return s;
}

/**
 * A weighted pick (prize tables of ticket draws, issue 14): one float, weights as positive
 * integers so the probabilities shown to the player are exact fractions weight / total.
 */
export function weightedPick(f: number, weights: readonly number[]): number {
  const total = weights.reduce((a, w) => a + w, 0);
  let x = Math.floor(f * total);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}
