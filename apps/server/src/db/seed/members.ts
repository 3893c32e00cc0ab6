import { SPEC } from '@wps/contract';
import type { Services } from '../../services.ts';

/**
 * Demo members (DESIGN §4): the player demo01, the agent agent01 with a small tree (direct
 * players, a sub-agent with players of its own), and `newbie01`, whose password is the default
 * weak password `{secret}`, for the forced password change journey.
 */
interface DemoMember {
  account: string;
  password: string;
  type: number;
  parent?: string;
  payeeName?: string;
  email?: string;
  mobileNum?: string;
  affiliateCode?: string;
  paymentPassword?: string;
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    account: 'demo01',
    password: 'Demo@1234',
    type: 0,
    payeeName: 'Demo Player',
    email: 'demo01@example.com',
    mobileNum: '9800000001',
    paymentPassword: '123456',
  },
  {
    account: 'agent01',
    password: 'Agent@1234',
    type: 1,
    payeeName: 'Agent One',
    email: 'agent01@example.com',
    affiliateCode: 'AGENT01',
    paymentPassword: '123456',
  },
  { account: 'player01', password: 'Player@1234', type: 0, parent: 'agent01', payeeName: 'Sita Sharma' },
  { account: 'player02', password: 'Player@1234', type: 0, parent: 'agent01', payeeName: 'Hari Thapa' },
  {
    account: 'subagent01',
    password: 'Agent@1234',
    type: 2,
    parent: 'agent01',
    payeeName: 'Gita Rai',
    affiliateCode: 'SUBAGENT01',
  },
  { account: 'player03', password: 'Player@1234', type: 0, parent: 'subagent01', payeeName: 'Bikash Gurung' },
  { account: 'player04', password: 'Player@1234', type: 0, parent: 'subagent01', payeeName: 'Maya Tamang' },
  { account: 'newbie01', password: SPEC.defaultWeakPassword, type: 0 },
];

export async function seedMembers({ members }: Services): Promise<boolean> {
  let changed = false;
  for (const d of DEMO_MEMBERS) {
    if (await members.getByAccount(d.account)) continue;
    const parent = d.parent ? await members.getByAccount(d.parent) : null;
    const created = await members.create({
      account: d.account,
      password: d.password,
      type: d.type,
      parentId: parent?.id ?? null,
      payeeName: d.payeeName ?? null,
      email: d.email ?? null,
      emailVerified: Boolean(d.email),
      countryDialingCode: d.mobileNum ? '977' : null,
      mobileNum: d.mobileNum ?? null,
      mobileVerified: Boolean(d.mobileNum),
      affiliateCode: d.affiliateCode ?? null,
      paymentPassword: d.paymentPassword ?? null,
      registerMethod: 'SEED',
    });
    // Demo people are adults (player protection asks for a date of birth before a deposit).
    await members.updateProfile(created.id, { birthday: '1990-01-01' });
    changed = true;
  }
  return changed;
}
