import {
  bonusReportSchema,
  cashflowReportSchema,
  dashboardSchema,
  ggrReportQuerySchema,
  ggrReportSchema,
  playersReportSchema,
  reportRangeQuerySchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { streamCsv } from './csv.ts';

const consoleRoute = operatorConsole({ tag: 'admin:reports', permission: 'reports' });

/**
 * Operator reports (permission `reports`): GGR/NGR, cash in and out by channel, players, bonus cost
 * and the dashboard. Each takes business days `from`..`to`; `format=csv` streams the same rows.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;
  app.addHook('onClose', () => reports.close());

  app.get(
    '/wps/admin/reports/ggr',
    consoleRoute({
      summary:
        'GGR (and NGR by day) by day, vendor, game or agent branch; optional agent team; CSV with format=csv',
      querystring: ggrReportQuerySchema,
      response: ggrReportSchema,
    }),
    async (req, reply) => {
      const r = await reports.ggr(req.query);
      if (req.query.format !== 'csv') return ok(req, r);
      const cols = ['key', 'label', 'bets', 'stake', 'payout', 'validStake', 'ggr'] as const;
      return streamCsv(
        reply,
        `ggr-by-${r.by}-${r.from}-${r.to}`,
        r.by === 'day' || r.by === 'agent' ? [...cols, 'bonusCost', 'ngr'] : cols,
        [...r.rows, r.total],
      );
    },
  );

  app.get(
    '/wps/admin/reports/cashflow',
    consoleRoute({
      summary: 'Approved deposits and paid withdrawals per business day and channel; CSV with format=csv',
      querystring: reportRangeQuerySchema,
      response: cashflowReportSchema,
    }),
    async (req, reply) => {
      const r = await reports.cashflow(req.query);
      if (req.query.format !== 'csv') return ok(req, r);
      return streamCsv(
        reply,
        `cashflow-${r.from}-${r.to}`,
        ['day', 'kind', 'channel', 'count', 'amount'],
        r.rows,
      );
    },
  );

  app.get(
    '/wps/admin/reports/players',
    consoleRoute({
      summary: 'New, active and first-depositing players per business day; CSV with format=csv',
      querystring: reportRangeQuerySchema,
      response: playersReportSchema,
    }),
    async (req, reply) => {
      const r = await reports.players(req.query);
      if (req.query.format !== 'csv') return ok(req, r);
      return streamCsv(
        reply,
        `players-${r.from}-${r.to}`,
        ['day', 'newPlayers', 'activePlayers', 'firstDepositors'],
        r.rows,
      );
    },
  );

  app.get(
    '/wps/admin/reports/bonus',
    consoleRoute({
      summary: 'Bonus cost per business day: converted bonuses, rebates, points cash; CSV with format=csv',
      querystring: reportRangeQuerySchema,
      response: bonusReportSchema,
    }),
    async (req, reply) => {
      const r = await reports.bonus(req.query);
      if (req.query.format !== 'csv') return ok(req, r);
      return streamCsv(
        reply,
        `bonus-cost-${r.from}-${r.to}`,
        ['day', 'bonusGranted', 'bonusConverted', 'rebates', 'pointsExchanged', 'cost'],
        r.rows,
      );
    },
  );

  app.get(
    '/wps/admin/reports/dashboard',
    consoleRoute({
      summary:
        'Dashboard: per-day GGR, NGR, deposits, withdrawals, players and the range totals; CSV with format=csv',
      querystring: reportRangeQuerySchema,
      response: dashboardSchema,
    }),
    async (req, reply) => {
      const r = await reports.dashboard(req.query);
      if (req.query.format !== 'csv') return ok(req, r);
      return streamCsv(
        reply,
        `dashboard-${r.from}-${r.to}`,
        ['day', 'ggr', 'ngr', 'deposits', 'withdrawals', 'newPlayers', 'activePlayers', 'firstDepositors'],
        r.days,
      );
    },
  );
};
