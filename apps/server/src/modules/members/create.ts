import { randomBytes } from 'node:crypto';
import { isAgentType } from '@wps/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import {
  normalizeAccount,
  normalizeDialCode,
  normalizeEmail,
  normalizeMobile,
  randomCode,
  uniqueViolation,
} from './normalize.ts';
import { hashPassword } from './passwords.ts';
import { members } from './schema.ts';

export type Member = typeof members.$inferSelect;

export interface CreateMemberInput {
  account: string;
  /** Plain password to hash; or `passwordHash` for accounts created with an unusable one. */
  password?: string;
  passwordHash?: string;
  type?: number;
  parentId?: number | null;
  paymentPassword?: string | null;
  nickname?: string | null;
  payeeName?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  countryDialingCode?: string | null;
  mobileNum?: string | null;
  mobileVerified?: boolean;
  qqNum?: string | null;
  line?: string | null;
  whatsapp?: string | null;
  facebook?: string | null;
  wechat?: string | null;
  idNumber?: string | null;
  recommenderId?: string | null;
  referrerId?: number | null;
  registerMethod?: string | null;
  registerUrl?: string | null;
  domain?: string | null;
  registerIp?: string | null;
  /** Agents get an affiliate code; pass one to choose it (seed), else a random one is made. */
  affiliateCode?: string | null;
}

/** Creates a member. Unique clashes answer CONFLICT with the field's message. */
export async function createMember(tx: DbOrTx, input: CreateMemberInput): Promise<Member> {
  const passwordHash =
    input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(24).toString('base64url')));
  const paymentPasswordHash = input.paymentPassword ? await hashPassword(input.paymentPassword) : null;
  const type = input.type ?? 0;
  const mobile = input.mobileNum ? normalizeMobile(input.mobileNum) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await tx
        .insert(members)
        .values({
          account: normalizeAccount(input.account),
          type,
          parentId: input.parentId ?? null,
          passwordHash,
          paymentPasswordHash,
          nickname: input.nickname ?? null,
          payeeName: input.payeeName?.trim() || null,
          email: input.email ? normalizeEmail(input.email) : null,
          emailVerified: input.emailVerified ?? false,
          countryDialingCode: mobile ? normalizeDialCode(input.countryDialingCode) || null : null,
          mobileNum: mobile,
          mobileVerified: input.mobileVerified ?? false,
          qqNum: input.qqNum ?? null,
          line: input.line ?? null,
          whatsapp: input.whatsapp ?? null,
          facebook: input.facebook ?? null,
          wechat: input.wechat ?? null,
          idNumber: input.idNumber ?? null,
          recommenderId: input.recommenderId ?? null,
          referrerId: input.referrerId ?? null,
          registerMethod: input.registerMethod ?? null,
          registerUrl: input.registerUrl ?? null,
          domain: input.domain ?? null,
          registerIp: input.registerIp ?? null,
          affiliateCode: isAgentType(type) ? (input.affiliateCode ?? randomCode()).toUpperCase() : null,
          referralCode: randomCode(),
        })
        .returning();
      return row!;
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'members_account_unique')
        throw new AppError('CONFLICT', {
          messageKey: 'usernameTaken',
          fields: { username: 'usernameTaken' },
        });
      if (constraint === 'members_mobile_unique')
        throw new AppError('CONFLICT', { messageKey: 'mobileTaken', fields: { mobileNum: 'mobileTaken' } });
      // A random referral/affiliate code collided: draw again (a chosen affiliate code is a conflict).
      if (
        (constraint === 'members_referral_code_unique' ||
          (constraint === 'members_affiliate_code_unique' && !input.affiliateCode)) &&
        attempt < 5
      )
        continue;
      throw err;
    }
  }
}
