import type { FastifyInstance } from 'fastify';
import { type CreatedAccount, createMember, createOperator } from '../../test/members.ts';
import {
  insertBet,
  insertBonus,
  insertDeposit,
  insertPromotion,
  insertRebate,
  insertRedemption,
  insertWithdrawal,
  registeredAt,
} from './fixtures.ts';

/**
 * Hand-worked fixtures over business days 2026-03-10 and 2026-03-11 (Nepal, UTC+05:45: the day
 * 2026-03-11 starts at 2026-03-10T18:15:00Z). Every figure below is worked out by hand in the
 * comments; rows one second either side of each Nepal midnight check the cut.
 */
export const D10_LAST = '2026-03-10T18:14:59Z'; // 23:59:59 on the 10th in Kathmandu
export const D11_FIRST = '2026-03-10T18:15:00Z'; // 00:00:00 on the 11th in Kathmandu

export interface HandWorked {
  op: CreatedAccount;
  agentA: CreatedAccount;
  subS: CreatedAccount;
  p1: CreatedAccount;
  p2: CreatedAccount;
  p3: CreatedAccount;
}

/** Agent A → sub-agent S; p1 under A, p2 under S, p3 without an agent; and their money over the two days. */
export async function seedHandWorked(app: FastifyInstance): Promise<HandWorked> {
  const db = app.database.db;
  const op = await createOperator(app, { permissions: ['reports'] });
  const agentA = await createMember(app, { type: 1 });
  const subS = await createMember(app, { type: 2, parentId: agentA.id });
  const p1 = await createMember(app, { parentId: agentA.id });
  const p2 = await createMember(app, { parentId: subS.id });
  const p3 = await createMember(app);
  const trial = await createMember(app, { type: 4 });

  // Registrations: A and S before the range; p1 last second of the 10th; p2 first second of the 11th.
  await registeredAt(db, agentA.id, '2026-03-08T06:00:00Z');
  await registeredAt(db, subS.id, '2026-03-08T07:00:00Z');
  await registeredAt(db, p1.id, D10_LAST);
  await registeredAt(db, p2.id, D11_FIRST);
  await registeredAt(db, p3.id, '2026-03-11T06:00:00Z');
  await registeredAt(db, trial.id, '2026-03-10T06:00:00Z'); // trial: not a registration

  // Bets. Day 10: stake 300.00, payout 350.00 → GGR −50.00 (2 bets).
  await insertBet(db, {
    memberId: p1.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: 10000n,
    payout: 5000n,
    at: '2026-03-10T10:00:00Z',
  });
  await insertBet(db, {
    memberId: p2.id,
    vendor: 'INHOUSE',
    gameCode: 'dice',
    stake: 20000n,
    payout: 30000n,
    at: D10_LAST,
    source: 'inhouse',
  });
  await insertBet(db, {
    memberId: p3.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: 5000n,
    payout: 0n,
    at: '2026-03-10T11:00:00Z',
    trial: true,
  });
  // Day 11: stake 80 + 40 − 20 + 10 = 110.00, payout 10.00 → GGR 100.00 (4 bets).
  await insertBet(db, {
    memberId: p2.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: 8000n,
    payout: 0n,
    at: D11_FIRST,
  });
  await insertBet(db, {
    memberId: p3.id,
    vendor: 'JDB',
    gameCode: 'fishing',
    stake: 4000n,
    payout: 1000n,
    at: '2026-03-11T12:00:00Z',
  });
  await insertBet(db, {
    memberId: p1.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: -2000n,
    payout: 0n,
    at: '2026-03-11T13:00:00Z',
  });
  await insertBet(db, {
    memberId: subS.id,
    vendor: 'INHOUSE',
    gameCode: 'dice',
    stake: 1000n,
    payout: 0n,
    at: '2026-03-11T05:00:00Z',
    source: 'inhouse',
  });
  // Outside: one second before the 10th starts, and the first second of the 12th.
  await insertBet(db, {
    memberId: p1.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: 99900n,
    payout: 0n,
    at: '2026-03-09T18:14:59Z',
  });
  await insertBet(db, {
    memberId: p1.id,
    vendor: 'PG',
    gameCode: 'fortune',
    stake: 77700n,
    payout: 0n,
    at: '2026-03-11T18:15:00Z',
  });

  // Deposits: day 10 ESEWA 500; day 11 BANK1 1000 (p2's first), ESEWA 300, KHALTI 50 (p3's second ever).
  await insertDeposit(db, {
    memberId: p1.id,
    channel: 'ESEWA',
    amount: 50000n,
    status: 'approved',
    at: '2026-03-10T10:00:00Z',
  });
  await insertDeposit(db, {
    memberId: p1.id,
    channel: 'ESEWA',
    amount: 30000n,
    status: 'approved',
    at: '2026-03-11T10:00:00Z',
  });
  await insertDeposit(db, {
    memberId: p2.id,
    channel: 'BANK1',
    amount: 100000n,
    status: 'approved',
    at: D11_FIRST,
  });
  await insertDeposit(db, {
    memberId: p3.id,
    channel: 'ESEWA',
    amount: 20000n,
    status: 'approved',
    at: '2026-03-08T10:00:00Z',
  });
  await insertDeposit(db, {
    memberId: p3.id,
    channel: 'KHALTI',
    amount: 5000n,
    status: 'approved',
    at: '2026-03-11T11:00:00Z',
  });
  await insertDeposit(db, {
    memberId: p3.id,
    channel: 'ESEWA',
    amount: 70000n,
    status: 'pending',
    at: '2026-03-11T11:00:00Z',
  });
  await insertDeposit(db, {
    memberId: p3.id,
    channel: 'ESEWA',
    amount: 10000n,
    status: 'rejected',
    at: '2026-03-11T11:00:00Z',
  });
  // Withdrawals paid: day 10 Nabil Bank 400 (one minute before midnight); day 11 eSewa 150.
  await insertWithdrawal(db, {
    memberId: p2.id,
    provider: 'Nabil Bank',
    amount: 40000n,
    status: 'paid',
    at: '2026-03-10T18:14:00Z',
  });
  await insertWithdrawal(db, {
    memberId: p1.id,
    provider: 'eSewa',
    amount: 15000n,
    status: 'paid',
    at: '2026-03-11T08:00:00Z',
  });
  await insertWithdrawal(db, {
    memberId: p3.id,
    provider: 'eSewa',
    amount: 6000n,
    status: 'pending',
    at: '2026-03-11T08:00:00Z',
  });
  await insertWithdrawal(db, {
    memberId: p3.id,
    provider: 'eSewa',
    amount: 7000n,
    status: 'rejected',
    at: '2026-03-11T08:00:00Z',
  });

  // Bonus cost. Day 10: granted 100 + 40; converted 25 (p3's, at the last second); points 5 → cost 30.00.
  // Day 11: converted 100; rebate 12.34 → cost 112.34.
  const promo = await insertPromotion(db);
  await insertBonus(db, {
    memberId: p1.id,
    promotionId: promo,
    amount: 10000n,
    grantedAt: '2026-03-10T09:00:00Z',
    status: 'converted',
    settledAt: '2026-03-11T09:00:00Z',
  });
  await insertBonus(db, {
    memberId: p2.id,
    promotionId: promo,
    amount: 4000n,
    grantedAt: '2026-03-10T09:30:00Z',
    status: 'forfeited',
    settledAt: '2026-03-11T09:00:00Z',
  });
  await insertBonus(db, {
    memberId: p3.id,
    promotionId: promo,
    amount: 2500n,
    grantedAt: '2026-03-09T06:00:00Z',
    status: 'converted',
    settledAt: D10_LAST,
  });
  await insertRebate(db, { memberId: p2.id, amount: 1234n, at: D11_FIRST });
  await insertRedemption(db, {
    memberId: p1.id,
    cashValue: 500n,
    status: 'approved',
    at: '2026-03-10T12:00:00Z',
  });
  await insertRedemption(db, {
    memberId: p1.id,
    cashValue: 900n,
    status: 'rejected',
    at: '2026-03-10T12:00:00Z',
  });
  await insertRedemption(db, {
    memberId: p1.id,
    cashValue: null,
    status: 'approved',
    at: '2026-03-10T12:00:00Z',
  });
  return { op, agentA, subS, p1, p2, p3 };
}
