import { z } from 'zod';
import { MAX_AMOUNT_MINOR, MONEY_RE, toMinor } from './amounts.ts';
import { moneyString } from './money.ts';
import { safeString } from './safe.ts';

/**
 * Missions (daily tasks), the mission leaderboard and VIP levels (issue 14; SPEC §7 Public:
 * mission summary, mission leaderboard; SPEC §3 hasVip). Progress follows the bets record.
 */
export const MISSION_PERIODS = ['day', 'week'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
/** valid_bet: valid stake (NPR) · rounds: settled rounds (a count) · deposit: approved deposits (NPR). */
export const MISSION_METRICS = ['valid_bet', 'rounds', 'deposit'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];
/** process: under way · claim: reached, waiting for the claim · claimed: paid this period. */
export const MISSION_STATUSES = ['process', 'claim', 'claimed'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** A money amount above zero and at most MAX_AMOUNT. */
const amount = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) > 0n && toMinor(s) <= MAX_AMOUNT_MINOR,
  'Invalid amount',
);
const amountOrZero = moneyString.refine(
  (s) => MONEY_RE.test(s) && toMinor(s) <= MAX_AMOUNT_MINOR,
  'Invalid amount',
);

export const missionSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  description: safeString(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: safeString().nullable(),
  /** Money ("500.00") for valid_bet and deposit; a whole count ("10") for rounds. */
  target: safeString(),
  progress: safeString(),
  /** 0–100. */
  percent: z.number().int(),
  reward: moneyString,
  /** 0: paid as cash; n: paid as a bonus to wager n times (bonusDetails). */
  wageringMultiplier: z.number().int(),
  status: z.enum(MISSION_STATUSES),
  periodStart: safeString(),
  periodEnd: safeString(),
});
export type Mission = z.infer<typeof missionSchema>;

export const vipLevelSchema = z.object({
  level: z.number().int(),
  /** In the reader's language (issue 27). */
  name: safeString(),
  /** The operator's Nepali name (empty: the English one is shown). */
  nameNe: safeString(),
  minTurnover: moneyString,
  minDeposits: moneyString,
  bonus: moneyString,
  /** Paid every month to each member at this level. */
  monthlyBonus: moneyString,
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

export const vipStatusSchema = z.object({
  level: z.number().int(),
  name: safeString().nullable(),
  turnover: moneyString,
  deposits: moneyString,
  next: vipLevelSchema.nullable(),
  levels: z.array(vipLevelSchema),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

export const missionSummarySchema = z.object({
  missions: z.array(missionSchema),
  /** Missions reached and not yet claimed (the missionLeaderboard badge). */
  claimable: z.number().int(),
  vip: vipStatusSchema,
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const missionClaimInputSchema = z.object({
  missionId: z.number().int().positive().max(2_147_483_647),
});
export const missionClaimSchema = z.object({ missionId: z.number().int(), reward: moneyString });

export const leaderboardQuerySchema = z.object({
  period: z.enum(MISSION_PERIODS).default('day'),
});
export const leaderboardSchema = z.object({
  period: z.enum(MISSION_PERIODS),
  periodStart: safeString(),
  periodEnd: safeString(),
  list: z.array(
    z.object({
      rank: z.number().int(),
      /** Masked account (de***01). */
      account: safeString(),
      validBet: moneyString,
      rounds: z.number().int(),
      me: z.boolean(),
    }),
  ),
  /** The caller's rank and valid bet this period (null for a visitor or no play). */
  mine: z.object({ rank: z.number().int(), validBet: moneyString }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

// ------------------------------------------------------------------ operator

const TARGET_RE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
export const missionInputSchema = z
  .object({
    title: safeString().trim().min(1).max(120),
    description: safeString().trim().max(1000).default(''),
    /** Nepali versions (issue 27): empty shows the English to a Nepali reader. */
    titleNe: safeString().trim().max(120).default(''),
    descriptionNe: safeString().trim().max(1000).default(''),
    period: z.enum(MISSION_PERIODS),
    metric: z.enum(MISSION_METRICS),
    /** valid_bet and rounds only: count bets of this game type (null: every type). */
    gameType: safeString().trim().min(1).max(20).nullable().default(null),
    target: safeString().regex(TARGET_RE, 'Invalid amount'),
    reward: amount,
    wageringMultiplier: z.number().int().min(0).max(100).default(0),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(-1000).max(1000).default(0),
  })
  .superRefine((m, ctx) => {
    if (!TARGET_RE.test(m.target)) return;
    if (Number(m.target) <= 0) ctx.addIssue({ code: 'custom', path: ['target'], message: 'Invalid amount' });
    if (m.metric === 'rounds' && m.target.includes('.'))
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'Invalid amount' });
    if (m.metric === 'deposit' && m.gameType !== null)
      ctx.addIssue({ code: 'custom', path: ['gameType'], message: 'Invalid value' });
  });
export type MissionInput = z.infer<typeof missionInputSchema>;
export const missionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const adminMissionSchema = z.object({
  id: z.number().int(),
  title: safeString(),
  description: safeString(),
  titleNe: safeString(),
  descriptionNe: safeString(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: safeString().nullable(),
  target: safeString(),
  reward: moneyString,
  wageringMultiplier: z.number().int(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Rewards claimed so far (count and money). */
  claims: z.number().int(),
  paid: moneyString,
});
export type AdminMission = z.infer<typeof adminMissionSchema>;
export const adminMissionListSchema = z.array(adminMissionSchema);

export const vipLevelInputSchema = z.object({
  name: safeString().trim().min(1).max(40),
  /** Nepali name (issue 27): empty shows the English to a Nepali reader. */
  nameNe: safeString().trim().max(40).default(''),
  minTurnover: amountOrZero,
  minDeposits: amountOrZero,
  bonus: amountOrZero,
  monthlyBonus: amountOrZero.default('0.00'),
});
/** The whole table, lowest level first: level n is the n-th row; thresholds must not go down. */
export const vipLevelsInputSchema = z.object({
  levels: z
    .array(vipLevelInputSchema)
    .max(50)
    .superRefine((levels, ctx) => {
      for (let i = 1; i < levels.length; i++) {
        const [a, b] = [levels[i - 1]!, levels[i]!];
        if (![a.minTurnover, b.minTurnover, a.minDeposits, b.minDeposits].every((s) => MONEY_RE.test(s)))
          return;
        if (
          toMinor(b.minTurnover) < toMinor(a.minTurnover) ||
          toMinor(b.minDeposits) < toMinor(a.minDeposits)
        )
          ctx.addIssue({ code: 'custom', path: [i, 'minTurnover'], message: 'Invalid value' });
      }
    }),
});
export type VipLevelsInput = z.infer<typeof vipLevelsInputSchema>;
export const vipLevelListSchema = z.array(vipLevelSchema.extend({ members: z.number().int() }));
