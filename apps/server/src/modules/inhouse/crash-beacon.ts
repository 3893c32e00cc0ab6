import { createHmac } from 'node:crypto';
import { DrandStandIn } from '@wps/sandbox-vendor/drand';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { CrashFairness } from './crash-chain.ts';
import { DrandHttpBeacon } from './crash-salt.ts';

/** Where the local stand-in beacon is served (outside production, when no beacon URL is set). */
export const STAND_IN_BEACON_PATH = '/beacon-sim/drand';

/**
 * The crash game's fairness inputs from the configuration: the chain key, and the salt's beacon:
 * drand over HTTP (CRASH_SALT_BEACON_URL; quicknet by default in production), or outside production
 * the local stand-in (apps/sandbox-vendor/src/drand), asked in process through the same client and
 * JSON, on `now` (the crash game's clock, which tests move). The stand-in's secret is derived from the
 * chain key, so every instance of a site sees the same values; it is no fairness source, which is
 * why production never uses it.
 */
export function crashFairness(config: Config, now: () => number): CrashFairness {
  const key = config.crashChainKey;
  const saltDelayMs = config.crashSaltDelaySeconds * 1000;
  if (config.crashSaltBeacon) {
    const { url, chainHash } = config.crashSaltBeacon;
    return { key, saltDelayMs, beacon: new DrandHttpBeacon(url, chainHash), standIn: null };
  }
  if (!key || config.env === 'production') return { key, saltDelayMs, beacon: null, standIn: null };
  const standIn = new DrandStandIn({
    secret: createHmac('sha256', key).update('drand stand-in').digest('hex'),
    now,
  });
  const beacon = new DrandHttpBeacon(STAND_IN_BEACON_PATH, standIn.info.hash, async (path) =>
    standIn.answer(path),
  );
  return { key, saltDelayMs, beacon, standIn };
}

/**
 * Serves the stand-in beacon's API (when the crash game uses it) for players who check a salt, and
 * sends the chain's problem reports (a key that does not match, a beacon that fails) to the app log.
 */
export async function registerCrashBeacon(app: FastifyInstance): Promise<void> {
  const fairness = app.services.crash.fairness;
  fairness.log = (msg) => app.log.error(msg);
  const standIn = fairness.standIn;
  if (standIn) await app.register(standIn.plugin, { prefix: STAND_IN_BEACON_PATH });
}
