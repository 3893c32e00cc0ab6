import {
  envelopeSchema,
  errorEnvelopeSchema,
  ROOM_MESSAGES_PER_MINUTE,
  ROOM_PAGE_SIZE,
  roomHistorySchema,
  roomMessageSchema,
  roomMessagesQuerySchema,
  roomParamsSchema,
  roomViewSchema,
  roomTextSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { RoomViewer } from './service.ts';

const viewerOf = (req: FastifyRequest): RoomViewer => {
  const p = req.principal;
  return p?.kind === 'member'
    ? { kind: 'member', memberId: p.memberId, account: p.account, role: p.role }
    : { kind: 'reader' };
};

/**
 * Host rooms, the site's side (issue 31): anyone reads a room (its host, the caller's standing,
 * the history); a member posts. A trial account reads only (the FORBIDDEN answer says a real
 * account is needed), as an operator does: the console moderates with its own calls.
 */
export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const rooms = app.services.rooms;
  const tags = ['rooms'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };
  const member = requireRole(['player', 'agent', 'trial']);

  app.get(
    '/wps/rooms/:room',
    {
      schema: {
        tags,
        summary: "A host's room: the host (name, avatar, online, stream) and what the caller may do there",
        params: roomParamsSchema,
        response: { 200: envelopeSchema(roomViewSchema), ...errors },
      },
    },
    async (req) => ok(req, await rooms.room(req.params.room, viewerOf(req))),
  );

  app.get(
    '/wps/rooms/:room/messages',
    {
      schema: {
        tags,
        summary: `The room's newest ${ROOM_PAGE_SIZE} messages, or those before (older) or after (newer) a message id`,
        params: roomParamsSchema,
        querystring: roomMessagesQuerySchema,
        response: { 200: envelopeSchema(roomHistorySchema), ...errors },
      },
    },
    async (req) => ok(req, await rooms.history(req.params.room, req.query)),
  );

  app.post(
    '/wps/rooms/:room/messages',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Posts to the room (members; words of the word list are masked)',
        params: roomParamsSchema,
        body: roomTextSchema,
        response: { 200: envelopeSchema(roomMessageSchema), ...errors },
      },
    },
    async (req) => {
      const p = memberPrincipal(req);
      // Per member across rooms, through the sign-in limiter (shared between instances).
      await app.services.auth.rateLimit(`rooms:m:${p.memberId}`, ROOM_MESSAGES_PER_MINUTE, 60_000);
      return ok(
        req,
        await rooms.post(
          req.params.room,
          { kind: 'member', memberId: p.memberId, account: p.account, role: p.role },
          req.body.text,
        ),
      );
    },
  );
};
