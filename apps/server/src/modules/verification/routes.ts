import {
  envelopeSchema,
  smsNoLoginRequestSchema,
  smsRegisterRequestSchema,
  smsSentSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestContext } from '../auth/routes.ts';
import type { RequestContext } from '../auth/service.ts';
import { phoneDestination } from '../members/normalize.ts';
import { FieldErrors, parsePhone } from '../members/validation.ts';
import type { Services } from '../../services.ts';
import { CODE_TTL_MINUTES, type CodePurpose } from './service.ts';

/**
 * SMS sends in five minutes (SPEC §8 'Too many requests…'): per client address, per number from one
 * address, and per number from every address together (the SMS bombing guard).
 */
export const SMS_PER_IP_PER_5_MIN = 10;
export const SMS_PER_NUMBER_PER_5_MIN = 3;
export const SMS_PER_NUMBER_ALL_PER_5_MIN = 10;

/**
 * The shared front half of every SMS code call: number checks (SPEC §8 messages), the address's
 * limit, the human check (ALTCHA), then the number's limits. The number's limits count only
 * requests that passed the human check, per requester as well as per number: counted before it,
 * three requests from anyone, human or not, blocked a player's SMS login and phone recovery for
 * five minutes (issue 28).
 */
async function prepareSms(
  s: Services,
  body: { mobile: string | undefined; countryDialingCode: string | undefined; altcha: string | undefined },
  ctx: RequestContext,
) {
  const e = new FieldErrors(ctx.locale);
  const phone = parsePhone(e, 'mobileNum', body.mobile, body.countryDialingCode);
  e.throwIfAny();
  await s.auth.rateLimit(`sms:ip:${ctx.ip}`, SMS_PER_IP_PER_5_MIN, 5 * 60_000);
  const destination = phoneDestination(phone!.dialCode, phone!.mobile);
  await s.auth.requireHumanCheck(body.altcha);
  await s.auth.rateLimit(`sms:dest:${destination}@${ctx.ip}`, SMS_PER_NUMBER_PER_5_MIN, 5 * 60_000);
  await s.auth.rateLimit(`sms:dest:${destination}`, SMS_PER_NUMBER_ALL_PER_5_MIN, 5 * 60_000);
  return { phone: phone!, destination };
}

/**
 * Codes for people who are not signed in. Only registered numbers receive one, but every
 * caller gets the same answer in the same time, so the call does not reveal who has an account:
 * the lookup and the send happen after the answer (the caller's path does the same work for
 * every number), their failures are logged, never answered.
 */
async function sendToRegistered(
  s: Services,
  purpose: CodePurpose,
  body: {
    mobileNum?: string | undefined;
    countryDialingCode?: string | undefined;
    altcha?: string | undefined;
  },
  ctx: RequestContext,
) {
  const { phone, destination } = await prepareSms(
    s,
    { mobile: body.mobileNum, countryDialingCode: body.countryDialingCode, altcha: body.altcha },
    ctx,
  );
  s.auth.background(async () => {
    const member = await s.members.getByMobile(phone.dialCode, phone.mobile);
    if (member && member.status === 'active') {
      await s.verification.issue({
        purpose,
        channel: 'sms',
        destination,
        memberId: member.id,
        locale: ctx.locale,
      });
    }
  });
  return { expiredMinutes: CODE_TTL_MINUTES };
}

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;
  const tags = ['verification'];
  const response = { 200: envelopeSchema(smsSentSchema) };

  // SPEC §7: the login code comes from /sms/noLogin. /sms/login (this codebase's first name for
  // it) stays as an alias that only ever sends login codes.
  for (const [url, fixed] of [
    ['/wps/verification/sms/noLogin', null],
    ['/wps/verification/sms/login', 'login'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary:
            fixed === null
              ? 'Code for the SMS login (SMSLOGIN3), or with `purpose: "reset"` for the reset by phone (CHNGPASSVERIF3); `value.expiredMinutes`'
              : 'Alias of /wps/verification/sms/noLogin for the SMS login code (SMSLOGIN3)',
          body: smsNoLoginRequestSchema,
          response,
        },
      },
      async (req) => {
        const purpose = fixed ?? req.body.purpose ?? 'login';
        const flag = purpose === 'login' ? 'SMSLOGIN3' : 'CHNGPASSVERIF3';
        if (!(await s.system.isFlagEnabled(flag))) throw new AppError('NOT_ENABLED');
        return ok(
          req,
          await sendToRegistered(s, purpose === 'login' ? 'login' : 'noLogin', req.body, requestContext(req)),
        );
      },
    );
  }

  app.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags,
        summary: 'Code for registration by mobile (REGMOBVERF3); `mobileNo` (or `mobileNum`)',
        body: smsRegisterRequestSchema,
        response,
      },
    },
    async (req) => {
      if (!(await s.system.isFlagEnabled('REGMOBVERF3'))) throw new AppError('NOT_ENABLED');
      const ctx = requestContext(req);
      const { phone, destination } = await prepareSms(
        s,
        {
          mobile: req.body.mobileNo ?? req.body.mobileNum,
          countryDialingCode: req.body.countryDialingCode,
          altcha: req.body.altcha,
        },
        ctx,
      );
      // Registration must say a number is taken (the form cannot succeed otherwise); the
      // per-number and per-IP limits above keep that from being a lookup service.
      if (await s.members.getByMobile(phone.dialCode, phone.mobile))
        throw new AppError('CONFLICT', { messageKey: 'mobileTaken', fields: { mobileNum: 'mobileTaken' } });
      return ok(
        req,
        await s.verification.issue({ purpose: 'register', channel: 'sms', destination, locale: ctx.locale }),
      );
    },
  );
};
