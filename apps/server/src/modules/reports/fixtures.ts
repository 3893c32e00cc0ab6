import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Test fixtures of the reports suites: rows as their owning modules write them, with the instants
 * the hand-worked figures need (the services stamp `now()`). Not used by the app.
 */

const id = () => randomBytes(6).toString('hex');
/** Bigints travel as text (both drivers), cast by the column. */
const big = (v: bigint | null) => (v === null ? null : v.toString());

export interface FixtureBet {
  memberId: number;
  vendor: string;
  gameCode: string;
  stake: bigint;
  payout: bigint;
  at: string;
  trial?: boolean;
  source?: 'seamless' | 'inhouse' | 'lottery';
}

export async function insertBet(db: Db, b: FixtureBet): Promise<void> {
  const trial = b.trial ?? false;
  await db.execute(sql`
    insert into bets (member_id, upline_path, source, vendor, game_code, game_type, round_id, stake, payout,
                      valid_stake, status, trial, settled_at)
    values (${b.memberId}, member_upline_path(${b.memberId}), ${b.source ?? 'seamless'}, ${b.vendor}, ${b.gameCode},
            ${b.vendor === 'INHOUSE' ? 'INHOUSE' : 'SLOT'}, ${`r-${id()}`}, ${big(b.stake)}, ${big(b.payout)},
            ${trial ? '0' : big(b.stake)}, ${b.stake < 0n ? 'rolled_back' : 'settled'}, ${trial}, ${b.at}::timestamptz)`);
}

export async function registeredAt(db: Db, memberId: number, at: string): Promise<void> {
  await db.execute(sql`update members set created_at = ${at}::timestamptz where id = ${memberId}`);
}

export async function insertDeposit(
  db: Db,
  d: {
    memberId: number;
    channel: string;
    amount: bigint;
    status: 'approved' | 'pending' | 'rejected';
    at: string;
  },
): Promise<void> {
  await db.execute(sql`
    insert into deposit_requests (member_id, request_key, channel_id, channel_code, amount, reference, status,
                                  reviewed_at, created_at)
    values (${d.memberId}, ${id()}, 1, ${d.channel}, ${big(d.amount)}, ${id()}, ${d.status},
            ${d.status === 'pending' ? null : d.at}::timestamptz, ${d.at}::timestamptz)`);
}

export async function insertWithdrawal(
  db: Db,
  w: {
    memberId: number;
    provider: string;
    amount: bigint;
    status: 'paid' | 'pending' | 'rejected';
    at: string;
  },
): Promise<void> {
  await db.execute(sql`
    insert into withdrawal_requests (member_id, request_key, payout_account_id, payout_kind, payout_provider,
                                     payout_account_number, payout_account_name, amount, status, paid_at, created_at)
    values (${w.memberId}, ${id()}, 1, 'wallet', ${w.provider}, '9800000000', 'Test', ${big(w.amount)}, ${w.status},
            ${w.status === 'paid' ? w.at : null}::timestamptz, ${w.at}::timestamptz)`);
}

export async function insertPromotion(db: Db): Promise<number> {
  const r = await db.execute(sql`
    insert into promotions (title, summary, body, category, kind, starts_at, bonus_amount)
    values ('Report fixture', 's', 'b', 'all', 'free_bonus', now(), 100) returning id`);
  return Number((r as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
}

export async function insertBonus(
  db: Db,
  g: {
    memberId: number;
    promotionId: number;
    amount: bigint;
    grantedAt: string;
    status: 'active' | 'converted' | 'forfeited';
    settledAt?: string;
  },
): Promise<void> {
  await db.execute(sql`
    insert into bonus_grants (member_id, promotion_id, source_key, amount, wagering_required, contributions, status,
                              expires_at, created_at, settled_at)
    values (${g.memberId}, ${g.promotionId}, ${id()}, ${big(g.amount)}, 0, '{}'::jsonb, ${g.status},
            ${g.grantedAt}::timestamptz + interval '30 days', ${g.grantedAt}::timestamptz,
            ${g.settledAt ?? null}::timestamptz)`);
}

export async function insertRebate(
  db: Db,
  r: { memberId: number; amount: bigint; at: string },
): Promise<void> {
  await db.execute(sql`
    insert into rebate_claims (member_id, period, from_at, to_at, valid_stake, amount, created_at)
    values (${r.memberId}, ${id()}, ${r.at}::timestamptz - interval '1 day', ${r.at}::timestamptz, 100000, ${big(r.amount)},
            ${r.at}::timestamptz)`);
}

export async function insertRedemption(
  db: Db,
  r: { memberId: number; cashValue: bigint | null; status: 'process' | 'approved' | 'rejected'; at: string },
): Promise<void> {
  const p = await db.execute(sql`
    insert into points_products (name, kind, points, cash_value)
    values ('Fixture', ${r.cashValue === null ? 'physical' : 'cash'}, 100, ${big(r.cashValue)}) returning id`);
  const productId = Number((p as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
  await db.execute(sql`
    insert into points_redemptions (member_id, product_id, product_name, points, cash_value, status, reviewed_at,
                                    created_at)
    values (${r.memberId}, ${productId}, 'Fixture', 100, ${big(r.cashValue)}, ${r.status},
            ${r.status === 'process' ? null : r.at}::timestamptz, ${r.at}::timestamptz)`);
}
