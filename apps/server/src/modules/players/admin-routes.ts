import {
  envelopeSchema,
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
import { operatorPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../cashier/http.ts';

const okBody = envelopeSchema(z.null());

/** Operator console: players (search, profile, status, notes, labels, histories, sessions, moves). */
export const playersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const players = app.services.players;
  const read = { onRequest: requireRole(['operator'], 'players.read') };
  const write = { onRequest: requireRole(['operator'], 'players.write') };
  const tags = ['admin: players'];
  const security = [{ token: [] }];

  app.get(
    '/wps/admin/players',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Search players by account, mobile, email, real name (prefix), IP or device (exact)',
        querystring: playerSearchQuerySchema,
        response: { 200: envelopeSchema(playerPageSchema) },
      },
    },
    async (req) => ok(req, await players.search(req.query)),
  );

  app.get(
    '/wps/admin/players/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'A player profile (KYC part only with players.kyc)',
        params: playerIdParamsSchema,
        response: { 200: envelopeSchema(playerProfileSchema) },
      },
    },
    async (req) => {
      const perms = operatorPrincipal(req).permissions;
      const kyc = perms.includes('*') || perms.includes('players.kyc');
      return ok(req, await players.profile(req.params.id, { kyc }));
    },
  );

  app.put(
    '/wps/admin/players/:id/status',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Set status: active, frozen (reversible) or closed (final); sessions are revoked',
        params: playerIdParamsSchema,
        body: playerStatusInputSchema,
        response: { 200: envelopeSchema(z.object({ status: z.string(), previous: z.string() })) },
      },
    },
    async (req) =>
      ok(req, await players.setStatus(actorOf(req), req.params.id, req.body.status, req.body.reason)),
  );

  app.get(
    '/wps/admin/players/:id/notes',
    {
      ...read,
      schema: {
        tags,
        security,
        params: playerIdParamsSchema,
        response: { 200: envelopeSchema(playerNotesSchema) },
      },
    },
    async (req) => ok(req, await players.notes(req.params.id)),
  );
  app.post(
    '/wps/admin/players/:id/notes',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Append a note (notes are never edited or deleted)',
        params: playerIdParamsSchema,
        body: playerNoteInputSchema,
        response: { 200: envelopeSchema(playerNoteSchema) },
      },
    },
    async (req) => ok(req, await players.addNote(actorOf(req), req.params.id, req.body.body)),
  );

  app.put(
    '/wps/admin/players/:id/labels',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Replace the tags and risk flags',
        params: playerIdParamsSchema,
        body: playerLabelsInputSchema,
        response: { 200: envelopeSchema(playerLabelsSchema) },
      },
    },
    async (req) => ok(req, await players.setLabels(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/players/:id/logins',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Login history: time, IP, user agent, device, result',
        params: playerIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(loginEventPageSchema) },
      },
    },
    async (req) => ok(req, await players.loginHistory(req.params.id, req.query)),
  );

  app.get(
    '/wps/admin/players/:id/traces',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'IPs and devices with the other accounts sharing them',
        params: playerIdParamsSchema,
        response: { 200: envelopeSchema(playerTracesSchema) },
      },
    },
    async (req) => ok(req, await players.traces(req.params.id)),
  );

  app.get(
    '/wps/admin/players/:id/sessions',
    {
      ...read,
      schema: {
        tags,
        security,
        params: playerIdParamsSchema,
        response: { 200: envelopeSchema(playerSessionsSchema) },
      },
    },
    async (req) => ok(req, await players.sessions(req.params.id)),
  );
  app.delete(
    '/wps/admin/players/:id/sessions/:sessionId',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Revoke one session (effective at once on every instance)',
        params: playerSessionParamsSchema,
        response: { 200: okBody },
      },
    },
    async (req) => {
      await players.revokeSession(actorOf(req), req.params.id, req.params.sessionId);
      return ok(req, null);
    },
  );

  app.put(
    '/wps/admin/players/:id/parent',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Move under another agent (future bets carry the new upline path; past bets keep theirs)',
        params: playerIdParamsSchema,
        body: playerMoveInputSchema,
        response: { 200: envelopeSchema(z.object({ uplinePath: z.array(z.number().int()) })) },
      },
    },
    async (req) => ok(req, await players.move(actorOf(req), req.params.id, req.body.parentAccount)),
  );

  app.get(
    '/wps/admin/players/:id/promotions',
    {
      ...read,
      schema: {
        tags,
        security,
        summary: 'Promotions and bonuses the player took part in',
        params: playerIdParamsSchema,
        response: { 200: envelopeSchema(rewardCenterSchema) },
      },
    },
    async (req) => ok(req, await players.promotions(req.params.id)),
  );

  app.post(
    '/wps/admin/players/:id/messages',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Send the player a message (their inbox)',
        params: playerIdParamsSchema,
        body: playerMessageInputSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(req, await players.sendMessage(actorOf(req), req.params.id, req.body)),
  );
};
