import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrandStandIn } from '@wps/sandbox-vendor/drand';
import { crashPointHundredths, roundHash, verifyChainHash } from '@wps/games';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { STAND_IN_BEACON_PATH } from './crash-beacon.ts';
import {
  chainSeed,
  DRAND_QUICKNET,
  DrandHttpBeacon,
  httpTransport,
  roundAfter,
  roundDueAt,
} from './crash-salt.ts';
import { buildChain, CrashService, crashAfterMs } from './crash-service.ts';

/*
 * Issue 28: the crash chain's seed is kept out of the database (derived from a key held outside
 * it) and every round is salted with a drand beacon value fixed only after the chain is committed.
 */

describe('crash chain: derivation and the salted point (worked example, docs/fairness.md)', () => {
  const key = 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk-worked-example';
  const nonce = '0'.repeat(64);

  it('derives the seed as HMAC-SHA256(key, "crash-chain:" + nonce) and chains it', () => {
    const seed = chainSeed(key, nonce);
    expect(seed).toBe('87eddc350fa92313bd4ad241556689923a05dfc4768fc6c50f93eb8670ee5975');
    expect(buildChain(seed, 3)).toEqual([
      'ad338026f8b60b4c8a58ff656e9639cbb74af7d47cc8a10150a4d8f46bfe0ddd',
      'ea429739b7fe5dbc0cdb8a8338b8d93850730c4decf80a6bdc54b43db0e5a011',
      '49d05f2188b52653232bf3228dcc5322c2542467709cafc1c9d510dd7ef3be62',
      seed,
    ]);
    // Another key or nonce: another chain.
    expect(chainSeed(`${key}!`, nonce)).not.toBe(seed);
    expect(chainSeed(key, `1${nonce.slice(1)}`)).not.toBe(seed);
  });

  it('salts each round: HMAC-SHA256(key = h_k, message = salt), first 52 bits, 1 % edge', () => {
    const h1 = 'ea429739b7fe5dbc0cdb8a8338b8d93850730c4decf80a6bdc54b43db0e5a011';
    const salt = 'a'.repeat(64);
    expect(roundHash(h1, salt)).toBe('32ed361b172e419151d7f51469e055fee65aff5f5fbe3781751f979f24e41a68');
    // h = 0x32ed361b172e4, e = 2^52: floor(99·e/(e−h)) = 123 → 1.23×; unsalted it would be 11.65×.
    const h = BigInt('0x32ed361b172e4');
    const e = 2n ** 52n;
    expect(Number((99n * e) / (e - h))).toBe(123);
    expect(crashPointHundredths(h1, salt)).toBe(123);
    expect(crashPointHundredths(h1)).toBe(1165);
    expect(
      crashPointHundredths('49d05f2188b52653232bf3228dcc5322c2542467709cafc1c9d510dd7ef3be62', salt),
    ).toBe(249);
  });

  it('names drand rounds from the clock: round r is due at genesis + (r − 1) × period', () => {
    const s = { genesisMs: 1_692_803_367_000, periodMs: 3000 }; // quicknet's /info
    expect(roundDueAt(1, s)).toBe(s.genesisMs);
    expect(roundAfter(s.genesisMs - 1, s)).toBe(1);
    expect(roundAfter(s.genesisMs, s)).toBe(2);
    expect(roundAfter(s.genesisMs + 2999, s)).toBe(2);
    expect(roundAfter(s.genesisMs + 3000, s)).toBe(3);
    const at = s.genesisMs + 1_000_000_123;
    expect(roundDueAt(roundAfter(at, s), s)).toBeGreaterThan(at);
    expect(roundDueAt(roundAfter(at, s), s) - at).toBeLessThanOrEqual(3000);
  });
});

describe('the drand client over HTTP, against the local stand-in', () => {
  let now = 1_000_000;
  const standIn = new DrandStandIn({ secret: 'test secret', now: () => now });
  const app = Fastify();
  let base = '';
  beforeAll(async () => {
    await app.register(standIn.plugin, { prefix: '/drand' });
    base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/drand`;
  });
  afterAll(() => app.close());

  it('reads the schedule and a round that is out; a round not yet due is null', async () => {
    const beacon = new DrandHttpBeacon(base, standIn.info.hash);
    expect(await beacon.schedule()).toEqual({ genesisMs: 0, periodMs: 3000 });
    const latest = standIn.latestRound();
    expect(latest).toBe(334); // 1000 s after genesis, 3 s rounds
    const v = await beacon.value(latest);
    expect(v).toEqual(standIn.round(latest));
    expect(await beacon.value(latest + 1)).toBeNull();
    now += 3000;
    expect(await beacon.value(latest + 1)).toEqual(standIn.round(latest + 1));
    // The same JSON as drand: /chains, /public/latest.
    expect(await (await fetch(`${base}/chains`)).json()).toEqual([standIn.info.hash]);
    const latestJson = await (await fetch(`${base}/${standIn.info.hash}/public/latest`)).json();
    expect(latestJson).toMatchObject({ round: latest + 1 });
    expect((await fetch(`${base}/${standIn.info.hash}/public/x1`)).status).toBe(400);
  });

  it('refuses another chain, a round other than the one asked, and randomness that is not the hash of the signature', async () => {
    await expect(new DrandHttpBeacon(base, DRAND_QUICKNET.chainHash).schedule()).rejects.toThrow(/HTTP 404/);
    const wrongInfo = new DrandHttpBeacon(base, standIn.info.hash, async () => ({
      status: 200,
      body: { ...standIn.info, hash: DRAND_QUICKNET.chainHash },
    }));
    await expect(wrongInfo.schedule()).rejects.toThrow(/another chain/);
    const good = standIn.round(5);
    const answering = (body: unknown) =>
      new DrandHttpBeacon(base, standIn.info.hash, async () => ({ status: 200, body }));
    await expect(answering({ ...good, round: 6 }).value(5)).rejects.toThrow(/answered round 6/);
    await expect(answering({ ...good, randomness: 'ab'.repeat(32) }).value(5)).rejects.toThrow(
      /not the hash/,
    );
    await expect(answering(good).value(5)).resolves.toEqual(good);
    // An unreachable beacon is an error (the chain logs it and asks again), not a hang.
    await expect(
      new DrandHttpBeacon('http://127.0.0.1:9', 'x', httpTransport('http://127.0.0.1:9', 500)).value(1),
    ).rejects.toThrow();
  });
});

describe('crash chain on the API: key outside the database, salt after the commit', () => {
  let t: TestApp;
  let now = 5_000_000;
  const clock = { now: () => now };
  const delayMs = 120_000;
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await t.database.query(text, params)) as T[];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.crash.clock = clock;
    t.app.services.crash.timing = { bettingMs: 5000, pauseMs: 2000, chainLength: 50 };
  });
  afterAll(() => t.close());

  it('commits and publishes the chain with its salt source first; rounds wait until the salt is out', async () => {
    const crash = t.app.services.crash;
    await crash.tick();
    // Committed, announced, and no round yet: the salt's beacon round is minutes ahead.
    expect(crash.state()).toBeNull();
    expect(await query('select id from crash_rounds')).toEqual([]);
    const chain = (await t.app.inject({ url: '/wps/inhouse/crash/chain' })).json().value;
    expect(chain.terminatingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(chain.salt).toBeNull();
    const source = chain.saltSource;
    expect(source).toMatchObject({ beacon: 'drand', url: STAND_IN_BEACON_PATH });
    const dueAt = Date.parse(source.dueAt);
    expect(dueAt).toBeGreaterThan(now + delayMs);
    expect(dueAt - (now + delayMs)).toBeLessThanOrEqual(3000);
    expect(source.roundUrl).toBe(`${STAND_IN_BEACON_PATH}/${source.chainHash}/public/${source.round}`);
    // Nobody, the operator included, can read the salt yet: the beacon has not produced it.
    expect((await t.app.inject({ url: source.roundUrl })).statusCode).toBe(404);

    // Time passes, still before the round: nothing opens.
    now = dueAt - 1;
    await crash.tick();
    await crash.tick();
    expect(crash.state()).toBeNull();

    // The round is out: the salt is written and the first round opens, salted.
    now = dueAt;
    await crash.tick();
    const out = (await t.app.inject({ url: source.roundUrl })).json();
    expect(out.round).toBe(source.round);
    const after = (await t.app.inject({ url: '/wps/inhouse/crash/chain' })).json().value;
    expect(after.salt).toBe(out.randomness);
    expect(after.saltSignature).toBe(out.signature);
    expect(crash.state()).toMatchObject({ phase: 'betting' });

    // Fly the round to its crash: its proof verifies with the published salt.
    const s = crash.state()!;
    const [row] = await query<{ point: number }>('select point from crash_rounds where id = $1', [s.roundId]);
    now = s.startsAt + crashAfterMs(row!.point) + 1;
    await crash.tick();
    await crash.tick();
    const proof = (await t.app.inject({ url: `/wps/inhouse/crash/rounds/${s.roundId}` })).json().value;
    expect(proof).toMatchObject({
      status: 'crashed',
      salt: out.randomness,
      terminatingHash: chain.terminatingHash,
      saltSource: source,
    });
    expect(crashPointHundredths(proof.hash, proof.salt)).toBe(proof.point);
    expect(verifyChainHash(proof.hash, proof.terminatingHash, 100)).toBe(proof.distance);
  });

  it('keeps the chain seed out of the database: no column of the chain table (or the rounds) holds it', async () => {
    const [chain] = await query<{ id: number; nonce: string; terminating_hash: string }>(
      'select id, nonce, terminating_hash from crash_chains where active',
    );
    const seed = chainSeed(t.app.config.crashChainKey!, chain!.nonce);
    const hashes = buildChain(seed, 50);
    expect(hashes[0]).toBe(chain!.terminating_hash);
    const played = (await query<{ n: number }>('select max(round_no)::int as n from crash_rounds'))[0]!.n;
    // The seed and every hash of a round not yet played: secrets, never in any column.
    const secrets = [seed, ...hashes.slice(played + 1)];
    const columns = await query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'crash_chains'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('seed');
    for (const table of ['crash_chains', 'crash_rounds']) {
      const rows = await query<Record<string, unknown>>(`select * from ${table}`);
      const text = JSON.stringify(rows);
      for (const secret of secrets) expect(text, table).not.toContain(secret);
    }
  });

  it('refuses to play a chain under a key other than the one it was made with', async () => {
    const other = new CrashService(
      t.database.db,
      t.app.services.inhouse,
      { ...t.app.services.crash.fairness, key: 'another key, 32 characters or more', log: () => {} },
      clock,
      { bettingMs: 5000, pauseMs: 2000, chainLength: 50 },
    );
    const before = await query<{ n: number }>('select count(*)::int as n from crash_rounds');
    now += 60_000;
    await other.tick(); // takes over the newest round
    await expect(other.tick()).rejects.toMatchObject({ code: 'NOT_ENABLED' });
    expect(await query<{ n: number }>('select count(*)::int as n from crash_rounds')).toEqual(before);
  });

  it('without a key (production unset) the game does not run: the chain answers NOT_ENABLED', async () => {
    const keyless = new CrashService(
      t.database.db,
      t.app.services.inhouse,
      { key: null, beacon: null, saltDelayMs: delayMs },
      clock,
    );
    await t.database.query('update crash_chains set active = false');
    await expect(keyless.chainInfo()).rejects.toMatchObject({ code: 'NOT_ENABLED' });
    expect(await query('select id from crash_chains where active')).toEqual([]);
  });
});

describe('crash chain key and beacon configuration', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'a'.repeat(32),
    METRICS_TOKEN: 'm'.repeat(16),
  } as const;

  it('has no default key: none in production, a random one (per process or per installation file) elsewhere', () => {
    const prod = loadConfig(production);
    expect(prod.crashChainKey).toBeNull();
    // Production's beacon is drand quicknet on its public relay, never the stand-in.
    expect(prod.crashSaltBeacon).toEqual({ url: DRAND_QUICKNET.url, chainHash: DRAND_QUICKNET.chainHash });
    const a = loadConfig({ NODE_ENV: 'development' });
    const b = loadConfig({ NODE_ENV: 'development' });
    expect(a.crashChainKey).toMatch(/^[0-9a-f]{64}$/);
    expect(a.crashChainKey).not.toBe(b.crashChainKey);
    expect(a.crashChainKeyGenerated).toBe(true);
    expect(a.crashSaltBeacon).toBeNull();
  });

  it('reads the key from CRASH_CHAIN_KEY or a key file, and refuses a short one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wps-crash-key-'));
    const file = path.join(dir, 'crash.key');
    writeFileSync(file, `${'z'.repeat(40)}\n`);
    expect(loadConfig({ ...production, CRASH_CHAIN_KEY_FILE: file }).crashChainKey).toBe('z'.repeat(40));
    expect(loadConfig({ ...production, CRASH_CHAIN_KEY: 'y'.repeat(32) }).crashChainKey).toBe('y'.repeat(32));
    expect(() => loadConfig({ ...production, CRASH_CHAIN_KEY: 'short' })).toThrow(/CRASH_CHAIN_KEY/);
    writeFileSync(file, 'short');
    expect(() => loadConfig({ ...production, CRASH_CHAIN_KEY_FILE: file })).toThrow(/at least 32/);
    expect(() => loadConfig({ ...production, CRASH_CHAIN_KEY_FILE: path.join(dir, 'none') })).toThrow(
      /cannot read/,
    );
    const custom = loadConfig({ CRASH_SALT_BEACON_URL: 'https://drand.cloudflare.com/' });
    expect(custom.crashSaltBeacon).toEqual({
      url: 'https://drand.cloudflare.com',
      chainHash: DRAND_QUICKNET.chainHash,
    });
  });
});
