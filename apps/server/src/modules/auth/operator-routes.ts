import {
  envelopeSchema,
  operatorCreateSchema,
  operatorIdParamsSchema,
  operatorPasswordResetSchema,
  operatorRoleUpdateSchema,
  operatorRowSchema,
  operatorSessionSchema,
  operatorStatusUpdateSchema,
  operatorTotpLoginSchema,
  totpConfirmedSchema,
  totpConfirmSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestContext } from './routes.ts';

/** The permission of the owner's operator console. */
export const OPERATORS_PERMISSION = 'operators';

/** Calls an owner/finance session without TOTP may still make (hook.ts); all need no permission. */
export const TOTP_ENROLMENT_ROUTES = [
  '/wps/admin/session/me',
  '/wps/admin/session/logout',
  '/wps/admin/session/totp',
  '/wps/admin/session/totp/enrol',
  '/wps/admin/session/totp/confirm',
];

const actorOf = (req: FastifyRequest) => {
  const p = operatorPrincipal(req);
  return { id: p.operatorId, account: p.account, ip: clientIp(req) };
};

const ownerRoute = operatorConsole({ tag: 'admin:operators', permission: OPERATORS_PERMISSION });

/** Operator sign-in second step, TOTP enrolment, and the owner's operator accounts console. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const sessionTags = ['admin:session'];
  const signedIn = requireRole(['operator']);

  app.post(
    '/wps/admin/session/login/totp',
    {
      schema: {
        tags: sessionTags,
        summary: 'Operator login, second step: the challenge and a TOTP code or a recovery code',
        description:
          'Five tries per challenge (5 minutes), ten per operator per 15 minutes; a code works once.',
        body: operatorTotpLoginSchema,
        response: { 200: envelopeSchema(operatorSessionSchema) },
      },
    },
    async (req) => ok(req, await auth.operatorSignIn.finish(req.body, requestContext(req))),
  );

  app.get(
    '/wps/admin/session/totp',
    {
      onRequest: signedIn,
      schema: {
        tags: sessionTags,
        summary: 'Two-factor state of the signed-in operator',
        response: { 200: envelopeSchema(totpStatusSchema) },
      },
    },
    async (req) => {
      const p = operatorPrincipal(req);
      return ok(req, await auth.totp.status(p.operatorId, p.operatorRole));
    },
  );

  app.post(
    '/wps/admin/session/totp/enrol',
    {
      onRequest: signedIn,
      schema: {
        tags: sessionTags,
        summary: 'Start TOTP enrolment: a new secret and its otpauth:// URI (for the QR code)',
        response: { 200: envelopeSchema(totpEnrolmentSchema) },
      },
    },
    async (req) => {
      const p = operatorPrincipal(req);
      return ok(req, await auth.totp.begin(p.operatorId, p.account));
    },
  );

  app.post(
    '/wps/admin/session/totp/confirm',
    {
      onRequest: signedIn,
      schema: {
        tags: sessionTags,
        summary: 'Confirm TOTP enrolment with a code; answers 10 one-time recovery codes, this once',
        body: totpConfirmSchema,
        response: { 200: envelopeSchema(totpConfirmedSchema) },
      },
    },
    async (req) => {
      const p = operatorPrincipal(req);
      const value = await auth.totp.confirm(p.operatorId, p.account, req.body.code);
      auth.sessions.forgetOperator(p.operatorId);
      await app.services.audit.record({
        actor: { id: p.operatorId, account: p.account },
        action: 'operator.totp_enrol',
        target: { type: 'operator', id: p.operatorId },
        ip: clientIp(req),
      });
      return ok(req, value);
    },
  );

  // ---- the owner's console: operator accounts ----

  app.get(
    '/wps/admin/operators',
    ownerRoute({
      summary: 'Operator accounts',
      response: z.array(operatorRowSchema),
    }),
    async (req) => ok(req, await auth.operators.list()),
  );

  app.post(
    '/wps/admin/operators',
    ownerRoute({
      summary: 'Create an operator (account, password, role)',
      body: operatorCreateSchema,
      response: operatorRowSchema,
    }),
    async (req) => ok(req, await auth.operators.createByOwner(actorOf(req), req.body)),
  );

  app.put(
    '/wps/admin/operators/:id/role',
    ownerRoute({
      summary: 'Change an operator’s role (the last active owner keeps it)',
      params: operatorIdParamsSchema,
      body: operatorRoleUpdateSchema,
      response: operatorRowSchema,
    }),
    async (req) => ok(req, await auth.operators.changeRole(actorOf(req), req.params.id, req.body)),
  );

  app.put(
    '/wps/admin/operators/:id/status',
    ownerRoute({
      summary: 'Disable (ends every session at once) or enable an operator',
      params: operatorIdParamsSchema,
      body: operatorStatusUpdateSchema,
      response: operatorRowSchema,
    }),
    async (req) => ok(req, await auth.operators.setStatus(actorOf(req), req.params.id, req.body.status)),
  );

  app.post(
    '/wps/admin/operators/:id/password',
    ownerRoute({
      summary: 'Set a new password for an operator (ends their sessions)',
      params: operatorIdParamsSchema,
      body: operatorPasswordResetSchema,
      response: operatorRowSchema,
    }),
    async (req) =>
      ok(req, await auth.operators.resetPassword(actorOf(req), req.params.id, req.body.password)),
  );

  app.post(
    '/wps/admin/operators/:id/totp/reset',
    ownerRoute({
      summary: 'Reset an operator’s two-factor sign-in (they enrol again; sessions end)',
      params: operatorIdParamsSchema,
      response: operatorRowSchema,
    }),
    async (req) => ok(req, await auth.operators.resetTotp(actorOf(req), req.params.id)),
  );
};
