import { randomBytes } from 'node:crypto';
import { memberRole } from '@wps/contract';
import type { OperatorRole } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { totpRequiredFor } from '../modules/auth/totp.ts';
import { Accounts } from '../modules/wallet/accounts.ts';
import { enrolTotp } from './operators.ts';

export interface CreatedAccount {
  id: number;
  account: string;
  password: string;
  token: string;
}

export interface CreateMemberOptions {
  /** SPEC §3 member type: 0 player (default), 4 trial, 1/2/41/42 agents. */
  type?: number;
  parentId?: number | null;
  account?: string;
  password?: string;
  paymentPassword?: string;
  payeeName?: string;
  email?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  /** Date of birth; default 1990-01-01, null for none. */
  birthday?: string | null;
}

const randomAccount = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * A member created through the members service with an open session (no captcha, no human
 * check): for suites that need a signed-in player, agent or trial account.
 */
export async function createMember(
  app: FastifyInstance,
  opts: CreateMemberOptions = {},
): Promise<CreatedAccount> {
  const password = opts.password ?? 'Test@1234';
  const member = await app.services.members.create({
    account: opts.account ?? randomAccount('t'),
    password,
    type: opts.type ?? 0,
    parentId: opts.parentId ?? null,
    paymentPassword: opts.paymentPassword ?? null,
    payeeName: opts.payeeName ?? null,
    email: opts.email ?? null,
    countryDialingCode: opts.countryDialingCode ?? null,
    mobileNum: opts.mobileNum ?? null,
  });
  // An adult by default: player protection asks for a date of birth before the first deposit.
  if (opts.birthday !== null)
    await app.services.members.updateProfile(member.id, { birthday: opts.birthday ?? '1990-01-01' });
  const { token } = await app.services.auth.sessions.open({
    memberId: member.id,
    role: memberRole(member.type),
    loginType: 'test',
  });
  return { id: member.id, account: member.account, password, token };
}

/**
 * An operator with the given role and/or explicit permissions (e.g. `['*']`, `['cashier']`) and an
 * open session. An owner or finance operator is enrolled in TOTP unless `totp: false` (the
 * secret is in `totpSecret`; see test/operators.ts for codes).
 */
export async function createOperator(
  app: FastifyInstance,
  opts: { permissions?: string[]; role?: OperatorRole; account?: string; password?: string; totp?: boolean },
): Promise<CreatedAccount & { totpSecret: string | null }> {
  const password = opts.password ?? 'Admin@1234';
  const operator = await app.services.auth.operators.create({
    account: opts.account ?? randomAccount('op'),
    password,
    permissions: opts.permissions ?? [],
    role: opts.role ?? 'custom',
  });
  let totpSecret: string | null = null;
  if (opts.totp ?? totpRequiredFor(operator.role)) {
    totpSecret = await enrolTotp(app, operator.id, operator.account);
  }
  const { token } = await app.services.auth.sessions.open({
    operatorId: operator.id,
    role: 'operator',
    loginType: 'test',
  });
  return { id: operator.id, account: operator.account, password, token, totpSecret };
}

/** Credits a member's cash from the bank clearing account, as a deposit under `key` (once per key). */
export function depositCash(app: FastifyInstance, memberId: number, amount: bigint, key: string) {
  return app.services.wallet.post({
    key,
    reason: 'deposit',
    postings: [
      { account: Accounts.clearing('BANK'), amount: -amount },
      { account: Accounts.cash(memberId), amount },
    ],
  });
}
