import type { ReferralStatus } from '@wps/contract';

/** The rule an operator sets: first deposit ≥ minDeposit and turnover ≥ minTurnover, both within N days of joining. */
export interface ReferralRule {
  minDeposit: bigint;
  minTurnover: bigint;
  withinDays: number;
}

/** What a referred player did: their first approved deposit and their valid stake inside the window. */
export interface ReferralProgress {
  joinedAt: Date;
  firstDeposit: { amount: bigint; approvedAt: Date } | null;
  /** Valid stake settled in [joinedAt, deadline). */
  turnover: bigint;
}

export interface Qualification {
  status: ReferralStatus;
  deadline: Date;
  depositPercent: number;
  turnoverPercent: number;
}

const DAY_MS = 86_400_000;

export const deadlineOf = (joinedAt: Date, withinDays: number): Date =>
  new Date(joinedAt.getTime() + withinDays * DAY_MS);

/** 0–100, whole; a zero target counts as met. */
export function percentOf(value: bigint, target: bigint): number {
  if (target <= 0n) return 100;
  if (value <= 0n) return 0;
  if (value >= target) return 100;
  return Number((value * 100n) / target);
}

/**
 * Where a referred player stands. Only the first deposit counts (a later bigger one does not
 * make up for a small first one) and only if approved before the deadline. A player who met
 * both legs inside the window qualifies even when this is evaluated after it closed (a job that
 * ran late must not cost the referrer the reward); one who did not is expired once `now` passes it.
 */
export function qualify(rule: ReferralRule, p: ReferralProgress, now: Date): Qualification {
  const deadline = deadlineOf(p.joinedAt, rule.withinDays);
  const deposit =
    p.firstDeposit && p.firstDeposit.approvedAt.getTime() < deadline.getTime() ? p.firstDeposit.amount : 0n;
  const depositMet = p.firstDeposit !== null && deposit > 0n && deposit >= rule.minDeposit;
  const turnoverMet = p.turnover >= rule.minTurnover;
  const status: ReferralStatus =
    depositMet && turnoverMet ? 'qualified' : now.getTime() >= deadline.getTime() ? 'expired' : 'process';
  return {
    status,
    deadline,
    depositPercent: p.firstDeposit === null ? 0 : depositMet ? 100 : percentOf(deposit, rule.minDeposit),
    turnoverPercent: percentOf(p.turnover, rule.minTurnover),
  };
}
