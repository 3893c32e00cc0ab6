import { z } from 'zod';
import type { FeatureFlag } from './constants.ts';
import { CONTRACT_REQUEST_KINDS } from './members.ts';
import { moneyString } from './money.ts';
import { intFromText, safeString } from './safe.ts';

/** An amount in an answer: signed decimal text ("-12.50"). */
const amount = z.string();
import { dateBoundSchema, pageOf, pageQuerySchema } from './wallet.ts';

/**
 * The agent area (issue 12, SPEC §3 contracts, §4 contract states, §7 salary calls, §9 periods).
 * Two shapes are fixed for outside tools: the offer body and the salary rows.
 */

export const CONTRACT_KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
/**
 * SPEC §6: the switch of each contract kind (enableCt: dividend contracts; salary: daily wages;
 * hourSalary; agentRealtimeSalary). All of them also need AGENTPOLICY3.
 */
export const CONTRACT_KIND_FLAGS = {
  DIVIDEND: 'enableCt',
  DAILY: 'salary',
  HOURLY: 'hourSalary',
  REALTIME: 'agentRealtimeSalary',
} as const satisfies Record<ContractKind, FeatureFlag>;
/** Whether a kind is switched on, given the site's flags (a missing one has its default: on). */
export const contractKindEnabled = (flags: Readonly<Record<string, boolean>>, kind: ContractKind) =>
  flags.AGENTPOLICY3 !== false && flags[CONTRACT_KIND_FLAGS[kind]] !== false;
export const contractKindSchema = z.enum(CONTRACT_KINDS);

/** SPEC §3 pay periods (dividends). */
export const PAY_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];
export const payPeriodSchema = z.enum(PAY_PERIODS);

/** SPEC §4: offered by the upline, accepted or rejected, later ended (terminated or auto-ended). */
export const CONTRACT_STATUSES = ['OFFERED', 'ACTIVE', 'REJECTED', 'ENDED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** A rate in percent with at most two decimals, 0 < rate ≤ 100 ("1.50" is 1.5 %). */
export const RATE_RE = /^(100(\.0{1,2})?|[1-9]?\d(\.\d{1,2})?)$/;
export const rateString = safeString().regex(RATE_RE, 'Invalid rate');

/** Percent text → hundredths of a percent (basis points): "1.50" → 150. */
export function rateToBp(rate: string): number {
  const [whole, frac = ''] = rate.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
export const bpToRate = (bp: number): string =>
  `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

export const contractTierSchema = z.object({
  minValidBet: moneyString.optional(),
  minNetLoss: moneyString.optional(),
  minActiveMembers: z.number().int().min(0).max(1_000_000).optional(),
  rate: rateString,
});
export type ContractTier = z.infer<typeof contractTierSchema>;

/** POST /wps/agent/contracts — fixed shape (issue 12). */
export const contractOfferSchema = z.object({
  downline: safeString().min(1).max(64),
  kind: contractKindSchema,
  rate: rateString.optional(),
  tiers: z.array(contractTierSchema).min(1).max(20).optional(),
  payPeriod: payPeriodSchema.optional(),
  /** Whether the downline's own bets count toward its own pay (default: no, only everyone below it). */
  ownPlay: z.boolean().optional(),
});
export type ContractOffer = z.infer<typeof contractOfferSchema>;
export const contractOfferResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(CONTRACT_STATUSES),
});

export const contractSchema = z.object({
  id: z.number().int(),
  kind: contractKindSchema,
  status: z.enum(CONTRACT_STATUSES),
  /** RECEIVED: the caller is the downline; OFFERED: the caller is the upline. */
  side: z.enum(['RECEIVED', 'OFFERED']),
  /** The paying side's account; null when the platform pays (a top-level agent's contract). */
  upline: safeString().nullable(),
  downline: safeString(),
  rate: z.string().nullable(),
  tiers: z.array(contractTierSchema),
  payPeriod: payPeriodSchema.nullable(),
  /** Whether the downline's own bets count toward this contract (else only everyone below it). */
  ownPlay: z.boolean(),
  /** An open request waiting for the other side: the offer itself, or a termination. */
  request: z.object({ kind: z.enum(CONTRACT_REQUEST_KINDS), by: z.enum(['UPLINE', 'DOWNLINE']) }).nullable(),
  createdAt: safeString(),
  acceptedAt: safeString().nullable(),
  endedAt: safeString().nullable(),
  endReason: safeString().nullable(),
  /** SPEC §3: the current period's figures of the downline's team (active contracts). */
  period: z
    .object({
      start: safeString(),
      activeMembers: z.number().int(),
      validBet: amount,
      profitLoss: z.string(),
    })
    .nullable(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractListQuerySchema = z.object({
  status: z.enum(CONTRACT_STATUSES).optional(),
  side: z.enum(['RECEIVED', 'OFFERED']).optional(),
});
export const contractListSchema = z.object({ content: z.array(contractSchema) });
export const contractIdParamsSchema = z.object({
  id: intFromText(z.number().int().min(1).max(2_147_483_647)),
});
export const contractActionResultSchema = contractOfferResultSchema.extend({
  /** A termination asked by one side stays ACTIVE until the other side confirms it. */
  request: z.enum(CONTRACT_REQUEST_KINDS).nullable(),
});

/** Which pages the agent area lists, as text on the wire: `?format=csv` streams the same rows. */
export const csvFormatSchema = z.object({ format: z.enum(['json', 'csv']).optional() });

const rangeQuery = z.object({ from: dateBoundSchema.optional(), to: dateBoundSchema.optional() });

export const PAYOUT_STATUSES = ['PAID', 'PENDING', 'NONE'] as const;

/** GET /wps/agent/salaries?kind= — rows in the fixed shape (issue 12). */
export const salaryQuerySchema = pageQuerySchema
  .extend({
    kind: z.enum(['DAILY', 'HOURLY', 'REALTIME']).optional(),
    /** RECEIVED: paid to the caller (default); PAID: paid by the caller to its downlines. */
    side: z.enum(['RECEIVED', 'PAID']).optional(),
  })
  .extend(rangeQuery.shape)
  .extend(csvFormatSchema.shape);
export const salaryRowSchema = z.object({
  contractId: z.number().int(),
  kind: contractKindSchema,
  period: safeString(),
  validBet: amount,
  rate: z.string(),
  amount: amount,
  status: z.enum(PAYOUT_STATUSES),
  account: safeString(),
  payer: safeString().nullable(),
});
export const salaryPageSchema = pageOf(salaryRowSchema);
export type SalaryRow = z.infer<typeof salaryRowSchema>;

export const dividendQuerySchema = pageQuerySchema
  .extend({ side: z.enum(['RECEIVED', 'PAID']).optional() })
  .extend(rangeQuery.shape)
  .extend(csvFormatSchema.shape);
export const dividendRowSchema = salaryRowSchema.extend({
  /** The team's net loss in the period (players' stakes minus payouts); negative: the team won. */
  netLoss: z.string(),
  activeMembers: z.number().int(),
  /** Deficit brought from the previous period and carried to the next. */
  carriedIn: amount,
  carriedOut: amount,
});
export const dividendPageSchema = pageOf(dividendRowSchema);
export type DividendRow = z.infer<typeof dividendRowSchema>;

/** GET /wps/agent/team/overview */
export const teamOverviewQuerySchema = rangeQuery;
export const teamOverviewSchema = z.object({
  from: safeString(),
  to: safeString(),
  members: z.number().int(),
  directMembers: z.number().int(),
  agents: z.number().int(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  validBet: amount,
  stake: amount,
  payout: amount,
  /** The team's result for the platform: stakes minus payouts (positive: the team lost). */
  profitLoss: z.string(),
  /** Approved deposits of the team (by approval time) and how many. */
  deposits: amount,
  depositCount: z.number().int(),
  /** Team members whose first approved deposit falls in the range. */
  firstDeposits: z.number().int(),
  /** Paid withdrawals of the team (by payment time) and how many. */
  withdrawals: amount,
  withdrawalCount: z.number().int(),
  /** Per business day of the range, for the chart. */
  daily: z.array(
    z.object({
      day: safeString(),
      validBet: amount,
      profitLoss: z.string(),
      activeMembers: z.number().int(),
    }),
  ),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

/** PUT /wps/agent/register (registerCenter): a downline player or sub-agent. */
export const agentRegisterSchema = z.object({
  username: safeString().max(64),
  password: safeString().max(128),
  confirmPassword: safeString().max(128),
  accountType: z.enum(['PLAYER', 'AGENT']),
  nickname: safeString().max(64).optional(),
  payeeName: safeString().max(128).optional(),
  email: safeString().max(254).optional(),
  mobileNum: safeString().max(32).optional(),
  countryDialingCode: safeString().max(8).optional(),
});
export const agentRegisterResultSchema = z.object({ id: z.number().int(), account: safeString() });

/** GET /wps/agent/downlines: one level of the tree (the caller's direct downline by default). */
export const downlineQuerySchema = pageQuerySchema
  .extend({
    /** Drill down: list this member's direct downline (must be in the caller's subtree). */
    parentId: intFromText(z.number().int().min(1).max(2_147_483_647)).optional(),
    /** Search the whole subtree by account prefix instead of one level. */
    search: safeString().max(64).optional(),
    sort: z.enum(['account', 'createdAt', 'balance']).optional(),
  })
  .extend(csvFormatSchema.shape);
export const downlineRowSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  nickname: safeString().nullable(),
  isAgent: z.boolean(),
  parentAccount: safeString().nullable(),
  level: z.number().int(),
  directCount: z.number().int(),
  status: safeString(),
  /** Cash and bonus: what the member can play with. */
  balance: amount,
  /** Salaries and dividends not yet moved to cash (never part of `balance`). */
  commission: amount,
  createdAt: safeString(),
});
export const downlinePageSchema = pageOf(downlineRowSchema);
export type DownlineRow = z.infer<typeof downlineRowSchema>;

/** GET /wps/agent/team/bets: rounds of the subtree. */
export const teamBetsQuerySchema = pageQuerySchema
  .extend({ account: safeString().max(64).optional() })
  .extend(rangeQuery.shape)
  .extend(csvFormatSchema.shape);
export const teamBetRowSchema = z.object({
  account: safeString(),
  vendor: safeString(),
  gameType: safeString(),
  gameCode: safeString().nullable(),
  roundId: safeString(),
  stake: z.string(),
  validBet: z.string(),
  payout: z.string(),
  status: safeString(),
  time: safeString(),
});
export const teamBetPageSchema = pageOf(teamBetRowSchema).extend({
  totals: z.object({ stake: z.string(), validBet: z.string(), payout: z.string() }),
});

/** GET /wps/agent/team/profit: user loss / P&L per member of one level (and its team). */
export const teamProfitQuerySchema = pageQuerySchema
  .extend({ parentId: intFromText(z.number().int().min(1).max(2_147_483_647)).optional() })
  .extend(rangeQuery.shape)
  .extend(csvFormatSchema.shape);
export const teamProfitRowSchema = z.object({
  id: z.number().int(),
  account: safeString(),
  isAgent: z.boolean(),
  validBet: z.string(),
  stake: z.string(),
  payout: z.string(),
  /** Stakes minus payouts of the member and everyone below it: the house's side, what contracts pay on. */
  profitLoss: z.string(),
  /**
   * Payouts minus stakes: what the member and everyone below it won (positive) or lost
   * (negative), the sign the member sees on their own profit page (`gameProfit`). The agent's
   * "User loss" page shows this one, so a member and their agent never read opposite signs.
   */
  memberWinLoss: z.string(),
  activeMembers: z.number().int(),
});
export const teamProfitPageSchema = pageOf(teamProfitRowSchema);

/** GET /wps/agent/income: my revenue by source. */
export const incomeQuerySchema = rangeQuery;
export const incomeSchema = z.object({
  from: safeString(),
  to: safeString(),
  rows: z.array(
    z.object({ kind: contractKindSchema, received: amount, paid: amount, net: z.string(), pending: amount }),
  ),
  received: amount,
  paid: amount,
  net: z.string(),
});

/** GET /wps/agent/downline/transactions: account record of one downline member. */
export const downlineTransactionsQuerySchema = pageQuerySchema
  .extend({ memberId: intFromText(z.number().int().min(1).max(2_147_483_647)) })
  .extend(rangeQuery.shape)
  .extend(csvFormatSchema.shape);

/** Operator console: payouts waiting for the payer's funds. */
export const pendingPayoutSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: contractKindSchema,
  period: safeString(),
  account: safeString(),
  payer: safeString().nullable(),
  amount: amount,
  attempts: z.number().int(),
  createdAt: safeString(),
});
export const pendingPayoutPageSchema = pageOf(pendingPayoutSchema);

/** Operator console: a platform contract for a top-level agent. */
export const platformContractSchema = contractOfferSchema;

/** GET /wps/agent/messages: platform messages about the caller's contracts (SPEC §4 auto-end notice …). */
export const CONTRACT_EVENTS = [
  'offered',
  'superseded',
  'accepted',
  'rejected',
  'withdrawn',
  'termination_requested',
  'terminated',
  'auto_ended',
] as const;
export const agentMessageSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: contractKindSchema,
  event: z.enum(CONTRACT_EVENTS),
  /** The other party of the contract; null for the platform. */
  counterparty: safeString().nullable(),
  createdAt: safeString(),
});
export const agentMessageListSchema = z.object({ content: z.array(agentMessageSchema) });
export type AgentMessage = z.infer<typeof agentMessageSchema>;

/** GET /wps/agent/wallet: the agent's own money, each account apart (commission is not cash). */
export const agentWalletSchema = z.object({
  /** Cash: played, withdrawn and transferred. */
  cash: amount,
  bonus: amount,
  /** Salaries and dividends received, until the agent moves them to cash. */
  commission: amount,
});
export type AgentWallet = z.infer<typeof agentWalletSchema>;

/** POST /wps/agent/commission/transfer: commission to the agent's own cash, with the payment password. */
export const commissionTransferInputSchema = z.object({
  amount: z
    .union([safeString().max(40), z.number()])
    .describe('Decimal string with at most two decimals, greater than 0'),
  paymentPassword: safeString().min(1).max(200),
  /** A client-made id: a retried submit moves the money once. */
  requestId: safeString()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type CommissionTransferInput = z.infer<typeof commissionTransferInputSchema>;
export const commissionTransferResultSchema = z.object({
  transactionId: z.number().int(),
  amount,
  /** The agent's balances after the move. */
  cash: amount,
  commission: amount,
});
