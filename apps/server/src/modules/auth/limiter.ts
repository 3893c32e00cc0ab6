import { Redis } from 'ioredis';

export interface HitResult {
  allowed: boolean;
  /** How many hits the window has seen, this one included. */
  count: number;
  retryAfterMs: number;
}

/**
 * Fixed-window counters for keyed limits (per account, per phone number, per IP) that the
 * route-level @fastify/rate-limit cannot express because the key is in the body.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  close(): Promise<void>;
}

/** One process. Bounded: expired windows are swept, and past MAX_KEYS the oldest go first. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private static readonly MAX_KEYS = 100_000;
  private lastSweep = Date.now();

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    if (now - this.lastSweep > 60_000 || this.windows.size > MemoryRateLimiter.MAX_KEYS) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { allowed: w.count <= limit, count: w.count, retryAfterMs: Math.max(0, w.resetAt - now) };
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // Still too many live keys (a flood of distinct keys): drop the oldest inserted, down to 90%
    // so the next hits do not sweep again at once.
    const excess = this.windows.size - Math.floor(MemoryRateLimiter.MAX_KEYS * 0.9);
    if (excess > 0) {
      let i = 0;
      for (const k of this.windows.keys()) {
        if (i++ >= excess) break;
        this.windows.delete(k);
      }
    }
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** Shared between instances through Redis (REDIS_URL): INCR + PEXPIRE on first hit. */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  }

  async hit(key: string, limit: number, windowMs: number): Promise<HitResult> {
    const k = `wps:rl:${key}`;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
