import {
  errorEnvelopeSchema,
  roomAdminHistorySchema,
  roomBanSchema,
  roomHostSchema,
  roomMemberParamsSchema,
  roomMessageParamsSchema,
  roomMessagesQuerySchema,
  roomMuteSchema,
  roomParamsSchema,
  roomSanctionSchema,
  roomWordsSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../cashier/http.ts';

const consoleRoute = operatorConsole({
  tag: 'admin: rooms',
  permission: 'rooms',
  errors: { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
});

/** Moderating the host rooms (issue 31): every change is audited (`rooms.*`) and announced live. */
export const roomsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const rooms = app.services.rooms;
  const mod = rooms.moderation;
  const base = '/wps/admin/rooms';

  app.get(
    base,
    consoleRoute({ summary: 'The rooms: one per configured live host', response: z.array(roomHostSchema) }),
    async (req) =>
      ok(
        req,
        rooms.hosts().map((h) => ({
          id: h.id,
          name: h.name,
          avatarUrl: h.avatarUrl,
          online: h.online,
          streamUrl: h.streamUrl ?? null,
        })),
      ),
  );

  // Literal paths before `/:room`: the word list is not a room.
  app.get(
    `${base}/words`,
    consoleRoute({ summary: 'The word filter (masked in every room)', response: roomWordsSchema }),
    async (req) => ok(req, { words: await mod.words() }),
  );

  app.put(
    `${base}/words`,
    consoleRoute({
      summary: 'Replaces the word filter; applies to messages posted from now on (audited)',
      body: roomWordsSchema,
      response: roomWordsSchema,
    }),
    async (req) => ok(req, { words: await mod.setWords(req.body.words, actorOf(req)) }),
  );

  app.get(
    `${base}/:room/messages`,
    consoleRoute({
      summary: "The room's messages with their members (newest 50, or before / after a message id)",
      params: roomParamsSchema,
      querystring: roomMessagesQuerySchema,
      response: roomAdminHistorySchema,
    }),
    async (req) => ok(req, await rooms.adminHistory(req.params.room, req.query)),
  );

  app.delete(
    `${base}/:room/messages/:id`,
    consoleRoute({
      summary: 'Deletes a message for everyone, at once (audited)',
      params: roomMessageParamsSchema,
      response: z.null(),
    }),
    async (req) => {
      await mod.deleteMessage(req.params.room, req.params.id, actorOf(req));
      return ok(req, null);
    },
  );

  app.get(
    `${base}/:room/sanctions`,
    consoleRoute({
      summary: 'Members muted or banned in the room now',
      params: roomParamsSchema,
      response: z.array(roomSanctionSchema),
    }),
    async (req) => ok(req, await mod.sanctions(req.params.room)),
  );

  app.post(
    `${base}/:room/members/:memberId/mute`,
    consoleRoute({
      summary: 'Mutes a member in the room for some minutes (audited)',
      params: roomMemberParamsSchema,
      body: roomMuteSchema,
      response: roomSanctionSchema,
    }),
    async (req) =>
      ok(
        req,
        await mod.mute(req.params.room, req.params.memberId, req.body.minutes, req.body.reason, actorOf(req)),
      ),
  );

  app.post(
    `${base}/:room/members/:memberId/unmute`,
    consoleRoute({
      summary: 'Lifts a mute (audited)',
      params: roomMemberParamsSchema,
      response: roomSanctionSchema,
    }),
    async (req) => ok(req, await mod.unmute(req.params.room, req.params.memberId, actorOf(req))),
  );

  app.post(
    `${base}/:room/members/:memberId/ban`,
    consoleRoute({
      summary: 'Bans a member from posting in the room (audited)',
      params: roomMemberParamsSchema,
      body: roomBanSchema,
      response: roomSanctionSchema,
    }),
    async (req) =>
      ok(req, await mod.ban(req.params.room, req.params.memberId, req.body.reason, actorOf(req))),
  );

  app.post(
    `${base}/:room/members/:memberId/unban`,
    consoleRoute({
      summary: 'Lifts a ban (audited)',
      params: roomMemberParamsSchema,
      response: roomSanctionSchema,
    }),
    async (req) => ok(req, await mod.unban(req.params.room, req.params.memberId, actorOf(req))),
  );
};
