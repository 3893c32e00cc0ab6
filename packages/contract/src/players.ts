import { z } from 'zod';
import { intFromText, safeString } from './safe.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/**
 * The operator console's view of players and agents (issue 16): search, profile, status, notes,
 * tags and risk flags, KYC, login history with linked accounts, sessions, moves in the agent
 * tree and the agent tree browser. Permissions: players.read, players.write, players.kyc, agents.
 */

export const PLAYER_SEARCH_BY = ['account', 'mobile', 'email', 'name', 'ip', 'device'] as const;
export type PlayerSearchBy = (typeof PLAYER_SEARCH_BY)[number];
/** active: normal. frozen: no login, no bets, reversible. closed: final (no login, no bets). */
export const PLAYER_STATUSES = ['active', 'frozen', 'closed'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const RISK_FLAGS = [
  'bonus_abuse',
  'multi_account',
  'fraud',
  'chargeback',
  'aml_review',
  'problem_gambling',
] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'address', 'other'] as const;
export const KYC_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** KYC files: PNG/JPEG images (re-encoded) or PDF, up to this many bytes. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;

const isoDate = z.string().describe('ISO date-time');

export const playerSearchQuerySchema = pageQuerySchema.extend({
  by: z.enum(PLAYER_SEARCH_BY).default('account'),
  q: safeString().trim().min(1).max(100),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export const playerRowSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  status: z.string(),
  payeeName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  registerIp: z.string().nullable(),
  parentAccount: z.string().nullable(),
  createdAt: isoDate,
  lastLoginAt: isoDate.nullable(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;
export const playerPageSchema = pageOf(playerRowSchema);

export const playerIdParamsSchema = z.object({ id: intFromText(z.number().int().min(1).max(2147483647)) });
export const playerSessionParamsSchema = playerIdParamsSchema.extend({
  sessionId: intFromText(z.number().int().min(1).max(2147483647)),
});
export const kycDocumentParamsSchema = playerIdParamsSchema.extend({ docId: z.uuid() });

export const kycDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  mime: z.string(),
  size: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  uploadedBy: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: isoDate.nullable(),
  createdAt: isoDate,
  url: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const playerProfileSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  nickname: z.string().nullable(),
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  mobileVerified: z.boolean(),
  registerIp: z.string().nullable(),
  registerUrl: z.string().nullable(),
  createdAt: isoDate,
  lastLoginAt: isoDate.nullable(),
  /** Uplines, root first. */
  uplines: z.array(z.object({ id: z.number().int(), account: z.string() })),
  tags: z.array(z.string()),
  riskFlags: z.array(z.enum(RISK_FLAGS)),
  /** Present only for operators with players.kyc. */
  kyc: z
    .object({
      status: z.enum(KYC_STATUSES),
      idNumber: z.string().nullable(),
      birthday: z.string().nullable(),
      documents: z.array(kycDocumentSchema),
    })
    .nullable(),
  balance: z.string().nullable(),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

export const playerStatusInputSchema = z.object({
  status: z.enum(PLAYER_STATUSES),
  reason: safeString().trim().min(1).max(500),
});
export const playerNoteInputSchema = z.object({ body: safeString().trim().min(1).max(2000) });
export const playerNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  authorAccount: z.string(),
  createdAt: isoDate,
});
export const playerNotesSchema = z.array(playerNoteSchema);

const tag = safeString()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,40}$/);
export const playerLabelsInputSchema = z.object({
  tags: z.array(tag).max(20),
  riskFlags: z.array(z.enum(RISK_FLAGS)).max(RISK_FLAGS.length),
});
export const playerLabelsSchema = z.object({
  tags: z.array(z.string()),
  riskFlags: z.array(z.enum(RISK_FLAGS)),
});

export const kycIdentityInputSchema = z.object({
  idNumber: safeString().trim().min(1).max(40).nullable().optional(),
  /**
   * The real name payout accounts must match (issue 27): the member sets it once in the security
   * centre; after that only an operator changes it here, audited. Null clears it.
   */
  payeeName: safeString().trim().min(1).max(100).nullable().optional(),
  /** yyyy-MM-dd */
  birthday: z.iso
    .date()
    .refine((d) => d >= '1900-01-01' && d <= '2100-12-31', 'badRequest')
    .nullable()
    .optional(),
});
export const kycUploadFieldsSchema = z.object({ kind: z.enum(KYC_DOCUMENT_KINDS).default('other') });
export const kycReviewInputSchema = z.object({
  approve: z.boolean(),
  reason: safeString().trim().max(500).optional(),
});

export const loginEventSchema = z.object({
  at: isoDate,
  ip: z.string(),
  userAgent: z.string().nullable(),
  deviceId: z.string().nullable(),
  loginType: z.string(),
  result: z.string(),
});
export const loginEventPageSchema = pageOf(loginEventSchema);

const linkedAccount = z.object({ id: z.number().int(), account: z.string(), status: z.string() });
export const playerTracesSchema = z.object({
  traces: z.array(
    z.object({
      kind: z.enum(['ip', 'device']),
      value: z.string(),
      logins: z.number().int(),
      firstAt: isoDate,
      lastAt: isoDate,
      /** Other accounts that signed in from the same address or device (or registered from the address). */
      accounts: z.array(linkedAccount),
    }),
  ),
});
export type PlayerTraces = z.infer<typeof playerTracesSchema>;

export const playerSessionSchema = z.object({
  id: z.number().int(),
  loginType: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoDate,
  lastSeenAt: isoDate,
  expiresAt: isoDate,
});
export const playerSessionsSchema = z.array(playerSessionSchema);

export const playerMoveInputSchema = z.object({
  /** The new upline agent's account; null moves the member to the top (no upline). */
  parentAccount: safeString().trim().min(1).max(100).nullable(),
});
export const playerMessageInputSchema = z.object({
  title: safeString().trim().min(1).max(100),
  body: safeString().trim().min(1).max(2000),
});

export const agentTreeQuerySchema = z.object({
  parentId: intFromText(z.number().int().min(1).max(2147483647)).optional(),
});
export const agentTreeNodeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.string(),
  directCount: z.number().int(),
  downlineCount: z.number().int(),
  contracts: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      status: z.string(),
      /** Percent with two decimals (basis points / 100), for flat-rate contracts. */
      rate: z.string().nullable(),
      uplineAccount: z.string().nullable(),
    }),
  ),
});
export type AgentTreeNode = z.infer<typeof agentTreeNodeSchema>;
export const agentTreeSchema = z.object({ nodes: z.array(agentTreeNodeSchema), truncated: z.boolean() });
