import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_REQUIRED_ROLES,
  type OperatorRole,
} from '@wps/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { operatorRecoveryCodes, operators } from './schema.ts';

/** Codes one step either side of now are accepted (clock drift); each step only once. */
const WINDOW = 1;
const ISSUER = 'WPS Console';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const totpRequiredFor = (role: string) => (TOTP_REQUIRED_ROLES as readonly string[]).includes(role);

/** AES-256-GCM with a key derived from the configured secret: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHash('sha256').update(`wps-totp:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string | null {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}

const totpFor = (account: string, base32: string) =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(base32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: 'SHA1',
  });

/** The current time step (RFC 6238 T). */
export const currentStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace(/-/g, '');

/**
 * Operators' second factor (RFC 6238, via `otpauth`): enrolment (a secret shown once, confirmed
 * with a code), code checks that refuse a replayed code, and ten hashed one-time recovery codes.
 */
export class TotpService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Db,
    key: string,
  ) {
    this.box = new SecretBox(key);
  }

  /** Starts (or restarts) enrolment: a new secret, kept pending until confirmed with a code. */
  async begin(operatorId: number, account: string): Promise<{ secret: string; uri: string }> {
    const [op] = await this.db.select().from(operators).where(eq(operators.id, operatorId));
    if (!op) throw new AppError('NOT_FOUND');
    if (op.totpEnabledAt) throw new AppError('CONFLICT', { messageKey: 'totpAlreadyEnabled' });
    const secret = new Secret({ size: 20 }).base32;
    await this.db
      .update(operators)
      .set({ totpPendingSecret: this.box.seal(secret) })
      .where(eq(operators.id, operatorId));
    return { secret, uri: totpFor(account, secret).toString() };
  }

  /** Confirms enrolment with a code of the pending secret; answers the recovery codes, this once. */
  async confirm(operatorId: number, account: string, code: string): Promise<{ recoveryCodes: string[] }> {
    const [op] = await this.db.select().from(operators).where(eq(operators.id, operatorId));
    if (!op) throw new AppError('NOT_FOUND');
    if (op.totpEnabledAt) throw new AppError('CONFLICT', { messageKey: 'totpAlreadyEnabled' });
    const secret = op.totpPendingSecret ? this.box.open(op.totpPendingSecret) : null;
    if (!secret) throw new AppError('CODE_INVALID', { messageKey: 'totpInvalid' });
    const step = this.matchStep(account, secret, code);
    if (step === null) throw new AppError('CODE_INVALID', { messageKey: 'totpInvalid' });
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      await tx
        .update(operators)
        .set({
          totpSecret: op.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: sql`now()`,
          totpLastStep: step,
        })
        .where(eq(operators.id, operatorId));
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
      await tx
        .insert(operatorRecoveryCodes)
        .values(recoveryCodes.map((c) => ({ operatorId, codeHash: sha256(normalizeRecovery(c)) })));
    });
    return { recoveryCodes };
  }

  /**
   * Checks a sign-in code: a TOTP code of a step later than the last accepted one (a replay within
   * its window is refused), or an unused recovery code (then spent). True when accepted.
   */
  async verify(operatorId: number, account: string, code: string): Promise<boolean> {
    const [op] = await this.db.select().from(operators).where(eq(operators.id, operatorId));
    if (!op?.totpSecret || !op.totpEnabledAt) return false;
    if (/^\d{6}$/.test(code.trim())) {
      const secret = this.box.open(op.totpSecret);
      if (!secret) return false;
      const step = this.matchStep(account, secret, code.trim());
      if (step === null) return false;
      // Compare-and-set: two concurrent uses of one code cannot both pass.
      const updated = await this.db
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(operators.id, operatorId),
            sql`(${operators.totpLastStep} IS NULL OR ${operators.totpLastStep} < ${step})`,
          ),
        )
        .returning({ id: operators.id });
      return updated.length === 1;
    }
    if (!RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase())) return false;
    const spent = await this.db
      .update(operatorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operatorId),
          eq(operatorRecoveryCodes.codeHash, sha256(normalizeRecovery(code))),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    return spent.length === 1;
  }

  async status(operatorId: number, role: OperatorRole | string) {
    const [op] = await this.db
      .select({ enabledAt: operators.totpEnabledAt })
      .from(operators)
      .where(eq(operators.id, operatorId));
    const [left] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
    return { enabled: !!op?.enabledAt, required: totpRequiredFor(role), recoveryCodesLeft: left?.n ?? 0 };
  }

  /** Owner's reset: the operator enrols again at the next sign-in. */
  async reset(operatorId: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(operators)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(operators.id, operatorId));
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
  }

  /** The step `code` belongs to (within the window), or null. */
  private matchStep(account: string, secret: string, code: string): number | null {
    const now = Date.now();
    const delta = totpFor(account, secret).validate({ token: code, timestamp: now, window: WINDOW });
    return delta === null ? null : currentStep(now) + delta;
  }
}
