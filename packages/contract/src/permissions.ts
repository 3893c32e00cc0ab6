import { z } from 'zod';
import { safeString } from './safe.ts';

/**
 * Operator permissions: one per console capability, checked on the server by every `/wps/admin/*`
 * route (`requireRole(['operator'], '<permission>')`) and used by the console to hide sections.
 *
 * The rule, shared by server and web (`hasPermission`):
 *  - `*` grants everything;
 *  - a permission grants itself;
 *  - a parent grants its children: `players` grants `players.read`, `players.write`, `players.kyc`.
 */
export const PERMISSIONS = [
  /** Site settings, jobs, outbox, login audit. */
  'system',
  /** Deposit / withdrawal queues, player wallets, manual adjustments, channels. */
  'cashier',
  /** Game catalogue, vendors, rounds, in-house games, lottery. */
  'games',
  /** Official lottery results: enter one, approve another operator's (four eyes). */
  'lottery.results',
  'content',
  'promotions',
  'messages',
  'agents',
  /** The audit log. */
  'audit',
  /** Players console: search and profiles (read), status/notes/tags/sessions (write), KYC documents. */
  'players.read',
  'players.write',
  'players.kyc',
  /** Player protection: exclusions and the limit report (read), set exclusions (write). */
  'protection.read',
  'protection.write',
  /** Reports and the dashboard. */
  'reports',
  /** Operator accounts and their roles (owner only by default). */
  'operators',
  /** Live support: the chat queue, answers, canned answers (issue 31). */
  'support',
  /** Host rooms: delete messages, mute, ban, the word filter (issue 31). */
  'rooms',
] as const;
export type OperatorPermission = (typeof PERMISSIONS)[number];

/** Roles an owner assigns; `agents` is the agent manager. */
export const OPERATOR_ROLES = ['owner', 'finance', 'support', 'content', 'agents', 'custom'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What each role may do. `custom` grants nothing by itself: such an operator has only the
 * explicit permissions stored on the account. Every operator's effective set is its role's set
 * united with its explicit permissions (`effectivePermissions`).
 */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly string[]>> = {
  owner: ['*'],
  finance: ['cashier', 'reports', 'players.read', 'protection.read'],
  support: [
    'players.read',
    'players.write',
    'players.kyc',
    'protection.read',
    'protection.write',
    'messages',
    'support',
    'rooms',
  ],
  content: ['content', 'promotions', 'messages'],
  agents: ['agents', 'players.read', 'reports'],
  custom: [],
};

/** Roles that must sign in with a second factor (TOTP); until enrolled they may only enrol. */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['owner', 'finance'];

export const isOperatorRole = (v: unknown): v is OperatorRole =>
  typeof v === 'string' && (OPERATOR_ROLES as readonly string[]).includes(v);

/** The role's set ∪ the explicit permissions, sorted, without duplicates. */
export function effectivePermissions(role: string, explicit: readonly string[] = []): string[] {
  const fromRole = isOperatorRole(role) ? ROLE_PERMISSIONS[role] : [];
  return [...new Set([...fromRole, ...explicit])].sort();
}

/** Whether `granted` allows `needed` (see the rule above). */
export function hasPermission(granted: readonly string[], needed: string): boolean {
  if (granted.includes('*') || granted.includes(needed)) return true;
  const parts = needed.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    if (granted.includes(parts.slice(0, i).join('.'))) return true;
  }
  return false;
}

// ---- /wps/admin/operators (owner console) ----

const account = safeString()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'badRequest');
/** Operator passwords: 8-64 printable characters with upper and lower case, a digit and a symbol. */
export const operatorPasswordSchema = safeString()
  .min(8)
  .max(64)
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])[\x21-\x7e]+$/, 'badRequest');
const explicitPermissions = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);

export const operatorRowSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  role: z.enum(OPERATOR_ROLES),
  /** Explicit permissions stored on the account (on top of the role's). */
  permissions: z.array(safeString()),
  effectivePermissions: z.array(safeString()),
  status: z.enum(['active', 'disabled']),
  totpEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const operatorCreateSchema = z.object({
  account,
  password: operatorPasswordSchema,
  role: z.enum(OPERATOR_ROLES),
  permissions: explicitPermissions.optional(),
});
export type OperatorCreate = z.infer<typeof operatorCreateSchema>;

export const operatorRoleUpdateSchema = z.object({
  role: z.enum(OPERATOR_ROLES),
  permissions: explicitPermissions.optional(),
});
export const operatorStatusUpdateSchema = z.object({ status: z.enum(['active', 'disabled']) });
export const operatorPasswordResetSchema = z.object({ password: operatorPasswordSchema });
export const operatorIdParamsSchema = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number().int().positive(),
  ),
});

// ---- TOTP (RFC 6238) second factor ----

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: `xxxxx-xxxxx` from a lower-case alphabet without look-alikes. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

/** POST /wps/admin/session/login/totp: the challenge from the login answer and a code. */
export const operatorTotpLoginSchema = z.object({
  challenge: safeString().min(1).max(100),
  /** The six-digit code of the authenticator app, or one recovery code. */
  code: safeString().min(1).max(20),
});
export const totpEnrolmentSchema = z.object({
  /** Base32 secret, shown so it can be typed in when the QR code cannot be scanned. */
  secret: safeString(),
  /** otpauth:// URI for the QR code. */
  uri: safeString(),
});
export const totpConfirmSchema = z.object({ code: safeString().regex(/^\d{6}$/, 'codeEnterValid') });
export const totpConfirmedSchema = z.object({ recoveryCodes: z.array(safeString()) });
export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
