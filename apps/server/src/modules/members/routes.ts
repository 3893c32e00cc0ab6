import {
  affiliateQuerySchema,
  affiliateValueSchema,
  bindEmailCodeRequestSchema,
  bindEmailRequestSchema,
  bindMobileCodeRequestSchema,
  bindMobileRequestSchema,
  changePasswordRequestSchema,
  countryCodeSchema,
  downlineMemberSchema,
  envelopeSchema,
  forgotByEmailRequestSchema,
  loginValueSchema,
  memberInfoSchema,
  paymentPasswordRequestSchema,
  registerRequestSchema,
  resetByPhoneRequestSchema,
  smsSentSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { requestContext } from '../auth/routes.ts';
import { COUNTRY_CODES } from './countries.ts';
import {
  bindEmail,
  bindMobile,
  changePassword,
  forgotByEmail,
  register,
  resetByPhone,
  sendBindEmailCode,
  sendBindMobileCode,
  setPaymentPassword,
} from './flows.ts';

const member = requireRole(['player', 'trial', 'agent']);
const account = requireRole(['player', 'agent']);
const agent = requireRole(['agent']);
/** Per-IP cap on affiliate-code checks: codes must not be guessable by enumeration. */
const AFFILIATE_RATE = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;
  const tags = ['member'];

  app.get(
    '/wps/member/info',
    {
      preHandler: member,
      schema: { tags, summary: 'The signed-in member', response: { 200: envelopeSchema(memberInfoSchema) } },
    },
    async (req) => {
      const p = memberPrincipal(req);
      const info = await s.members.infoOf(p.memberId);
      if (!info) throw new AppError('UNAUTHORIZED');
      return ok(req, { ...info, mustChangePassword: await s.auth.sessions.mustChangePassword(p.sessionId) });
    },
  );

  app.post(
    '/wps/member/firstLogin',
    {
      preHandler: member,
      schema: { tags, summary: 'First-login action done (firstTimeLogin becomes false)' },
    },
    async (req) => {
      await s.members.completeFirstLogin(memberPrincipal(req).memberId);
      return ok(req, null);
    },
  );

  const registerSchema = {
    tags,
    body: registerRequestSchema,
    response: { 200: envelopeSchema(loginValueSchema) },
  };
  app.put(
    '/wps/member/register',
    {
      schema: {
        ...registerSchema,
        summary: 'Register with a username (USERNAMEREG3); signs in unless `login: false`',
      },
    },
    async (req) => ok(req, await register(s, 'username', req.body, requestContext(req))),
  );
  app.put(
    '/wps/member/register/mobile',
    {
      schema: {
        ...registerSchema,
        summary:
          'Register with a mobile number (MOBILENUMREG3; code when REGMOBVERF3; password when MOBILENUMPASSREG3)',
      },
    },
    async (req) => ok(req, await register(s, 'mobile', req.body, requestContext(req))),
  );

  app.post(
    '/wps/member/password',
    {
      preHandler: account,
      schema: {
        tags,
        summary: 'Change password; other sessions of the account are signed out',
        body: changePasswordRequestSchema,
      },
    },
    async (req) => {
      await changePassword(s, memberPrincipal(req), req.body.data, requestContext(req));
      return ok(req, null);
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      schema: {
        tags,
        summary:
          'Forgot password by email (form-encoded username, email): mails a one-time temporary password',
        description: 'Same answer, in the same time, whether or not the details match an account.',
        body: forgotByEmailRequestSchema,
      },
    },
    async (req) => {
      const ctx = requestContext(req);
      await forgotByEmail(s, req.body, ctx);
      return { success: true, code: 'OK', message: translate(ctx.locale, 'resetEmailSent'), value: null };
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      schema: {
        tags,
        summary: 'Reset password by phone code (CHNGPASSVERIF3), then signed in',
        body: resetByPhoneRequestSchema,
        response: { 200: envelopeSchema(loginValueSchema) },
      },
    },
    async (req) => ok(req, await resetByPhone(s, req.body, requestContext(req))),
  );

  // Security centre.
  const security = ['member:security'];
  app.post(
    '/wps/member/security/mobile/code',
    {
      preHandler: account,
      schema: {
        tags: security,
        summary: 'Send a code to a phone number to bind',
        body: bindMobileCodeRequestSchema,
        response: { 200: envelopeSchema(smsSentSchema) },
      },
    },
    async (req) => ok(req, await sendBindMobileCode(s, memberPrincipal(req), req.body, requestContext(req))),
  );
  app.put(
    '/wps/member/security/mobile',
    {
      preHandler: account,
      schema: {
        tags: security,
        summary: 'Bind (and verify) a phone number with its code',
        body: bindMobileRequestSchema,
      },
    },
    async (req) => {
      await bindMobile(s, memberPrincipal(req), req.body, requestContext(req));
      return ok(req, null);
    },
  );
  app.post(
    '/wps/member/security/email/code',
    {
      preHandler: account,
      schema: {
        tags: security,
        summary: 'Send a code to an email address to bind',
        body: bindEmailCodeRequestSchema,
        response: { 200: envelopeSchema(smsSentSchema) },
      },
    },
    async (req) => ok(req, await sendBindEmailCode(s, memberPrincipal(req), req.body, requestContext(req))),
  );
  app.put(
    '/wps/member/security/email',
    {
      preHandler: account,
      schema: {
        tags: security,
        summary: 'Bind (and verify) an email address with its code',
        body: bindEmailRequestSchema,
      },
    },
    async (req) => {
      await bindEmail(s, memberPrincipal(req), req.body, requestContext(req));
      return ok(req, null);
    },
  );
  app.put(
    '/wps/member/security/paymentPassword',
    {
      preHandler: account,
      schema: {
        tags: security,
        summary: 'Set (with the login password) or change (with the old one) the payment password',
        body: paymentPasswordRequestSchema,
      },
    },
    async (req) => {
      await setPaymentPassword(s, memberPrincipal(req), req.body, requestContext(req));
      return ok(req, null);
    },
  );

  app.get(
    '/wps/agent/affiliate',
    {
      config: AFFILIATE_RATE,
      schema: {
        tags: ['agent'],
        summary: 'Check an affiliate code (success = it belongs to an active agent)',
        querystring: affiliateQuerySchema,
        response: { 200: envelopeSchema(affiliateValueSchema) },
      },
    },
    async (req) => {
      const code = req.query.code?.trim();
      if (!code)
        throw new AppError('VALIDATION', { messageKey: 'inputEmpty', fields: { code: 'inputEmpty' } });
      if (!(await s.members.agentByAffiliateCode(code)))
        throw new AppError('VALIDATION', {
          messageKey: 'invitationInvalid',
          fields: { code: 'invitationInvalid' },
        });
      return ok(req, { valid: true as const });
    },
  );

  app.get(
    '/wps/agent/downline',
    {
      preHandler: agent,
      schema: {
        tags: ['agent'],
        summary: 'Everyone below the signed-in agent (depth 1 = direct)',
        response: { 200: envelopeSchema(z.array(downlineMemberSchema)) },
      },
    },
    async (req) => ok(req, await s.members.downline(memberPrincipal(req).memberId)),
  );

  app.get(
    '/wps/country/codes',
    {
      schema: {
        tags: ['member'],
        summary: 'Country dialing codes for the phone pickers',
        response: { 200: envelopeSchema(z.array(countryCodeSchema)) },
      },
    },
    async (req) => ok(req, [...COUNTRY_CODES]),
  );
};
