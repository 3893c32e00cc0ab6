import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { captchas } from './schema.ts';

export const CAPTCHA_TTL_MINUTES = 5;
/** Client-chosen captcha keys (SPEC §9 "random id 32 characters"): URL-safe and bounded. */
export const CAPTCHA_KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Server-drawn image captchas. The client names each one with a random key (so a refresh is
 * the same key with a new image); the answer is stored as an HMAC and the first attempt,
 * right or wrong, uses it up.
 */
export class CaptchaService {
  private issued = 0;
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  private hash(key: string, answer: string): Buffer {
    return createHmac('sha256', this.config.appSecret).update(`${key}\n${answer.toLowerCase()}`).digest();
  }

  newKey(): string {
    return randomBytes(24).toString('base64url');
  }

  /** Draws a new image for `key` (replacing any earlier one); answers a data URL. */
  async create(key: string): Promise<{ image: string; text: string }> {
    const c = svgCaptcha.create({
      size: 4,
      noise: 3,
      color: true,
      ignoreChars: '0oO1iIlL',
      background: '#f4f4f4',
    });
    const answerHash = this.hash(key, c.text).toString('hex');
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MINUTES * 60_000);
    await this.db
      .insert(captchas)
      .values({ key, answerHash, expiresAt })
      .onConflictDoUpdate({ target: captchas.key, set: { answerHash, expiresAt } });
    if (++this.issued % 200 === 0) await this.db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
    return { image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`, text: c.text };
  }

  /** True when `answer` matches; the captcha is gone afterwards either way. */
  async verify(key: string | undefined | null, answer: string | undefined | null): Promise<boolean> {
    if (!key || !answer || !CAPTCHA_KEY_SHAPE.test(key) || answer.length > 20) return false;
    const [row] = await this.db.delete(captchas).where(eq(captchas.key, key)).returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return false;
    const expected = Buffer.from(row.answerHash, 'hex');
    const given = this.hash(key, answer.trim());
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
