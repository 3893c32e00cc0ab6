/**
 * The random source every engine reads: float number i of the round (0-based), in [0, 1).
 * Random access (not a stream) so that a multi-step game (blackjack, mines) can be stored as JSON
 * with the count of floats it has used and resumed later against the same seeds.
 */
export interface FloatSource {
  float(index: number): number;
}

/** Four bytes → b0/256 + b1/256² + b2/256³ + b3/256⁴ (the published construction). */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;
}

/**
 * A source that serves fixed floats (hand-worked tests, replaying a recorded round).
 * Reading past the end is a programming error, never a silent default.
 */
export function fixedFloats(values: readonly number[]): FloatSource {
  return {
    float(i) {
      const v = values[i];
      if (v === undefined) throw new Error(`fixedFloats: no float at index ${i}`);
      return v;
    },
  };
}

/** Floats that map to the given integers under floor(f × size): the centre of each bucket. */
export function floatsFor(values: readonly number[], size: number): number[] {
  return values.map((v) => (v + 0.5) / size);
}

/**
 * A fast non-cryptographic generator (sfc32) for simulations only: the RTP bench runs tens of
 * millions of rounds, far beyond what HMAC per block allows in the time. Never for real rounds.
 */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/**
 * Wraps a sequential generator as a per-round FloatSource: floats are drawn on first access and
 * kept, so random access within the round works while the generator keeps running across rounds.
 */
export class StreamRounds implements FloatSource {
  private buf: number[] = [];
  constructor(private readonly next: () => number) {}
  newRound(): this {
    this.buf.length = 0;
    return this;
  }
  float(i: number): number {
    while (this.buf.length <= i) this.buf.push(this.next());
    return this.buf[i]!;
  }
}
