import { bytesToFloat, FLOATS_PER_BLOCK, type FloatSource, type ReplayInput, replayWith } from '@wps/games';

/*
 * The verifier recomputes a round in the browser with Web Crypto: HMAC-SHA256(key = serverSeed
 * hex string, msg = `${clientSeed}:${nonce}:${cursor}`) per 32-byte block, 4 bytes per float —
 * the published construction — and runs the same engine code the server ran (replayWith).
 * Engines read floats synchronously, so a replay that reaches a block not computed yet stops,
 * the block is signed, and the replay runs again; a round needs a handful of blocks at most.
 */
class NeedBlock extends Error {
  constructor(readonly cursor: number) {
    super(`block ${cursor}`);
  }
}

const enc = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(text)));
  return [...d].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface VerifySeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** Block `cursor` of a round's byte stream, as hex (the page shows the first one). */
export async function blockHex(seeds: VerifySeeds, cursor: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(seeds.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const b = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, enc.encode(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`)),
  );
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export async function replayInBrowser(seeds: VerifySeeds, input: ReplayInput) {
  return runInBrowser(seeds, (src) => replayWith(src, input));
}

/** Any computation over a round's floats (an engine replay, a lottery draw), blocks signed on demand. */
export async function runInBrowser<T extends object>(seeds: VerifySeeds, run: (src: FloatSource) => T) {
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(seeds.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const blocks: Uint8Array[] = [];
  const src: FloatSource = {
    float(i) {
      const cursor = Math.floor(i / FLOATS_PER_BLOCK);
      const b = blocks[cursor];
      if (!b) throw new NeedBlock(cursor);
      const o = (i % FLOATS_PER_BLOCK) * 4;
      return bytesToFloat(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);
    },
  };
  for (let attempt = 0; attempt < 10_000; attempt++) {
    try {
      return { ...run(src), blocks: blocks.length };
    } catch (e) {
      if (!(e instanceof NeedBlock)) throw e;
      const msg = enc.encode(`${seeds.clientSeed}:${seeds.nonce}:${e.cursor}`);
      blocks[e.cursor] = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg));
    }
  }
  throw new Error('round needs too many blocks');
}
