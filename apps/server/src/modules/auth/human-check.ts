import { randomInt } from 'node:crypto';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { humanChecksUsed } from './schema.ts';

/**
 * ALTCHA proof of work in place of the spec's geetest (DESIGN §2). SHA-256 with a secret counter
 * between these bounds: a browser finds it in well under a second, a script pays per attempt.
 */
export const ALTCHA_COUNTER = { min: 5_000, max: 20_000 } as const;
export const ALTCHA_TTL_MINUTES = 10;
const MAX_PAYLOAD_CHARS = 8_000;

export interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** Encodes a solved challenge the way the ALTCHA widget submits it (base64 JSON). */
export const encodeAltchaPayload = (p: AltchaPayload): string =>
  Buffer.from(JSON.stringify(p)).toString('base64');

export class HumanCheckService {
  private redeemed = 0;
  private readonly keySecret: string;
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.keySecret = `${config.appSecret}:altcha-key`;
  }

  get enabled(): boolean {
    return this.config.humanCheck;
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(ALTCHA_COUNTER.min, ALTCHA_COUNTER.max),
      deriveKey,
      expiresAt: new Date(Date.now() + ALTCHA_TTL_MINUTES * 60_000),
      hmacSignatureSecret: this.config.appSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /**
   * Verifies the `altcha` field of a call: a valid signature, not expired, solved, and never
   * redeemed before. Anything malformed is simply a failed check.
   */
  async verify(payload: unknown): Promise<boolean> {
    if (typeof payload !== 'string' || !payload || payload.length > MAX_PAYLOAD_CHARS) return false;
    let parsed: AltchaPayload;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as AltchaPayload;
    } catch {
      return false;
    }
    const nonce = parsed?.challenge?.parameters?.nonce;
    if (typeof nonce !== 'string' || !/^[0-9a-f]{8,64}$/.test(nonce) || !parsed.solution) return false;
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: this.config.appSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
      verified = result.verified;
    } catch {
      return false;
    }
    if (!verified) return false;
    // Single use: the first redemption inserts the nonce, a replay finds it taken.
    const expiresAt = new Date(((parsed.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now()) + 60_000);
    const inserted = await this.db
      .insert(humanChecksUsed)
      .values({ challengeId: nonce, expiresAt })
      .onConflictDoNothing()
      .returning({ id: humanChecksUsed.challengeId });
    if (++this.redeemed % 200 === 0)
      await this.db.delete(humanChecksUsed).where(lt(humanChecksUsed.expiresAt, sql`now()`));
    return inserted.length > 0;
  }
}
