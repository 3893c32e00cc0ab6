import { randomInt } from 'node:crypto';
import {
  isAgentType,
  type LoginValue,
  type RegisterFieldRule,
  type RegisterRequest,
  type changePasswordRequestSchema,
  type paymentPasswordRequestSchema,
  type resetByPhoneRequestSchema,
} from '@wps/contract';
import type { z } from 'zod';
import type { MemberPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import type { Services } from '../../services.ts';
import type { RequestContext } from '../auth/service.ts';
import {
  normalizeAccount,
  normalizeDialCode,
  normalizeEmail,
  normalizeMobile,
  phoneDestination,
} from './normalize.ts';
import { checkNewPassword, DEFAULT_DIAL_CODE, FieldErrors, parsePhone } from './validation.ts';

/**
 * Account flows that span modules (members + auth sessions + verification codes + system
 * settings). Each is the body of one route; routes stay thin.
 */

/** Optional registration fields (SPEC §5): shown and required per the operator's register settings. */
const OPTIONAL_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
] as const;

/** Registrations one address may make in ten minutes. */
export const REGISTER_PER_IP_PER_10_MIN = 10;
/** How long a mailed temporary password works. */
export const TEMP_PASSWORD_MINUTES = 30;

export const rulesByField = async (s: Services) =>
  new Map<string, RegisterFieldRule>((await s.system.registerSettings()).map((r) => [r.field, r]));

const forbidTrial = (p: MemberPrincipal) => {
  if (p.role !== 'player' && p.role !== 'agent') throw new AppError('FORBIDDEN');
};

/** PUT /wps/member/register (username tab) and /wps/member/register/mobile (mobile tab). */
export async function register(
  s: Services,
  mode: 'username' | 'mobile',
  body: RegisterRequest,
  ctx: RequestContext,
): Promise<LoginValue> {
  const { system, members, auth, verification } = s;
  const flags = await system.flags();
  if (mode === 'username' && !flags.USERNAMEREG3) throw new AppError('NOT_ENABLED');
  if (mode === 'mobile' && !flags.MOBILENUMREG3) throw new AppError('NOT_ENABLED');
  await auth.rateLimit(`register:ip:${ctx.ip}`, REGISTER_PER_IP_PER_10_MIN, 10 * 60_000);

  const rules = await rulesByField(s);
  const e = new FieldErrors(ctx.locale);
  if (body.terms !== true) e.add('terms', 'agreeTo', [translate(ctx.locale, 'termsName')]);
  if (body.ageConfirmed !== true) e.add('ageConfirmed', 'ageConfirm', [s.system.ageMin]);

  const username = e.checkRule('username', body.username, rules.get('username'), {
    required: mode === 'username',
  });

  // The mobile tab shows password fields only with MOBILENUMPASSREG3 (SPEC §5).
  let password: string | null = null;
  if (mode === 'username' || flags.MOBILENUMPASSREG3) {
    password = checkNewPassword(
      e,
      rules.get('password'),
      'password',
      body.password,
      'confirmPassword',
      body.confirmPassword,
      {
        confirmRequired: true,
      },
    );
  }

  const mobileRule = rules.get('mobileNum');
  let phone: { dialCode: string; mobile: string } | null = null;
  if (mode === 'mobile' || mobileRule?.enabled) {
    const raw = body.mobileNum ?? body.mobileNo;
    const mobile = e.checkRule('mobileNum', raw === undefined ? raw : normalizeMobile(raw), mobileRule, {
      required: mode === 'mobile' || Boolean(mobileRule?.required),
    });
    if (mobile) {
      phone = { dialCode: normalizeDialCode(body.countryDialingCode) || DEFAULT_DIAL_CODE, mobile };
    }
  }
  const needCode = phone !== null && Boolean(flags.REGMOBVERF3);
  if (needCode && !body.verificationCode?.trim()) e.add('verificationCode', 'codeMissing');

  const values: Partial<Record<(typeof OPTIONAL_FIELDS)[number], string | null>> = {};
  for (const field of OPTIONAL_FIELDS) {
    const rule = rules.get(field);
    if (!rule?.enabled) continue;
    values[field] = e.checkRule(field, body[field], rule, { required: rule.required });
  }
  // SPEC §5: a payment password field, when shown, is always required.
  const payRule = rules.get('paymentPassword');
  const paymentPassword = payRule?.enabled
    ? e.checkRule('paymentPassword', body.paymentPassword, payRule, { required: true, trim: false })
    : null;

  e.throwIfAny();

  // Whether a name, number or invitation code exists is answered only past the human check:
  // the form must say "taken", but it must not be a free lookup service.
  await auth.requireHumanCheck(body.altcha);
  if (rules.get('captcha')?.enabled) await auth.requireCaptcha(body.captchaKey, body.captcha);
  // Player protection (issue 16): under-age refused; an excluded person cannot open a new account
  // (checked before "taken": the same mobile or email is the excluded person's own).
  const birthday = body.birthday?.trim() || null;
  if (birthday) s.protection.checkAge(birthday);
  await s.protection.exclusions.checkRegistration({
    dialCode: phone?.dialCode ?? null,
    mobile: phone?.mobile ?? null,
    email: values.email ?? null,
    idNumber: values.idNumber ?? null,
    name: values.payeeName ?? null,
    birthday,
  });
  if (username && (await members.getByAccount(username))) e.add('username', 'usernameTaken');
  if (phone && (await members.getByMobile(phone.dialCode, phone.mobile))) e.add('mobileNum', 'mobileTaken');
  let parentId: number | null = null;
  if (values.affiliateCode) {
    const agent = await members.agentByAffiliateCode(values.affiliateCode);
    if (agent) parentId = agent.id;
    else e.add('affiliateCode', 'invitationInvalid');
  }
  e.throwIfAny();
  if (needCode) {
    await verification.consume({
      purpose: 'register',
      destination: phoneDestination(phone!.dialCode, phone!.mobile),
      code: body.verificationCode,
    });
  }
  // A referral link that no longer matches anyone must not block the sign-up; it is dropped.
  const referrer = body.referralCode ? await members.getByReferralCode(body.referralCode) : null;
  // An invite link (issue 31): an agent's puts the new member in its team, a referrer's counts as
  // its referral (an invitation code or referral code given too wins). A disabled or unknown link
  // is dropped like a stale referral code: it must not block the sign-up.
  const link = body.inviteLink ? await s.links.resolve(body.inviteLink) : null;
  const linkOwner = link ? await members.getById(link.ownerId) : null;
  if (linkOwner && isAgentType(linkOwner.type)) parentId ??= linkOwner.id;
  const referrerId = referrer?.id ?? (linkOwner && !isAgentType(linkOwner.type) ? linkOwner.id : null);

  const account = username ?? (await freeMobileAccount(s, phone!.mobile));
  const member = await members.create({
    account,
    ...(password ? { password } : { passwordHash: '!' }),
    type: 0,
    parentId,
    paymentPassword,
    payeeName: values.payeeName ?? null,
    email: values.email ?? null,
    qqNum: values.qqNum ?? null,
    line: values.line ?? null,
    whatsapp: values.whatsapp ?? null,
    facebook: values.facebook ?? null,
    wechat: values.wechat ?? null,
    idNumber: values.idNumber ?? null,
    recommenderId: values.recommenderId ?? null,
    referrerId,
    countryDialingCode: phone?.dialCode ?? null,
    mobileNum: phone?.mobile ?? null,
    mobileVerified: needCode,
    registerMethod: 'WEB',
    registerUrl: body.registerUrl?.slice(0, 2000) ?? null,
    domain: body.domain ?? null,
    registerIp: ctx.ip,
  });
  if (birthday) await members.updateProfile(member.id, { birthday });
  if (link && linkOwner) await s.links.recordSignup(link.id, member.id);
  const opts = {
    portal: 'player',
    loginType: 'register',
    passwordExpired: false,
    forceChangePassword: false,
  } as const;
  if (body.login === false) return auth.loginValue(member, null, opts);
  return auth.completeLogin(member, { ...opts, ctx });
}

/** Mobile sign-ups without a username get `m<number>` (or a suffixed variant if taken). */
async function freeMobileAccount(s: Services, mobile: string): Promise<string> {
  let account = `m${mobile}`;
  for (let i = 0; i < 5 && (await s.members.getByAccount(account)); i++) {
    account = `m${mobile}${randomInt(100, 1000)}`;
  }
  return account;
}

/**
 * POST /wps/member/password. The old password is required unless the session is in a forced
 * change (it just proved the default or a mailed temporary password: SPEC "unless known").
 */
export async function changePassword(
  s: Services,
  principal: MemberPrincipal,
  data: z.infer<typeof changePasswordRequestSchema>['data'],
  ctx: RequestContext,
): Promise<void> {
  forbidTrial(principal);
  const forced = await s.auth.sessions.mustChangePassword(principal.sessionId);
  const rules = await rulesByField(s);
  const e = new FieldErrors(ctx.locale);
  if (!forced && !data.oldPassword) e.add('oldPassword', 'inputEmpty');
  checkNewPassword(
    e,
    rules.get('password'),
    'newPassword',
    data.newPassword,
    'confirmNewPassword',
    data.confirmNewPassword,
    // SPEC §5: the register form's mismatch is 'inconsistent twice'; elsewhere it is
    // 'Incorrect confirmation input'.
    { confirmRequired: true, mismatch: 'confirmMismatch' },
  );
  if (!forced && data.oldPassword && data.newPassword && data.oldPassword === data.newPassword)
    e.add('newPassword', 'passwordSameAsOld');
  e.throwIfAny();

  await s.auth.rateLimit(`password:${principal.memberId}`, 5, 15 * 60_000);
  const member = await s.members.getById(principal.memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  if (!forced && !(await s.members.checkPassword(member, data.oldPassword!))) {
    throw new AppError('VALIDATION', {
      messageKey: 'oldPasswordWrong',
      fields: { oldPassword: 'oldPasswordWrong' },
    });
  }
  await s.members.setPassword(member.id, data.newPassword!);
  // Anyone else holding a session of this account is signed out; this session carries on.
  await s.auth.sessions.revokeMemberSessions(member.id, principal.sessionId);
  await s.auth.secondVerification.closeChallenges(member.id);
  await s.auth.sessions.clearMustChangePassword(principal.sessionId);
}

/**
 * POST /wps/member/password/email. The answer is the same, and returns in the same time,
 * whether or not the username and email match: the lookup and mail happen after the reply.
 */
export async function forgotByEmail(
  s: Services,
  body: { username?: string | undefined; email?: string | undefined },
  ctx: RequestContext,
): Promise<void> {
  const rules = await rulesByField(s);
  const e = new FieldErrors(ctx.locale);
  const username = e.checkRule('username', body.username, undefined, { required: true });
  const email = e.checkRule('email', body.email, rules.get('email'), { required: true });
  e.throwIfAny();
  await s.auth.rateLimit(`forgot:ip:${ctx.ip}`, 5, 15 * 60_000);
  // Per requester and account, then per account from everyone: three anonymous requests no longer
  // block a player's recovery for an hour (issue 28).
  const account = normalizeAccount(username!);
  await s.auth.rateLimit(`forgot:acct:${account}@${ctx.ip}`, 3, 60 * 60_000);
  await s.auth.rateLimit(`forgot:acct:${account}`, 10, 60 * 60_000);
  s.auth.background(async () => {
    const member = await s.members.getByAccount(username!);
    const matches = member?.status === 'active' && member.email && member.email === normalizeEmail(email!);
    if (!member || !matches) return;
    const temp = await s.members.issueTempPassword(member.id, TEMP_PASSWORD_MINUTES);
    await s.verification.mail(
      member.email!,
      translate(ctx.locale, 'mailResetSubject'),
      translate(ctx.locale, 'mailResetText', [member.account, temp, TEMP_PASSWORD_MINUTES]),
    );
  });
}

/** POST /wps/member/password/verification: new password by phone code, then signed in (SPEC §4). */
export async function resetByPhone(
  s: Services,
  body: z.infer<typeof resetByPhoneRequestSchema>,
  ctx: RequestContext,
): Promise<LoginValue> {
  if (!(await s.system.isFlagEnabled('CHNGPASSVERIF3'))) throw new AppError('NOT_ENABLED');
  const rules = await rulesByField(s);
  const e = new FieldErrors(ctx.locale);
  const phone = parsePhone(e, 'mobileNum', body.mobileNum, body.countryDialingCode);
  if (!body.verificationCode?.trim()) e.add('verificationCode', 'codeMissing');
  checkNewPassword(
    e,
    rules.get('password'),
    'newPassword',
    body.newPassword,
    'confirmNewPassword',
    body.confirmNewPassword,
    { confirmRequired: false, mismatch: 'confirmMismatch' },
  );
  e.throwIfAny();
  await s.auth.rateLimit(`reset:ip:${ctx.ip}`, 10, 15 * 60_000);
  const destination = phoneDestination(phone!.dialCode, phone!.mobile);
  await s.verification.consume({ purpose: 'noLogin', destination, code: body.verificationCode });
  const member = await s.members.getByMobile(phone!.dialCode, phone!.mobile);
  if (!member) throw new AppError('CODE_INVALID', { fields: { verificationCode: 'codeInvalid' } });
  if (member.status !== 'active') throw new AppError('FORBIDDEN', { messageKey: 'accountDisabled' });
  await s.members.setPassword(member.id, body.newPassword!);
  await s.auth.sessions.revokeMemberSessions(member.id);
  // A login half-done with the old password (waiting for its second verification) dies too.
  await s.auth.secondVerification.closeChallenges(member.id);
  if (!member.mobileVerified) await s.members.markMobileVerified(member.id);
  const fresh = (await s.members.getById(member.id))!;
  return s.auth.completeLogin(fresh, {
    portal: 'player',
    loginType: 'phoneReset',
    passwordExpired: false,
    forceChangePassword: false,
    ctx,
  });
}

/** Security centre: send a code to a phone number the member wants to bind. */
export async function sendBindMobileCode(
  s: Services,
  principal: MemberPrincipal,
  body: { mobileNum?: string | undefined; countryDialingCode?: string | undefined },
  ctx: RequestContext,
): Promise<{ expiredMinutes: number }> {
  forbidTrial(principal);
  const e = new FieldErrors(ctx.locale);
  const phone = parsePhone(e, 'mobileNum', body.mobileNum, body.countryDialingCode);
  e.throwIfAny();
  const destination = phoneDestination(phone!.dialCode, phone!.mobile);
  await s.auth.rateLimit(`bind:member:${principal.memberId}`, 5, 5 * 60_000);
  await s.auth.rateLimit(`sms:dest:${destination}`, 3, 5 * 60_000);
  const owner = await s.members.getByMobile(phone!.dialCode, phone!.mobile);
  if (owner && owner.id !== principal.memberId)
    throw new AppError('CONFLICT', { messageKey: 'mobileTaken', fields: { mobileNum: 'mobileTaken' } });
  return s.verification.issue({
    purpose: 'bindMobile',
    channel: 'sms',
    destination,
    memberId: principal.memberId,
    locale: ctx.locale,
  });
}

export async function bindMobile(
  s: Services,
  principal: MemberPrincipal,
  body: {
    mobileNum?: string | undefined;
    countryDialingCode?: string | undefined;
    verificationCode?: string | undefined;
  },
  ctx: RequestContext,
): Promise<void> {
  forbidTrial(principal);
  const e = new FieldErrors(ctx.locale);
  const phone = parsePhone(e, 'mobileNum', body.mobileNum, body.countryDialingCode);
  if (!body.verificationCode?.trim()) e.add('verificationCode', 'codeMissing');
  e.throwIfAny();
  await s.verification.consume({
    purpose: 'bindMobile',
    destination: phoneDestination(phone!.dialCode, phone!.mobile),
    code: body.verificationCode,
    memberId: principal.memberId,
  });
  await s.members.bindMobile(principal.memberId, phone!.dialCode, phone!.mobile);
}

const checkEmail = async (s: Services, e: FieldErrors, value: string | undefined) => {
  const rule = (await rulesByField(s)).get('email');
  const email = e.checkRule('email', value, rule, { required: true });
  return email ? normalizeEmail(email) : null;
};

export async function sendBindEmailCode(
  s: Services,
  principal: MemberPrincipal,
  body: { email?: string | undefined },
  ctx: RequestContext,
): Promise<{ expiredMinutes: number }> {
  forbidTrial(principal);
  const e = new FieldErrors(ctx.locale);
  const email = await checkEmail(s, e, body.email);
  e.throwIfAny();
  await s.auth.rateLimit(`bind:member:${principal.memberId}`, 5, 5 * 60_000);
  await s.auth.rateLimit(`mail:dest:${email}`, 3, 5 * 60_000);
  return s.verification.issue({
    purpose: 'bindEmail',
    channel: 'email',
    destination: email!,
    memberId: principal.memberId,
    locale: ctx.locale,
  });
}

export async function bindEmail(
  s: Services,
  principal: MemberPrincipal,
  body: { email?: string | undefined; verificationCode?: string | undefined },
  ctx: RequestContext,
): Promise<void> {
  forbidTrial(principal);
  const e = new FieldErrors(ctx.locale);
  const email = await checkEmail(s, e, body.email);
  if (!body.verificationCode?.trim()) e.add('verificationCode', 'codeMissing');
  e.throwIfAny();
  await s.verification.consume({
    purpose: 'bindEmail',
    destination: email!,
    code: body.verificationCode,
    memberId: principal.memberId,
  });
  await s.members.bindEmail(principal.memberId, email!);
}

/**
 * Security centre: set the payment password (first time, confirmed with the login password)
 * or change it (confirmed with the current payment password, which is rate limited).
 */
export async function setPaymentPassword(
  s: Services,
  principal: MemberPrincipal,
  body: z.infer<typeof paymentPasswordRequestSchema>,
  ctx: RequestContext,
): Promise<void> {
  forbidTrial(principal);
  const member = await s.members.getById(principal.memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  const hasOne = member.paymentPasswordHash !== null;
  const rules = await rulesByField(s);
  const e = new FieldErrors(ctx.locale);
  if (hasOne && !body.oldPaymentPassword) e.add('oldPaymentPassword', 'inputEmpty');
  if (!hasOne && !body.password) e.add('password', 'inputEmpty');
  // The rule's pattern applies even while the register form does not show the field.
  e.checkRule('paymentPassword', body.paymentPassword, rules.get('paymentPassword'), {
    required: true,
    trim: false,
  });
  if (!body.confirmPaymentPassword) e.add('confirmPaymentPassword', 'inputEmpty');
  else if (body.paymentPassword && body.confirmPaymentPassword !== body.paymentPassword)
    e.add('confirmPaymentPassword', 'confirmMismatch');
  e.throwIfAny();

  if (hasOne) {
    try {
      await s.members.verifyPaymentPassword(member.id, body.oldPaymentPassword!);
    } catch (err) {
      if (err instanceof AppError && err.code === 'VALIDATION')
        throw new AppError('VALIDATION', {
          messageKey: 'paymentPasswordWrong',
          fields: { oldPaymentPassword: 'paymentPasswordWrong' },
        });
      throw err;
    }
  } else {
    await s.auth.rateLimit(`password:${principal.memberId}`, 5, 15 * 60_000);
    if (!(await s.members.checkPassword(member, body.password!)))
      throw new AppError('VALIDATION', {
        messageKey: 'passwordWrong',
        fields: { password: 'passwordWrong' },
      });
  }
  await s.members.setPaymentPassword(member.id, body.paymentPassword!);
}
