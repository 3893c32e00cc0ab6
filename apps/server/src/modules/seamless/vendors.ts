import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { seamlessVendors } from './schema.ts';

/** Demo vendors: created on first start with a random secret of their own (never a default). */
export const INSTALLATION_VENDORS = ['SANDBOX'] as const;

/** How long a process trusts what it read about a vendor; a rotation on this process applies at once. */
const VENDOR_CACHE_MS = 5_000;

export type SignatureCheck = 'ok' | 'bad_signature' | 'vendor_disabled';

export interface VendorView {
  code: string;
  /** database: the secret stored here; env: SEAMLESS_VENDOR_SECRETS / SANDBOX_VENDOR_SECRET; none: refused. */
  secretSource: 'database' | 'env' | 'none';
  /** The secret's last four characters, so an operator can tell which one a vendor holds. */
  secretHint: string | null;
  enabled: boolean;
  allowBetlessWins: boolean;
  createdAt: string | null;
  rotatedAt: string | null;
}

interface Resolved {
  secret: string | undefined;
  enabled: boolean;
  known: boolean;
  loadedAt: number;
}

interface VendorActor {
  id: number;
  account: string;
  ip?: string | null;
}

const newSecret = () => randomBytes(32).toString('hex');
const hint = (secret: string | null | undefined) => (secret ? `…${secret.slice(-4)}` : null);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * The seamless vendor store (issue 7 #2). A vendor signs with the secret configured for it in the
 * environment (real vendors) or stored in `seamless_vendors` (demo vendors get a random one per
 * installation; the operator rotates it). No vendor ever has a default secret: one with none is
 * refused (VENDOR_DISABLED), and so is one the operator disabled.
 */
export class SeamlessVendors {
  private readonly cache = new Map<string, Resolved>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly audit: AuditService,
  ) {}

  private envSecret(code: string): string | undefined {
    if (code === 'SANDBOX' && this.config.sandboxVendorSecret) return this.config.sandboxVendorSecret;
    return Object.hasOwn(this.config.vendorSecrets, code) ? this.config.vendorSecrets[code] : undefined;
  }

  private async resolve(code: string): Promise<Resolved> {
    const cached = this.cache.get(code);
    if (cached && Date.now() - cached.loadedAt < VENDOR_CACHE_MS) return cached;
    const [row] = await this.db.select().from(seamlessVendors).where(eq(seamlessVendors.code, code));
    const env = this.envSecret(code);
    const r: Resolved = {
      secret: env ?? row?.secret ?? undefined,
      enabled: row ? row.enabled : true,
      known: Boolean(row || env),
      loadedAt: Date.now(),
    };
    if (this.cache.size > 1_000) this.cache.clear();
    this.cache.set(code, r);
    return r;
  }

  /**
   * Constant-time check of `X-Signature: hex(HMAC-SHA256(secret, rawBody))`. A vendor we know but
   * that has no secret, or that the operator disabled, is `vendor_disabled`; an unknown vendor
   * reads like a bad signature.
   */
  async verify(code: string, rawBody: Buffer, signature: string | undefined): Promise<SignatureCheck> {
    if (!/^[A-Z0-9_]{1,32}$/.test(code)) return 'bad_signature';
    const v = await this.resolve(code);
    if (!v.known) return 'bad_signature';
    if (!v.enabled || !v.secret) return 'vendor_disabled';
    if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return 'bad_signature';
    const expected = createHmac('sha256', v.secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? 'ok' : 'bad_signature';
  }

  /**
   * The secret a vendor signs with, for the sandbox vendor app (it runs beside us and reads it
   * through this service instead of sharing a well-known value). Undefined when it has none.
   */
  async secretFor(code: string): Promise<string | undefined> {
    this.cache.delete(code);
    const v = await this.resolve(code);
    return v.enabled ? v.secret : undefined;
  }

  /** First start: each demo vendor gets its own random secret; an existing row is left as it is. */
  async ensureInstallationVendors(codes: readonly string[] = INSTALLATION_VENDORS): Promise<boolean> {
    const rows = await this.db
      .insert(seamlessVendors)
      .values(codes.map((code) => ({ code, secret: newSecret() })))
      .onConflictDoNothing({ target: seamlessVendors.code })
      .returning({ code: seamlessVendors.code });
    for (const c of codes) this.cache.delete(c);
    return rows.length > 0;
  }

  async list(): Promise<VendorView[]> {
    const rows = await this.db.select().from(seamlessVendors).orderBy(asc(seamlessVendors.code));
    const out = new Map<string, VendorView>();
    for (const r of rows) {
      const env = this.envSecret(r.code);
      out.set(r.code, {
        code: r.code,
        secretSource: env ? 'env' : r.secret ? 'database' : 'none',
        secretHint: hint(env ?? r.secret),
        enabled: r.enabled,
        allowBetlessWins: r.allowBetlessWins,
        createdAt: iso(r.createdAt),
        rotatedAt: iso(r.rotatedAt),
      });
    }
    const envCodes = [
      ...Object.keys(this.config.vendorSecrets),
      ...(this.config.sandboxVendorSecret ? ['SANDBOX'] : []),
    ];
    for (const code of envCodes) {
      if (out.has(code)) continue;
      out.set(code, {
        code,
        secretSource: 'env',
        secretHint: hint(this.envSecret(code)),
        enabled: true,
        allowBetlessWins: false,
        createdAt: null,
        rotatedAt: null,
      });
    }
    return [...out.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
  }

  /**
   * A new random secret for a vendor (created if new), answered once: only its last four
   * characters are shown again. A vendor configured in the environment keeps signing with that
   * one until the environment changes, which the answer says.
   */
  async rotate(
    actor: VendorActor,
    code: string,
  ): Promise<{ code: string; secret: string; secretSource: 'database' | 'env' }> {
    const secret = newSecret();
    const result = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(seamlessVendors)
        .where(eq(seamlessVendors.code, code))
        .for('update');
      await tx
        .insert(seamlessVendors)
        .values({ code, secret, rotatedAt: sql`now()` })
        .onConflictDoUpdate({ target: seamlessVendors.code, set: { secret, rotatedAt: sql`now()` } });
      await this.audit.record(
        {
          actor,
          action: 'seamless.vendor.rotate',
          target: { type: 'seamless_vendor', id: code },
          before: before ? { secretHint: hint(before.secret), rotatedAt: before.rotatedAt } : null,
          after: { secretHint: hint(secret) },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { code, secret, secretSource: this.envSecret(code) ? ('env' as const) : ('database' as const) };
    });
    this.cache.delete(code);
    return result;
  }

  /** Enables or disables a vendor, or opts it in or out of bet-less wins (created if new, without a secret). */
  async update(
    actor: VendorActor,
    code: string,
    input: { enabled?: boolean | undefined; allowBetlessWins?: boolean | undefined },
  ): Promise<VendorView> {
    if (!/^[A-Z0-9_]{1,32}$/.test(code)) throw new AppError('NOT_FOUND');
    const set = {
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.allowBetlessWins === undefined ? {} : { allowBetlessWins: input.allowBetlessWins }),
    };
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(seamlessVendors)
        .where(eq(seamlessVendors.code, code))
        .for('update');
      const [after] = await tx
        .insert(seamlessVendors)
        .values({ code, ...set })
        .onConflictDoUpdate({ target: seamlessVendors.code, set: Object.keys(set).length ? set : { code } })
        .returning();
      await this.audit.record(
        {
          actor,
          action: 'seamless.vendor.update',
          target: { type: 'seamless_vendor', id: code },
          before: before ? { enabled: before.enabled, allowBetlessWins: before.allowBetlessWins } : null,
          after: { enabled: after!.enabled, allowBetlessWins: after!.allowBetlessWins },
          ip: actor.ip ?? null,
        },
        tx,
      );
    });
    this.cache.delete(code);
    return (await this.list()).find((v) => v.code === code)!;
  }
}
