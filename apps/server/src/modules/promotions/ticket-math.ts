import { fromMinor, type Prize, type PrizeInput, prizeProbability, toMinor } from '@wps/contract';
import { fairFloats, weightedPick } from '@wps/games';
import type { StoredPrize } from './schema.ts';

/*
 * The pure part of reward tickets: prize tables as stored and shown, and the draw. The draw is the
 * in-house construction's float 0 at the member's nonce, mapped by `weightedPick` (the same
 * function the verifier runs): bucket = floor(float × total weight), the prize whose cumulative
 * weight range holds the bucket.
 */

export const totalWeight = (prizes: readonly StoredPrize[]): number =>
  prizes.reduce((a, p) => a + p.weight, 0);

export function toStored(p: PrizeInput): StoredPrize {
  const money = p.type === 'cash' || p.type === 'bonus';
  return {
    type: p.type,
    label: p.label,
    amount: money && p.amount !== null ? toMinor(p.amount).toString() : null,
    points: p.type === 'points' ? p.points : null,
    wageringMultiplier: p.type === 'bonus' ? p.wageringMultiplier : 0,
    weight: p.weight,
  };
}

export function prizeOut(p: StoredPrize, index: number, total: number): Prize {
  return {
    index,
    type: p.type,
    label: p.label,
    amount: p.amount === null ? null : fromMinor(BigInt(p.amount)),
    points: p.points,
    wageringMultiplier: p.wageringMultiplier,
    weight: p.weight,
    probability: prizeProbability(p.weight, total),
  };
}

export interface Draw {
  float: number;
  bucket: number;
  index: number;
}

/** The prize of one ticket from its seeds: float 0 of the round, weighted pick over the table. */
export function drawTicket(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  prizes: readonly StoredPrize[],
): Draw {
  const f = fairFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce).float(0);
  return pickFromFloat(f, prizes);
}

export function pickFromFloat(f: number, prizes: readonly StoredPrize[]): Draw {
  const weights = prizes.map((p) => p.weight);
  const total = weights.reduce((a, w) => a + w, 0);
  return { float: f, bucket: Math.floor(f * total), index: weightedPick(f, weights) };
}

/** What a prize pays, in the units the ledger and points take. */
export function payoutOf(p: StoredPrize): { cash: bigint; bonus: bigint; points: bigint } {
  const amount = p.amount === null ? 0n : BigInt(p.amount);
  return {
    cash: p.type === 'cash' ? amount : 0n,
    bonus: p.type === 'bonus' ? amount : 0n,
    points: p.type === 'points' ? BigInt(p.points ?? 0) : 0n,
  };
}
