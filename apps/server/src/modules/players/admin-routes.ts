import {
  loginEventPageSchema,
  pageQuerySchema,
  playerIdParamsSchema,
  playerLabelsInputSchema,
  playerLabelsSchema,
  playerMessageInputSchema,
  playerMoveInputSchema,
  playerNoteInputSchema,
  playerNoteSchema,
  playerNotesSchema,
  playerPageSchema,
  playerProfileSchema,
  playerSearchQuerySchema,
  playerSessionParamsSchema,
  playerSessionsSchema,
  playerStatusInputSchema,
  playerTracesSchema,
  rewardCenterSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../cashier/http.ts';

const readRoute = operatorConsole({ tag: 'admin: players', permission: 'players.read' });
const writeRoute = operatorConsole({ tag: 'admin: players', permission: 'players.write' });

/** Operator console: players (search, profile, status, notes, labels, histories, sessions, moves). */
export const playersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const players = app.services.players;

  app.get(
    '/wps/admin/players',
    readRoute({
      summary: 'Search players by account, mobile, email, real name (prefix), IP or device (exact)',
      querystring: playerSearchQuerySchema,
      response: playerPageSchema,
    }),
    async (req) => ok(req, await players.search(req.query)),
  );

  app.get(
    '/wps/admin/players/:id',
    readRoute({
      summary: 'A player profile (KYC part only with players.kyc)',
      params: playerIdParamsSchema,
      response: playerProfileSchema,
    }),
    async (req) => {
      const perms = operatorPrincipal(req).permissions;
      const kyc = perms.includes('*') || perms.includes('players.kyc');
      return ok(req, await players.profile(req.params.id, { kyc }));
    },
  );

  app.put(
    '/wps/admin/players/:id/status',
    writeRoute({
      summary: 'Set status: active, frozen (reversible) or closed (final); sessions are revoked',
      params: playerIdParamsSchema,
      body: playerStatusInputSchema,
      response: z.object({ status: z.string(), previous: z.string() }),
    }),
    async (req) =>
      ok(req, await players.setStatus(actorOf(req), req.params.id, req.body.status, req.body.reason)),
  );

  app.get(
    '/wps/admin/players/:id/notes',
    readRoute({
      params: playerIdParamsSchema,
      response: playerNotesSchema,
    }),
    async (req) => ok(req, await players.notes(req.params.id)),
  );
  app.post(
    '/wps/admin/players/:id/notes',
    writeRoute({
      summary: 'Append a note (notes are never edited or deleted)',
      params: playerIdParamsSchema,
      body: playerNoteInputSchema,
      response: playerNoteSchema,
    }),
    async (req) => ok(req, await players.addNote(actorOf(req), req.params.id, req.body.body)),
  );

  app.put(
    '/wps/admin/players/:id/labels',
    writeRoute({
      summary: 'Replace the tags and risk flags',
      params: playerIdParamsSchema,
      body: playerLabelsInputSchema,
      response: playerLabelsSchema,
    }),
    async (req) => ok(req, await players.setLabels(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/players/:id/logins',
    readRoute({
      summary: 'Login history: time, IP, user agent, device, result',
      params: playerIdParamsSchema,
      querystring: pageQuerySchema,
      response: loginEventPageSchema,
    }),
    async (req) => ok(req, await players.loginHistory(req.params.id, req.query)),
  );

  app.get(
    '/wps/admin/players/:id/traces',
    readRoute({
      summary: 'IPs and devices with the other accounts sharing them',
      params: playerIdParamsSchema,
      response: playerTracesSchema,
    }),
    async (req) => ok(req, await players.traces(req.params.id)),
  );

  app.get(
    '/wps/admin/players/:id/sessions',
    readRoute({
      params: playerIdParamsSchema,
      response: playerSessionsSchema,
    }),
    async (req) => ok(req, await players.sessions(req.params.id)),
  );
  app.delete(
    '/wps/admin/players/:id/sessions/:sessionId',
    writeRoute({
      summary: 'Revoke one session (effective at once on every instance)',
      params: playerSessionParamsSchema,
      response: z.null(),
    }),
    async (req) => {
      await players.revokeSession(actorOf(req), req.params.id, req.params.sessionId);
      return ok(req, null);
    },
  );

  app.put(
    '/wps/admin/players/:id/parent',
    writeRoute({
      summary: 'Move under another agent (future bets carry the new upline path; past bets keep theirs)',
      params: playerIdParamsSchema,
      body: playerMoveInputSchema,
      response: z.object({ uplinePath: z.array(z.number().int()) }),
    }),
    async (req) => ok(req, await players.move(actorOf(req), req.params.id, req.body.parentAccount)),
  );

  app.get(
    '/wps/admin/players/:id/promotions',
    readRoute({
      summary: 'Promotions and bonuses the player took part in',
      params: playerIdParamsSchema,
      response: rewardCenterSchema,
    }),
    async (req) => ok(req, await players.promotions(req.params.id)),
  );

  app.post(
    '/wps/admin/players/:id/messages',
    writeRoute({
      summary: 'Send the player a message (their inbox)',
      params: playerIdParamsSchema,
      body: playerMessageInputSchema,
      response: z.object({ id: z.number().int() }),
    }),
    async (req) => ok(req, await players.sendMessage(actorOf(req), req.params.id, req.body)),
  );
};
