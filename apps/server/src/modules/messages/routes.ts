import {
  broadcastInputSchema,
  broadcastPageSchema,
  envelopeSchema,
  inboxPageSchema,
  inboxQuerySchema,
  markReadInputSchema,
  messageIdParamsSchema,
  pageQuerySchema,
  unreadCountSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';

const consoleRoute = operatorConsole({ tag: 'admin: messages', permission: 'messages' });

/** messageV2: the member's inbox, and the operator's broadcasts. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messages = app.services.messages;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['messages'];

  app.get(
    '/wps/messages',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Inbox, newest first: own messages and broadcasts to my audience',
        querystring: inboxQuerySchema,
        response: { 200: envelopeSchema(inboxPageSchema) },
      },
    },
    async (req) =>
      ok(req, await messages.inbox(memberPrincipal(req).memberId, req.query, requestLocale(req))),
  );

  app.get(
    '/wps/messages/unread',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Unread message count (SPEC §7 public: unread message count)',
        response: { 200: envelopeSchema(unreadCountSchema) },
      },
    },
    async (req) => ok(req, { unread: await messages.unreadCount(memberPrincipal(req).memberId) }),
  );

  app.post(
    '/wps/messages/:id/read',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Mark one message read',
        params: messageIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await messages.markRead(memberPrincipal(req).memberId, req.params.id);
      return ok(req, null);
    },
  );

  app.post(
    '/wps/messages/read',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Mark every message read',
        body: markReadInputSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await messages.markAllRead(memberPrincipal(req).memberId);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/admin/messages/broadcasts',
    consoleRoute({
      summary: 'Broadcasts sent, newest first, with how many members read each',
      querystring: pageQuerySchema,
      response: broadcastPageSchema,
    }),
    async (req) => ok(req, await messages.broadcasts(req.query)),
  );

  app.post(
    '/wps/admin/messages/broadcasts',
    consoleRoute({
      summary: 'Broadcast a platform message to an audience (all, players, agents)',
      body: broadcastInputSchema,
      response: z.object({ id: z.number().int() }),
    }),
    async (req) => {
      const op = operatorPrincipal(req);
      const id = await messages.broadcast(
        { id: op.operatorId, account: op.account, ip: clientIp(req) },
        req.body,
      );
      return ok(req, { id });
    },
  );
};
