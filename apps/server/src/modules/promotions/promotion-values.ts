import { type PromotionInput, toMinor } from '@wps/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { PromotionDraft } from './promotion-view.ts';
import { promotions } from './schema.ts';

/**
 * A console draft as a promotions row: the fields each kind needs, the table's shape checks as
 * field errors, and the fields a kind does not use cleared. Also the demo seed, which goes
 * through the same checks.
 */

export function promotionValues(draft: PromotionDraft) {
  const input: PromotionInput = {
    imageId: null,
    announcementImageIds: [],
    period: null,
    claimLimit: null,
    minLoss: null,
    autoCredit: false,
    ...draft,
  };
  const minor = (v: string | null) => (v === null ? null : toMinor(v));
  const required: Partial<Record<PromotionInput['kind'], Array<keyof PromotionInput>>> = {
    deposit_bonus: ['depositNth', 'percent', 'cap'],
    reload: ['percent', 'cap'],
    cashback: ['period', 'percent', 'cap'],
    tickets: ['ticketKind', 'ticketCount'],
  };
  const missing = (required[input.kind] ?? []).filter((k) => !input[k]);
  if (missing.length)
    throw new AppError('VALIDATION', {
      messageKey: 'inputEmpty',
      fields: Object.fromEntries(missing.map((k) => [k, 'inputEmpty'])),
    });
  // The table's shape checks, as field errors rather than a refused insert.
  const invalid: Array<keyof PromotionInput> = [];
  if (input.kind === 'deposit_bonus' && (input.depositNth ?? 0) > 5) invalid.push('depositNth');
  if (input.kind === 'cashback' && (input.percent ?? 0) > 100) invalid.push('percent');
  if (input.cap !== null && toMinor(input.cap) <= 0n && required[input.kind]?.includes('cap'))
    invalid.push('cap');
  if (invalid.length)
    throw new AppError('VALIDATION', {
      messageKey: 'badRequest',
      fields: Object.fromEntries(invalid.map((k) => [k, 'badRequest'])),
    });
  const tickets = input.kind === 'tickets';
  return {
    title: input.title,
    summary: input.summary,
    body: input.body,
    titleNe: input.titleNe,
    summaryNe: input.summaryNe,
    bodyNe: input.bodyNe,
    category: input.category,
    labels: input.labels,
    languages: input.languages.map((l) => l.toUpperCase()),
    imageUrl: input.imageUrl,
    imageId: input.imageId,
    announcementImageIds: input.announcementImageIds,
    kind: input.kind,
    audience: input.audience,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    enabled: input.enabled,
    depositNth: input.depositNth,
    percent: input.percent,
    cap: minor(input.cap),
    minDeposit: minor(input.minDeposit),
    bonusAmount: minor(input.bonusAmount),
    period: input.kind === 'cashback' || input.kind === 'reload' ? input.period : null,
    claimLimit: input.kind === 'reload' ? input.claimLimit : null,
    minLoss: input.kind === 'cashback' ? minor(input.minLoss) : null,
    autoCredit: input.kind === 'cashback' && input.autoCredit,
    wageringMultiplier: input.wageringMultiplier,
    expiryDays: input.expiryDays,
    contributions: input.contributions,
    ticketKind: tickets ? input.ticketKind : null,
    ticketCount: tickets ? input.ticketCount : null,
    sort: input.sort,
  };
}

/** Demo promotions (seed only): added once, when there are none. */
export async function ensureDemoPromotions(db: Db, inputs: PromotionDraft[]): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promotions);
  if ((row?.n ?? 0) > 0) {
    // A demo seeded before Nepali texts existed: a promotion still as seeded gets its Nepali (issue 27).
    let filled = false;
    for (const i of inputs) {
      if (!i.titleNe) continue;
      const done = await db
        .update(promotions)
        .set({ titleNe: i.titleNe, summaryNe: i.summaryNe, bodyNe: i.bodyNe })
        .where(and(eq(promotions.title, i.title), eq(promotions.body, i.body), eq(promotions.titleNe, '')))
        .returning({ id: promotions.id });
      filled ||= done.length > 0;
    }
    return filled;
  }
  for (const input of inputs) await db.insert(promotions).values(promotionValues(input));
  return true;
}
