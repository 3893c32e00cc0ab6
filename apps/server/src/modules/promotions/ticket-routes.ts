import {
  envelopeSchema,
  prizeTableInputSchema,
  prizeTableListSchema,
  prizeTableSchema,
  ticketGrantInputSchema,
  ticketGrantResultSchema,
  ticketIdParamsSchema,
  ticketKindParamsSchema,
  ticketListSchema,
  ticketReportQuerySchema,
  ticketReportSchema,
  ticketSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../cashier/http.ts';

/** Reward tickets: the member's tickets, prize odds and opening; the operator's tables, grants, report. */
/** The promotions console (promotions, reward tickets): operators holding the promotions permission. */
const consoleRoute = operatorConsole({ tag: 'admin: promotions', permission: 'promotions' });

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = app.services.tickets;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['promotions'];

  app.get(
    '/wps/promotions/tickets',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My reward tickets (wheel, envelope, egg) with their odds, results and proofs',
        response: { 200: envelopeSchema(ticketListSchema) },
      },
    },
    async (req) => ok(req, await tickets.list(memberPrincipal(req).memberId)),
  );

  app.get(
    '/wps/promotions/tickets/prizes',
    {
      schema: {
        tags,
        summary: 'The prize tables with each prize’s probability (public)',
        response: { 200: envelopeSchema(prizeTableListSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        (await tickets.tables()).filter((t) => t.enabled),
      ),
  );

  app.post(
    '/wps/promotions/tickets/:id/open',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Open a ticket: the provably fair draw, paid once (a second open answers the same result)',
        params: ticketIdParamsSchema,
        response: { 200: envelopeSchema(ticketSchema) },
      },
    },
    async (req) => ok(req, await tickets.open(memberPrincipal(req).memberId, req.params.id)),
  );

  // ---------------------------------------------------------------- operator

  app.get(
    '/wps/admin/promotions/tickets/tables',
    consoleRoute({
      summary: 'Prize tables per ticket kind',
      response: prizeTableListSchema,
    }),
    async (req) => ok(req, await tickets.tables()),
  );

  app.put(
    '/wps/admin/promotions/tickets/tables/:kind',
    consoleRoute({
      summary: 'Replace a kind’s prize table (tickets already issued keep their odds)',
      params: ticketKindParamsSchema,
      body: prizeTableInputSchema,
      response: prizeTableSchema,
    }),
    async (req) => ok(req, await tickets.saveTable(actorOf(req), req.params.kind, req.body)),
  );

  app.post(
    '/wps/admin/promotions/tickets/grant',
    consoleRoute({
      summary: 'Grant tickets to a player',
      body: ticketGrantInputSchema,
      response: ticketGrantResultSchema,
    }),
    async (req) => ok(req, await tickets.grant(actorOf(req), req.body)),
  );

  app.get(
    '/wps/admin/promotions/tickets/report',
    consoleRoute({
      summary: 'Tickets issued and opened per kind, prizes paid, and the tickets themselves',
      querystring: ticketReportQuerySchema,
      response: ticketReportSchema,
    }),
    async (req) => ok(req, await tickets.report(req.query)),
  );
};
