import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
  LANGUAGE_CODES,
  type LanguageCode,
  MONEY_RE,
  parseUtcOffset,
  toMinor,
} from '@wps/contract';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once. Nothing else in the codebase
 * touches process.env: pass a Config (or a partial one in tests) instead.
 */
/** Operator console sessions are shorter than players' (30 min idle / 24 h): 15 min idle, 8 h at most. */
export const OPERATOR_SESSION_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_MAX_HOURS = 8;

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes');
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: 127.0.0.1 in development (a laptop's demo is not served to the café Wi-Fi), 0.0.0.0 otherwise. */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  TEST_DATABASE_URL: z.string().url().optional(),
  /** A read replica the operator reports read from (heavy queries off the primary); unset: the main database. */
  REPORTS_DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  TEST_REDIS_URL: z.string().url().optional(),
  HUMAN_CHECK: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  MERCHANT_CODE: z.string().default('WPS'),
  IMAGE_CDNS: list.default([]),
  /** Hosts of game vendors' own pictures (an aggregator's thumbnails), which the site may show. */
  GAME_IMAGE_ORIGINS: list.default([]),
  LAUNCH_GAME_CDNS: list.default([]),
  METRICS_TOKEN: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(24),
  OPERATOR_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(OPERATOR_SESSION_IDLE_MINUTES),
  OPERATOR_SESSION_MAX_HOURS: z.coerce.number().int().positive().default(OPERATOR_SESSION_MAX_HOURS),
  TOTP_ENCRYPTION_KEY: z.string().min(32).optional(),
  SANDBOX_VENDOR_SECRET: z.string().optional(),
  SANDBOX_VENDOR: z.enum(['on', 'off']).optional(),
  SANDBOX_PLATFORM_URL: z.string().url().optional(),
  SMS_PROVIDER_URL: z.string().url().optional(),
  SMS_PROVIDER_TOKEN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('WPS <no-reply@localhost>'),
  SEED_DEMO: bool.optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  CRASH_LOOP: z.enum(['on', 'off']).default('on'),
  /** Issue 28: the secret key of the crash chains' seeds (kept out of the database), or a file holding it. */
  CRASH_CHAIN_KEY: z.string().min(32).optional(),
  CRASH_CHAIN_KEY_FILE: z.string().optional(),
  /** The crash salt's drand beacon (base URL and chain hash); unset: quicknet in production, the local stand-in otherwise. */
  CRASH_SALT_BEACON_URL: z.string().url().optional(),
  CRASH_SALT_BEACON_CHAIN: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** How far past a chain's commit its salt's beacon round lies ("a few minutes"). */
  CRASH_SALT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  APP_SECRET: z.string().min(32).optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().positive().default(90),
  LOGIN_IP_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  WALLET_HOUSE_SHARDS: z.coerce.number().int().min(1).max(1024).default(64),
  TRIAL_GRANT: z.string().regex(MONEY_RE).default('2000.00'),
  WITHDRAW_MIN: z.string().regex(MONEY_RE).default('100.00'),
  WITHDRAW_MAX: z.string().regex(MONEY_RE).default('100000.00'),
  WITHDRAW_DAILY_COUNT: z.coerce.number().int().min(1).max(1000).default(5),
  RECEIPT_AUTO_MINUTES: z.coerce.number().int().min(1).max(100_000).default(30),
  SEAMLESS_VENDOR_SECRETS: list.optional(),
  BUSINESS_UTC_OFFSET: z
    .string()
    .refine((v) => parseUtcOffset(v) !== null, 'expected an offset such as +05:45')
    .optional(),
  LOTTERY_FAST_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  LOTTERY_FAST_CUTOFF_SECONDS: z.coerce.number().int().min(1).max(3000).default(10),
  /** Issue 28: the official lottery results feed (off when unset); `{gameCode}`, `{drawId}`, `{date}` filled in. */
  LOTTERY_RESULTS_FEED_URL: z.string().url().optional(),
  /** JSON object: prize key → path in the feed's answer (`results.DB`, `data.prizes[0]`); `results.<key>` when omitted. */
  LOTTERY_RESULTS_FEED_MAP: z.string().optional(),
  LOTTERY_RESULTS_FEED_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  JOBS_MAX_CATCH_UP: z.coerce.number().int().min(1).max(100_000).default(288),
  /** Real-time salary period (SPEC §9: 5 minutes); end-to-end runs shorten it to see a payment. */
  AGENT_REALTIME_PERIOD_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
  AGENT_ACTIVE_MIN_BET_PAISA: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
  /**
   * Rewards follow the bets record this many seconds behind a vendor (seamless) row, so a vendor
   * round's win or rollback arriving within it nets out before any reward is decided (bets/service.ts).
   */
  BETS_FINALITY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Issue 30 (PostgreSQL): business days of the bets record partitioned ahead of today. */
  BETS_PARTITION_DAYS_AHEAD: z.coerce.number().int().min(1).max(366).default(7),
  /**
   * Business days before today kept in the live bets record; unset keeps every day. At least 7: a
   * vendor's rollback is recorded against its round's rows, which must still be there.
   */
  BETS_RETENTION_DAYS: z.coerce.number().int().min(7).max(100_000).optional(),
  /** Archived days move to this tablespace; unset: exported to BETS_EXPORT_DIR, then dropped. */
  BETS_ARCHIVE_TABLESPACE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'expected a tablespace name (lower case letters, digits, _)')
    .optional(),
  /** Where exported days go (gzip CSV); DATA_DIR/exports/bets by default. */
  BETS_EXPORT_DIR: z.string().optional(),
  DEPOSIT_PENDING_MAX: z.coerce.number().int().min(1).max(1000).default(3),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  IMAGE_MAX_SIDE: z.coerce.number().int().min(64).max(16_384).default(4096),
  /** SPEC §5/§9: the age gate is 18 (parameterised) or 21, by jurisdiction. */
  /** Live hosts (SPEC §7 Live): JSON array of {id, name, avatarUrl?, online?, streamUrl?}, a room each. */
  LIVE_HOSTS: z.string().optional(),
  AGE_MIN: z.enum(['18', '21']).default('18'),
  /** SPEC §3 public store `currencySymbol`: how amounts are marked on the site (NPR by default). */
  CURRENCY_SYMBOL: z.string().trim().min(1).max(8).default('Rs'),
  /** SPEC §9: the languages the site offers (codes of SPEC §3) and the default one (EN). */
  SITE_LANGUAGES: list.default(['EN', 'NE']),
  DEFAULT_LANGUAGE: z.string().trim().default('EN'),
  /** Hub88 aggregator (issue 29, modules/aggregator). PEMs may carry literal `\n` for one-line env files. */
  HUB88_OPERATOR_ID: z.coerce.number().int().positive().optional(),
  HUB88_PUBLIC_KEY: z.string().optional(),
  HUB88_PRIVATE_KEY: z.string().optional(),
  HUB88_API_URL: z.string().url().optional(),
  /** Sparrow SMS (Nepal): chosen over SMS_PROVIDER_URL and the outbox when the token is set. */
  SPARROW_SMS_TOKEN: z.string().optional(),
  SPARROW_SMS_FROM: z.string().optional(),
  SPARROW_SMS_URL: z.string().url().optional(),
  /** eSewa ePay v2 (issue 29, modules/payments): merchant product code, secret key, ePay host. */
  ESEWA_PRODUCT_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  ESEWA_SECRET_KEY: z.string().optional(),
  ESEWA_BASE_URL: z.string().url().optional(),
  /** Khalti KPG-2 (issue 29): live secret key and the API base (…/api/v2). */
  KHALTI_SECRET_KEY: z.string().optional(),
  KHALTI_BASE_URL: z.string().url().optional(),
  /** The site's own address as players reach it (https://…): where payment providers send them back. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Web Push (VAPID, RFC 8292; issue 31): the key pair as base64url (65-byte public point, 32-byte
   * private scalar), both or neither; unset, one generated once per installation in DATA_DIR.
   * WEB_PUSH_SUBJECT: how a push service reaches the site's operator (mailto: or https:); unset,
   * PUBLIC_URL when it is https; neither: push is off.
   */
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'base64url of a 65-byte P-256 public key')
    .optional(),
  WEB_PUSH_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'base64url of a 32-byte P-256 private key')
    .optional(),
  WEB_PUSH_SUBJECT: z
    .string()
    .refine(
      (v) => /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) || httpsOrigin(v) !== null,
      'a mailto: or https: URL',
    )
    .optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  testDatabaseUrl: string | undefined;
  /** postgres://… replica for operator reports; unset: reports read the main database. */
  reportsDatabaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Tests only: a Redis for the shared-limiter suite (kept apart from REDIS_URL so other suites stay isolated). */
  testRedisUrl: string | undefined;
  humanCheck: boolean;
  /**
   * Which proxies may set X-Forwarded-For: false (none), a hop count, or trusted addresses/CIDRs.
   * `true` (trust every hop) is only for tests that inject headers directly.
   */
  trustProxy: boolean | number | string[];
  logLevel: string;
  webDistDir: string;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  merchantCode: string;
  imageCdns: string[];
  /**
   * GAME_IMAGE_ORIGINS: where game vendors serve their pictures of games (an aggregator's game list
   * names a thumbnail per game, kept as the game's image). The page's CSP allows images from them.
   */
  gameImageOrigins: string[];
  launchGameCdns: string[];
  metricsToken: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Operator (console) sessions: never longer than a player's (the smaller of the two applies). */
  operatorSessionIdleMinutes: number;
  operatorSessionMaxHours: number;
  /**
   * Key of the operators' TOTP secrets (AES-256-GCM): TOTP_ENCRYPTION_KEY, else APP_SECRET (which
   * production requires). Without either, a random key per process, which `npm start` replaces by
   * one generated once per installation in DATA_DIR (`installationTotpKey`): never a default.
   */
  totpKey: string;
  /** True when neither TOTP_ENCRYPTION_KEY nor APP_SECRET was given. */
  totpKeyGenerated: boolean;
  /**
   * SANDBOX_VENDOR: mount the sandbox vendor app under /sandbox. Default on outside production,
   * off in production unless set to `on` explicitly.
   */
  sandboxVendor: boolean;
  /** SANDBOX_PLATFORM_URL: where the mounted sandbox vendor reaches our seamless API; default this server's own address. */
  sandboxPlatformUrl: string | undefined;
  /** Built browser bundle of the sandbox vendor's games (apps/sandbox-vendor/dist). */
  sandboxVendorDistDir: string;
  /** SANDBOX_VENDOR_SECRET: no default. Unset, the SANDBOX vendor uses its per-installation secret (seamless_vendors). */
  sandboxVendorSecret: string | undefined;
  smsProviderUrl: string | undefined;
  smsProviderToken: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seed the demo data set: default on for the embedded database, never in production. */
  seedDemo: boolean;
  jobs: boolean;
  /** Drive crash rounds (leader by advisory lock on PostgreSQL). Tests drive the loop themselves. */
  crashLoop: boolean;
  /**
   * Key of the crash chains' seeds (seed = HMAC-SHA256(key, nonce); only the nonce is stored):
   * CRASH_CHAIN_KEY, else the file CRASH_CHAIN_KEY_FILE names. Unset: null in production (the crash
   * game does not start), else random per process, which `npm start` replaces by a key file created
   * once in DATA_DIR (`installationCrashChainKey`): never a default. Instances of one site share it.
   */
  crashChainKey: string | null;
  /** True when neither CRASH_CHAIN_KEY nor CRASH_CHAIN_KEY_FILE was given. */
  crashChainKeyGenerated: boolean;
  /**
   * The drand beacon of the crash chains' salts: CRASH_SALT_BEACON_URL (+ CRASH_SALT_BEACON_CHAIN,
   * default quicknet's hash); unset: quicknet on api.drand.sh in production, null otherwise (the
   * local stand-in, apps/sandbox-vendor/src/drand, mounted at /beacon-sim/drand).
   */
  crashSaltBeacon: { url: string; chainHash: string } | null;
  /** Seconds from a chain's commit to its salt's beacon round. */
  crashSaltDelaySeconds: number;
  /**
   * Keys the HMACs of one-time codes and human-check challenges. Set it when running more than one
   * instance; the default is random per process (a restart then invalidates codes in flight).
   */
  appSecret: string;
  /** PASSEXPIRY3: a password older than this must be changed at login. */
  passwordMaxAgeDays: number;
  /** Login attempts per client IP per minute before 429 (per account limits are fixed). */
  loginIpLimitPerMinute: number;
  /** Sub-accounts each vendor's house side is spread over (see WalletService.houseFor). */
  walletHouseShards: number;
  /** Play money a trial member's account starts with, in paisa. */
  trialGrantMinor: bigint;
  withdrawMinMinor: bigint;
  withdrawMaxMinor: bigint;
  withdrawDailyCount: number;
  /** SPEC §4/§9: a paid withdrawal not confirmed within this many minutes counts as received. */
  receiptAutoMinutes: number;
  /** Seamless vendors and their HMAC secrets from SEAMLESS_VENDOR_SECRETS (others: seamless_vendors). */
  vendorSecrets: Record<string, string>;
  /**
   * Minutes east of UTC of the business time zone (default Nepal, +05:45): where "today", daily
   * limits, record day filters and job periods (daily salaries) cut.
   */
  businessUtcOffsetMinutes: number;
  /** Issue 15: the demo fast lottery (VN_FAST_1) draws every this many seconds (60; e2e shortens it)… */
  lotteryFastSeconds: number;
  /** …and refuses bets this many seconds before each of its draws. */
  lotteryFastCutoffSeconds: number;
  /** Issue 28: the official results feed of station-named draws (lottery/feed.ts), null when off. */
  lotteryResultsFeed: { url: string; map: Record<string, string>; periodSeconds: number } | null;
  /** At most this many missed periods a catching-up job runs per scheduler tick after downtime. */
  jobsMaxCatchUp: number;
  /** Issue 12: a team member is active in a period with at least this valid bet (paisa). */
  agentActiveMinBet: bigint;
  /** Length of a real-time salary period, ms (5 minutes unless a test shortens it). */
  agentRealtimePeriodMs: number;
  /** BETS_FINALITY_SECONDS: how long a vendor round's bets row waits before consumers take it. */
  betsFinalitySeconds: number;
  /** The bets record's partitions by business day (modules/bets/partitions.ts; PostgreSQL only). */
  betsPartitions: {
    daysAhead: number;
    retentionDays: number | null;
    archiveTablespace: string | null;
    exportDir: string;
  };
  /** Deposit requests a member may have waiting for review at once. */
  depositPendingMax: number;
  /** Images a member may upload per rolling hour. */
  uploadsPerHour: number;
  /** Total bytes of (re-encoded) images a member may have stored. */
  uploadQuotaBytes: number;
  /** Widest and tallest image accepted, in pixels (checked from the header, before decoding). */
  imageMaxSide: number;
  /** Age a registering player confirms (SPEC §5: 18 or 21). */
  ageMin: 18 | 21;
  currencySymbol: string;
  /** Languages the selector offers (SITE_LANGUAGES), the default one first. */
  siteLanguages: LanguageCode[];
  defaultLanguage: LanguageCode;
  /** Live hosts, each with a chat room in the site (LIVE_HOSTS); empty when none is configured. */
  liveHosts: LiveHostConfig[];
  /**
   * Hub88 aggregator. `live`: both keys configured. `simulator` (outside production, keys unset):
   * keypairs generated at start for the local simulator (modules/aggregator/keys.ts), never a
   * committed default. `disabled` (production without keys): the wallet routes answer disabled.
   */
  hub88: {
    mode: 'live' | 'simulator' | 'disabled';
    operatorId: number;
    /** The aggregator's public key (PEM): verifies its calls. */
    publicKey: string | undefined;
    /** Our private key (PEM): signs our answers and our Games API calls. */
    privateKey: string | undefined;
    /** The aggregator's base URL; unset: the local simulator on this server. */
    apiUrl: string | undefined;
  };
  /** Sparrow SMS: token, sender identity and the API URL (default the public v2 endpoint). */
  sparrowSms: { token: string; from: string; url: string } | null;
  /**
   * Deposits through payment providers (issue 29, modules/payments). `live`: the secret key is
   * configured. `simulator` (outside production, key unset): the local simulator on this server,
   * with a secret generated for this process. `disabled` (production, key unset): not offered.
   */
  esewa: {
    mode: 'live' | 'simulator' | 'disabled';
    productCode: string;
    secretKey: string;
    baseUrl: string | null;
  };
  khalti: { mode: 'live' | 'simulator' | 'disabled'; secretKey: string; baseUrl: string | null };
  /** PUBLIC_URL without a trailing slash; unset: the address the player's request came to. */
  publicUrl: string | undefined;
  /**
   * Web Push (issue 31): WEB_PUSH_PUBLIC_KEY / WEB_PUSH_PRIVATE_KEY, else a pair random per process,
   * which `npm start` replaces by one generated once per installation in DATA_DIR
   * (`installationVapidKeys`): never a default. `subject` null: push is off (GET /wps/push/key says so).
   */
  webPush: { publicKey: string; privateKey: string; subject: string | null; keysGenerated: boolean };
}

export interface LiveHostConfig {
  id: string;
  name: string;
  /**
   * No longer opened: each host's chat room is in the site (modules/rooms, issue 31). Still
   * accepted so an existing LIVE_HOSTS value keeps starting the server.
   */
  chatUrl?: string | undefined;
  avatarUrl: string | null;
  online: boolean;
  /** The host's stream, played in the room page's <video>; null: the room says there is none. */
  streamUrl?: string | null | undefined;
}

const liveHostsSchema = z.array(
  z.object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    name: z.string().min(1).max(80),
    chatUrl: z.string().url().startsWith('https://').optional(),
    avatarUrl: z.string().url().startsWith('https://').nullable().default(null),
    online: z.boolean().default(true),
    streamUrl: z.string().url().startsWith('https://').nullable().default(null),
  }),
);

/** LIVE_HOSTS: a JSON array; a malformed value stops start-up rather than hiding every host. */
function liveHosts(raw: string | undefined): LiveHostConfig[] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('LIVE_HOSTS: expected a JSON array');
  }
  const parsed = liveHostsSchema.safeParse(json);
  if (!parsed.success) throw new ConfigError(`LIVE_HOSTS: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

export class ConfigError extends Error {}

/**
 * SITE_LANGUAGES and DEFAULT_LANGUAGE (SPEC §9 "languages from configuration; default EN"): known
 * codes of SPEC §3 only, the default among them and listed first.
 */
export function siteLanguages(
  raw: string[],
  fallback: string,
): { siteLanguages: LanguageCode[]; defaultLanguage: LanguageCode } {
  const known = (c: string): c is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(c);
  const codes = [...new Set(raw.map((c) => c.toUpperCase()))];
  const unknown = codes.filter((c) => !known(c));
  if (unknown.length || codes.length === 0)
    throw new ConfigError(`SITE_LANGUAGES: expected language codes such as EN,NE (got "${raw.join(',')}")`);
  const def = fallback.toUpperCase();
  if (!known(def) || !codes.includes(def))
    throw new ConfigError(`DEFAULT_LANGUAGE: must be one of SITE_LANGUAGES (got "${fallback}")`);
  return {
    siteLanguages: [def, ...codes.filter((c): c is LanguageCode => c !== def && known(c))],
    defaultLanguage: def,
  };
}

/**
 * TRUST_PROXY: `false`/`0` trusts nobody; `true` or a number N trusts the N nearest hops (`true`
 * is one: a single reverse proxy in front); otherwise a comma list of addresses or CIDRs.
 * "Trust every hop" is not offered: it lets any client pick its own address.
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const v = raw.trim().toLowerCase();
  if (['false', '0', 'off', 'no', ''].includes(v)) return false;
  if (['true', 'on', 'yes'].includes(v)) return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split('/');
    const family = isIP(addr ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (!family || !bitsOk || extra !== undefined)) {
      throw new ConfigError(
        `TRUST_PROXY: expected false, a hop count, or addresses/CIDRs separated by commas (got "${entry}")`,
      );
    }
  }
  return entries;
}

/** `SEAMLESS_VENDOR_SECRETS=PG=s3cret,JDB=other`: vendor code = HMAC secret. */
function vendorSecrets(entries: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const code = entry.slice(0, at).trim().toUpperCase();
    if (at <= 0 || !/^[A-Z0-9_]{1,32}$/.test(code) || entry.length - at - 1 < 8) {
      throw new ConfigError(
        'SEAMLESS_VENDOR_SECRETS: expected VENDOR=secret pairs, secrets of 8+ characters',
      );
    }
    out[code] = entry.slice(at + 1);
  }
  return out;
}

const here = path.dirname(new URL(import.meta.url).pathname);
/** apps/web/dist, whether we run from src/ (tests, tsx) or from the bundled dist/main.js. */
const defaultWebDist = path.resolve(here, '..', '..', 'web', 'dist');
const defaultSandboxDist = path.resolve(here, '..', '..', 'sandbox-vendor', 'dist');

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.HUMAN_CHECK === 'off') {
    throw new ConfigError('HUMAN_CHECK=off is refused when NODE_ENV=production');
  }
  // A per-process random secret would void every code and captcha on restart and differ between
  // instances: acceptable for the demo, not for production.
  if (production && !e.APP_SECRET) {
    throw new ConfigError('APP_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  // /metrics shows routes, error rates and process internals: never public in production.
  if (production && !e.METRICS_TOKEN) {
    throw new ConfigError('METRICS_TOKEN is required when NODE_ENV=production (it guards /metrics)');
  }
  // A live eSewa merchant is named by its product code: a signed form without one is refused there.
  if (production && e.ESEWA_SECRET_KEY && !e.ESEWA_PRODUCT_CODE) {
    throw new ConfigError('ESEWA_PRODUCT_CODE is required with ESEWA_SECRET_KEY when NODE_ENV=production');
  }
  // The providers send players back to URLs built on our address: in production never on a Host
  // header a client chose.
  if (production && (e.ESEWA_SECRET_KEY || e.KHALTI_SECRET_KEY) && !e.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL is required with ESEWA_SECRET_KEY or KHALTI_SECRET_KEY when NODE_ENV=production',
    );
  }
  if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < 16) {
    throw new ConfigError('METRICS_TOKEN: at least 16 characters');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    testDatabaseUrl: e.TEST_DATABASE_URL,
    reportsDatabaseUrl: e.REPORTS_DATABASE_URL,
    redisUrl: e.REDIS_URL,
    testRedisUrl: e.TEST_REDIS_URL,
    humanCheck: e.HUMAN_CHECK === 'on',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    merchantCode: e.MERCHANT_CODE,
    imageCdns: e.IMAGE_CDNS,
    gameImageOrigins: e.GAME_IMAGE_ORIGINS,
    launchGameCdns: e.LAUNCH_GAME_CDNS,
    metricsToken: e.METRICS_TOKEN,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    operatorSessionIdleMinutes: Math.min(e.OPERATOR_SESSION_IDLE_MINUTES, e.SESSION_IDLE_MINUTES),
    operatorSessionMaxHours: Math.min(e.OPERATOR_SESSION_MAX_HOURS, e.SESSION_MAX_HOURS),
    totpKey: e.TOTP_ENCRYPTION_KEY ?? e.APP_SECRET ?? randomBytes(32).toString('hex'),
    totpKeyGenerated: !e.TOTP_ENCRYPTION_KEY && !e.APP_SECRET,
    // No default: a well-known secret would let anyone sign wins (issue 7).
    sandboxVendorSecret: e.SANDBOX_VENDOR_SECRET,
    sandboxVendor: e.SANDBOX_VENDOR ? e.SANDBOX_VENDOR === 'on' : !production,
    sandboxPlatformUrl: e.SANDBOX_PLATFORM_URL?.replace(/\/$/, ''),
    sandboxVendorDistDir: defaultSandboxDist,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    smsProviderToken: e.SMS_PROVIDER_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: !production && (e.SEED_DEMO ?? !e.DATABASE_URL),
    jobs: e.JOBS === 'on',
    crashLoop: e.CRASH_LOOP === 'on',
    ...crashChainKey(e, production),
    crashSaltBeacon: e.CRASH_SALT_BEACON_URL
      ? {
          url: e.CRASH_SALT_BEACON_URL.replace(/\/$/, ''),
          chainHash: e.CRASH_SALT_BEACON_CHAIN ?? DRAND_QUICKNET_CHAIN,
        }
      : production
        ? { url: DRAND_QUICKNET_URL, chainHash: e.CRASH_SALT_BEACON_CHAIN ?? DRAND_QUICKNET_CHAIN }
        : null,
    crashSaltDelaySeconds: e.CRASH_SALT_DELAY_SECONDS,
    appSecret: e.APP_SECRET ?? randomBytes(32).toString('hex'),
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    loginIpLimitPerMinute: e.LOGIN_IP_LIMIT_PER_MINUTE,
    walletHouseShards: e.WALLET_HOUSE_SHARDS,
    trialGrantMinor: toMinor(e.TRIAL_GRANT),
    withdrawMinMinor: toMinor(e.WITHDRAW_MIN),
    withdrawMaxMinor: toMinor(e.WITHDRAW_MAX),
    withdrawDailyCount: e.WITHDRAW_DAILY_COUNT,
    receiptAutoMinutes: e.RECEIPT_AUTO_MINUTES,
    vendorSecrets: vendorSecrets(e.SEAMLESS_VENDOR_SECRETS ?? []),
    businessUtcOffsetMinutes: e.BUSINESS_UTC_OFFSET
      ? (parseUtcOffset(e.BUSINESS_UTC_OFFSET) ?? DEFAULT_BUSINESS_UTC_OFFSET_MINUTES)
      : DEFAULT_BUSINESS_UTC_OFFSET_MINUTES,
    jobsMaxCatchUp: e.JOBS_MAX_CATCH_UP,
    lotteryFastSeconds: e.LOTTERY_FAST_SECONDS,
    lotteryFastCutoffSeconds: Math.min(e.LOTTERY_FAST_CUTOFF_SECONDS, e.LOTTERY_FAST_SECONDS - 1),
    lotteryResultsFeed: e.LOTTERY_RESULTS_FEED_URL
      ? {
          url: e.LOTTERY_RESULTS_FEED_URL,
          map: e.LOTTERY_RESULTS_FEED_MAP
            ? (JSON.parse(e.LOTTERY_RESULTS_FEED_MAP) as Record<string, string>)
            : {},
          periodSeconds: e.LOTTERY_RESULTS_FEED_SECONDS,
        }
      : null,
    agentActiveMinBet: BigInt(e.AGENT_ACTIVE_MIN_BET_PAISA),
    agentRealtimePeriodMs: e.AGENT_REALTIME_PERIOD_SECONDS * 1000,
    betsFinalitySeconds: e.BETS_FINALITY_SECONDS,
    betsPartitions: {
      daysAhead: e.BETS_PARTITION_DAYS_AHEAD,
      retentionDays: e.BETS_RETENTION_DAYS ?? null,
      archiveTablespace: e.BETS_ARCHIVE_TABLESPACE ?? null,
      exportDir: path.resolve(e.BETS_EXPORT_DIR ?? path.join(e.DATA_DIR, 'exports', 'bets')),
    },
    depositPendingMax: e.DEPOSIT_PENDING_MAX,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    imageMaxSide: e.IMAGE_MAX_SIDE,
    ageMin: e.AGE_MIN === '21' ? 21 : 18,
    currencySymbol: e.CURRENCY_SYMBOL,
    ...siteLanguages(e.SITE_LANGUAGES, e.DEFAULT_LANGUAGE),
    liveHosts: liveHosts(e.LIVE_HOSTS),
    hub88: hub88Config(e, production),
    sparrowSms: e.SPARROW_SMS_TOKEN
      ? {
          token: e.SPARROW_SMS_TOKEN,
          from: e.SPARROW_SMS_FROM ?? '',
          url: e.SPARROW_SMS_URL ?? 'https://api.sparrowsms.com/v2/sms/',
        }
      : null,
    ...paymentsConfig(e, production),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    webPush: webPushConfig(e),
  };
}

/** `https://host[:port]` of an https URL, null for anything else. */
function httpsOrigin(v: string): string | null {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** A fresh VAPID key pair (P-256), base64url; the private scalar padded to its 32 bytes as VAPID needs. */
export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url'),
  };
}

function webPushConfig(e: z.infer<typeof envSchema>): Config['webPush'] {
  // The subject is how a push service contacts the sender about abuse: a real address or the
  // site's own https origin, never an invented one. Without either, push stays off.
  const subject = e.WEB_PUSH_SUBJECT ?? (e.PUBLIC_URL ? httpsOrigin(e.PUBLIC_URL) : null) ?? null;
  const pub = e.WEB_PUSH_PUBLIC_KEY;
  const priv = e.WEB_PUSH_PRIVATE_KEY;
  if (!pub !== !priv) {
    throw new ConfigError('WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY: give both or neither');
  }
  if (pub && priv) {
    // A pair that does not match would be accepted here and refused by every push service later.
    let derived: string;
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(priv, 'base64url'));
      derived = ecdh.getPublicKey().toString('base64url');
    } catch {
      derived = '';
    }
    if (derived !== pub)
      throw new ConfigError('WEB_PUSH_PUBLIC_KEY is not the public key of WEB_PUSH_PRIVATE_KEY');
    return { publicKey: pub, privateKey: priv, subject, keysGenerated: false };
  }
  return { ...vapidKeyPair(), subject, keysGenerated: true };
}

/**
 * eSewa and Khalti. A configured secret key makes the provider live, against ESEWA_BASE_URL /
 * KHALTI_BASE_URL or, unset, the provider's production host in production and its test host
 * elsewhere. Without a key: outside production the local simulator (baseUrl null: this server's
 * /payments-sim/…) with a secret generated here, once per process, never a committed default;
 * in production the provider is disabled.
 */
function paymentsConfig(e: z.infer<typeof envSchema>, production: boolean): Pick<Config, 'esewa' | 'khalti'> {
  const url = (v: string | undefined) => v?.replace(/\/$/, '');
  const esewaKey = e.ESEWA_SECRET_KEY;
  const khaltiKey = e.KHALTI_SECRET_KEY;
  return {
    esewa: esewaKey
      ? {
          mode: 'live',
          productCode: e.ESEWA_PRODUCT_CODE ?? (production ? '' : 'EPAYTEST'),
          secretKey: esewaKey,
          // ePay v2 hosts (https://developer.esewa.com.np/pages/Epay-V2): production and UAT.
          baseUrl:
            url(e.ESEWA_BASE_URL) ??
            (production ? 'https://epay.esewa.com.np' : 'https://rc-epay.esewa.com.np'),
        }
      : {
          mode: production ? 'disabled' : 'simulator',
          productCode: e.ESEWA_PRODUCT_CODE ?? 'EPAYTEST',
          secretKey: production ? '' : randomBytes(24).toString('base64'),
          baseUrl: null,
        },
    khalti: khaltiKey
      ? {
          mode: 'live',
          secretKey: khaltiKey,
          // KPG-2 API bases (https://docs.khalti.com/khalti-epayment/): production and sandbox.
          baseUrl:
            url(e.KHALTI_BASE_URL) ??
            (production ? 'https://khalti.com/api/v2' : 'https://dev.khalti.com/api/v2'),
        }
      : {
          mode: production ? 'disabled' : 'simulator',
          secretKey: production ? '' : `sim_secret_key_${randomBytes(16).toString('hex')}`,
          baseUrl: null,
        },
  };
}

/** drand quicknet (https://docs.drand.love/docs/dev-guide/3-4-dev-guide-http-api): 3 s rounds. */
const DRAND_QUICKNET_URL = 'https://api.drand.sh';
const DRAND_QUICKNET_CHAIN = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';

function crashChainKey(
  e: z.infer<typeof envSchema>,
  production: boolean,
): Pick<Config, 'crashChainKey' | 'crashChainKeyGenerated'> {
  if (e.CRASH_CHAIN_KEY) return { crashChainKey: e.CRASH_CHAIN_KEY, crashChainKeyGenerated: false };
  if (e.CRASH_CHAIN_KEY_FILE) {
    let key: string;
    try {
      key = readFileSync(e.CRASH_CHAIN_KEY_FILE, 'utf8').trim();
    } catch (err) {
      throw new ConfigError(`CRASH_CHAIN_KEY_FILE: cannot read it (${(err as Error).message})`);
    }
    if (key.length < 32)
      throw new ConfigError('CRASH_CHAIN_KEY_FILE: the key must be at least 32 characters');
    return { crashChainKey: key, crashChainKeyGenerated: false };
  }
  return {
    crashChainKey: production ? null : randomBytes(32).toString('hex'),
    crashChainKeyGenerated: true,
  };
}

const pem = (v: string | undefined) => v?.replace(/\\n/g, '\n');

function hub88Config(e: z.infer<typeof envSchema>, production: boolean): Config['hub88'] {
  const publicKey = pem(e.HUB88_PUBLIC_KEY);
  const privateKey = pem(e.HUB88_PRIVATE_KEY);
  const live = Boolean(publicKey && privateKey && (!production || (e.HUB88_OPERATOR_ID && e.HUB88_API_URL)));
  return {
    mode: live ? 'live' : production ? 'disabled' : 'simulator',
    operatorId: e.HUB88_OPERATOR_ID ?? 1,
    publicKey: live ? publicKey : undefined,
    privateKey: live ? privateKey : undefined,
    apiUrl: e.HUB88_API_URL?.replace(/\/$/, ''),
  };
}

/** A config for tests: quiet, no jobs, human check off unless a test turns it on. */
/**
 * The installation's own TOTP key for a server started without TOTP_ENCRYPTION_KEY or APP_SECRET
 * (the demo): random, created once in DATA_DIR with owner-only permissions, so operators' enrolled
 * secrets survive a restart without any key written in the code.
 */
export function installationTotpKey(dataDir: string): string {
  return installationKey(dataDir, 'totp.key');
}

function installationKey(
  dataDir: string,
  name: string,
  make: () => string = () => randomBytes(32).toString('hex'),
): string {
  const file = path.join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, make(), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The installation's own crash chain key for a server started outside production without
 * CRASH_CHAIN_KEY (the demo): random, created once in DATA_DIR with owner-only permissions, so a
 * restart keeps playing the committed chain. It lives beside the database, not in it: a copy or
 * replica of the database alone still tells no future point.
 */
export function installationCrashChainKey(dataDir: string): string {
  return installationKey(dataDir, 'crash-chain.key');
}

/**
 * The installation's own VAPID key pair for a server started without WEB_PUSH_PUBLIC_KEY and
 * WEB_PUSH_PRIVATE_KEY: created once in DATA_DIR (owner-only), so the devices that subscribed keep
 * receiving after a restart (a subscription is bound to the key it was made with). Instances of
 * one site must share it: set the variables when there is more than one.
 */
export function installationVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const pair = JSON.parse(
    installationKey(dataDir, 'web-push-vapid.json', () => JSON.stringify(vapidKeyPair())),
  ) as { publicKey: string; privateKey: string };
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HUMAN_CHECK: 'off',
      JOBS: 'off',
      CRASH_LOOP: 'off',
      SEED_DEMO: 'false',
      SANDBOX_VENDOR: 'off',
      // Consumers take rows at once in tests; the finality suite sets its own.
      BETS_FINALITY_SECONDS: '0',
    }),
    testDatabaseUrl: loadConfig().testDatabaseUrl,
    ...overrides,
  };
}
