import { z } from 'zod';
import { fromMinor, toMinor } from './amounts.ts';
import { moneyString } from './money.ts';
import { safeString } from './safe.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/**
 * Reward tickets (SPEC §3: red envelope, prize wheel, golden egg; issue 14). A ticket is opened
 * once; the server draws its prize from the ticket's prize table with the provably fair
 * construction (the member's in-house seed pair and nonce) and pays it through the ledger.
 */
export const TICKET_KINDS = ['WHEEL', 'ENVELOPE', 'EGG'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** cash: to the cash balance; bonus: to the bonus balance with wagering; points; nothing. */
export const PRIZE_TYPES = ['cash', 'bonus', 'points', 'nothing'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

/**
 * Weights are positive integers so the odds shown are exact fractions; the total is bounded so
 * that float × total stays an exact double (floats have 32 bits: 2^32 × 2^20 < 2^53).
 */
export const PRIZE_WEIGHT_TOTAL_MAX = 1_000_000;
export const PRIZES_MAX = 12;

export const prizeInputSchema = z
  .object({
    type: z.enum(PRIZE_TYPES),
    label: safeString().trim().max(40).default(''),
    amount: moneyString.nullable().default(null),
    points: z.number().int().min(1).max(10_000_000).nullable().default(null),
    wageringMultiplier: z.number().int().min(0).max(100).default(0),
    weight: z.number().int().min(1).max(PRIZE_WEIGHT_TOTAL_MAX),
  })
  .superRefine((p, ctx) => {
    const money = p.type === 'cash' || p.type === 'bonus';
    if (money && (p.amount === null || toMinor(p.amount) <= 0n))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'inputEmpty' });
    if (p.type === 'points' && p.points === null)
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'inputEmpty' });
  });
export type PrizeInput = z.infer<typeof prizeInputSchema>;

export const prizeTableInputSchema = z
  .object({
    enabled: z.boolean().default(true),
    prizes: z.array(prizeInputSchema).min(2).max(PRIZES_MAX),
  })
  .refine((t) => t.prizes.reduce((a, p) => a + p.weight, 0) <= PRIZE_WEIGHT_TOTAL_MAX, {
    path: ['prizes'],
    message: 'prizeWeightsTooLarge',
  });
export type PrizeTableInput = z.infer<typeof prizeTableInputSchema>;

export const prizeSchema = z.object({
  index: z.number().int(),
  type: z.enum(PRIZE_TYPES),
  label: safeString(),
  amount: moneyString.nullable(),
  points: z.number().int().nullable(),
  wageringMultiplier: z.number().int(),
  weight: z.number().int(),
  /** weight / total as a percent with two decimals ("12.50"): what the player is shown. */
  probability: safeString(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const prizeTableSchema = z.object({
  kind: z.enum(TICKET_KINDS),
  enabled: z.boolean(),
  totalWeight: z.number().int(),
  prizes: z.array(prizeSchema),
  updatedAt: safeString().nullable(),
  updatedBy: safeString().nullable(),
});
export type PrizeTable = z.infer<typeof prizeTableSchema>;
export const prizeTableListSchema = z.array(prizeTableSchema);
export const ticketKindParamsSchema = z.object({ kind: z.enum(TICKET_KINDS) });

export const TICKET_SOURCES = ['promotion', 'operator', 'mission', 'mall'] as const;

/** The draw's proof: the seed hash committed before, the client seed and nonce; the seed once revealed. */
export const ticketProofSchema = z.object({
  serverSeedHash: safeString(),
  clientSeed: safeString(),
  nonce: z.number().int(),
  /** Revealed when the member rotates their seed pair; null until then. */
  serverSeed: safeString().nullable(),
  /** Float 0 of the round, and its bucket floor(float × totalWeight). */
  float: z.number(),
  bucket: z.number().int(),
});

export const ticketSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  source: z.enum(TICKET_SOURCES),
  title: safeString(),
  status: z.enum(['issued', 'opened']),
  /** The odds this ticket was issued with (a later change of the table does not touch it). */
  prizes: z.array(prizeSchema),
  totalWeight: z.number().int(),
  result: prizeSchema.nullable(),
  proof: ticketProofSchema.nullable(),
  createdAt: safeString(),
  openedAt: safeString().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListSchema = z.object({
  /** Unopened tickets: the reward centre badge. */
  unopened: z.number().int(),
  /** What the next draw commits to: the member's current seed pair. */
  next: z.object({ serverSeedHash: safeString(), clientSeed: safeString(), nonce: z.number().int() }),
  tickets: z.array(ticketSchema),
});
export type TicketList = z.infer<typeof ticketListSchema>;
export const ticketIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

// ---------------------------------------------------------------- operator

export const ticketGrantInputSchema = z.object({
  account: safeString().trim().min(1).max(64),
  kind: z.enum(TICKET_KINDS),
  count: z.number().int().min(1).max(50),
  note: safeString().trim().max(200).optional(),
});
export const ticketGrantResultSchema = z.object({
  issued: z.number().int(),
  ticketIds: z.array(z.number().int()),
});

export const ticketReportQuerySchema = pageQuerySchema.extend({
  account: safeString().trim().max(64).optional(),
  kind: z.enum(TICKET_KINDS).optional(),
});
export const ticketReportSchema = z.object({
  totals: z.array(
    z.object({
      kind: z.enum(TICKET_KINDS),
      issued: z.number().int(),
      opened: z.number().int(),
      cash: moneyString,
      bonus: moneyString,
      points: z.number().int(),
      nothing: z.number().int(),
    }),
  ),
  tickets: pageOf(
    ticketSchema.omit({ prizes: true }).extend({ memberId: z.number().int(), account: safeString() }),
  ),
});
export type TicketReport = z.infer<typeof ticketReportSchema>;

/** weight / total as a percent with two decimals, rounded half up, from integers only. */
export function prizeProbability(weight: number, total: number): string {
  if (total <= 0) return '0.00';
  const hundredths = Math.floor((weight * 10_000 * 2 + total) / (2 * total));
  return fromMinor(BigInt(hundredths));
}
