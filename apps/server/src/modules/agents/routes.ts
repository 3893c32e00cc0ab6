import {
  accountRecordPageSchema,
  agentMessageListSchema,
  agentWalletSchema,
  commissionTransferInputSchema,
  commissionTransferResultSchema,
  agentRegisterResultSchema,
  agentRegisterSchema,
  contractActionResultSchema,
  contractIdParamsSchema,
  contractListQuerySchema,
  contractListSchema,
  contractOfferResultSchema,
  contractOfferSchema,
  type ContractKind,
  dividendPageSchema,
  dividendQuerySchema,
  downlinePageSchema,
  downlineQuerySchema,
  downlineTransactionsQuerySchema,
  envelopeSchema,
  incomeQuerySchema,
  incomeSchema,
  salaryPageSchema,
  salaryQuerySchema,
  teamBetPageSchema,
  teamBetsQuerySchema,
  teamOverviewQuerySchema,
  teamOverviewSchema,
  teamProfitPageSchema,
  teamProfitQuerySchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';
import { parseRange } from '../cashier/service.ts';
import { sendCsv } from './csv.ts';

const SALARY_COLUMNS = [
  'contractId',
  'kind',
  'period',
  'account',
  'payer',
  'validBet',
  'rate',
  'amount',
  'status',
] as const;
const DIVIDEND_COLUMNS = [...SALARY_COLUMNS, 'netLoss', 'activeMembers', 'carriedIn', 'carriedOut'] as const;

/**
 * The agent centre's calls (issue 12). Agents only, except the contract calls and the salary and
 * dividend records, which any real member holding or answering a contract uses (the player-side
 * contract popup). Every member id or account a caller names must be in its own subtree.
 */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const agents = app.services.agents;
  const agent = requireRole(['agent']);
  const member = requireRole(['player', 'agent']);
  const tags = ['agent'];
  const security = [{ token: [] }];
  const offset = app.config.businessUtcOffsetMinutes;
  const rangeOf = (q: { from?: string | undefined; to?: string | undefined }) => {
    const r = parseRange(q, offset);
    return agents.range(r.from, r.to);
  };

  app.get(
    '/wps/agent/team/overview',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'Team overview: members, new, active, valid bet, team P&L, per-day series',
        querystring: teamOverviewQuerySchema,
        response: { 200: envelopeSchema(teamOverviewSchema) },
      },
    },
    async (req) => ok(req, await agents.overview(memberPrincipal(req).memberId, rangeOf(req.query))),
  );

  app.put(
    '/wps/agent/register',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'registerCenter: a downline player or sub-agent (register field rules apply)',
        body: agentRegisterSchema,
        response: { 200: envelopeSchema(agentRegisterResultSchema) },
      },
    },
    async (req) =>
      ok(req, await agents.register(memberPrincipal(req).memberId, req.body, requestLocale(req))),
  );

  app.get(
    '/wps/agent/downlines',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary:
          'Team management: one level (drill down with parentId) or a subtree search; CSV with format=csv',
        querystring: downlineQuerySchema,
        response: { 200: envelopeSchema(downlinePageSchema) },
      },
    },
    async (req, reply) => {
      const me = memberPrincipal(req).memberId;
      const q = req.query;
      if (q.format === 'csv') {
        await agents.assertInTeam(me, q.parentId ?? me);
        return sendCsv(
          reply,
          'downlines',
          [
            'account',
            'nickname',
            'isAgent',
            'parentAccount',
            'level',
            'directCount',
            'status',
            'balance',
            'commission',
            'createdAt',
          ],
          (pageNo, pageSize) => agents.downlines(me, { ...q, pageNo, pageSize }),
        );
      }
      return ok(req, await agents.downlines(me, q));
    },
  );

  app.get(
    '/wps/agent/wallet',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary:
          'The agent’s own cash, bonus and commission, apart (salaries and dividends are paid to commission)',
        response: { 200: envelopeSchema(agentWalletSchema) },
      },
    },
    async (req) => ok(req, await agents.wallet(memberPrincipal(req).memberId)),
  );

  app.post(
    '/wps/agent/commission/transfer',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'Move the caller’s own commission to its own cash, with the payment password',
        body: commissionTransferInputSchema,
        response: { 200: envelopeSchema(commissionTransferResultSchema) },
      },
    },
    async (req) => ok(req, await agents.transferCommission(memberPrincipal(req).memberId, req.body)),
  );

  app.get(
    '/wps/agent/team/bets',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'Team betting: rounds of the subtree; CSV with format=csv',
        querystring: teamBetsQuerySchema,
        response: { 200: envelopeSchema(teamBetPageSchema) },
      },
    },
    async (req, reply) => {
      const me = memberPrincipal(req).memberId;
      const q = { ...req.query, ...rangeOf(req.query) };
      if (q.format === 'csv') {
        await agents.teamBets(me, { ...q, pageNo: 1, pageSize: 1 });
        return sendCsv(
          reply,
          'team-bets',
          [
            'time',
            'account',
            'vendor',
            'gameType',
            'gameCode',
            'roundId',
            'stake',
            'validBet',
            'payout',
            'status',
          ],
          (pageNo, pageSize) => agents.teamBets(me, { ...q, pageNo, pageSize }),
        );
      }
      return ok(req, await agents.teamBets(me, q));
    },
  );

  app.get(
    '/wps/agent/team/profit',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'User loss / P&L statements: each member of a level with its team; CSV with format=csv',
        querystring: teamProfitQuerySchema,
        response: { 200: envelopeSchema(teamProfitPageSchema) },
      },
    },
    async (req, reply) => {
      const me = memberPrincipal(req).memberId;
      const q = { ...req.query, ...rangeOf(req.query) };
      if (q.format === 'csv') {
        await agents.assertInTeam(me, q.parentId ?? me);
        return sendCsv(
          reply,
          'team-profit',
          [
            'account',
            'isAgent',
            'validBet',
            'stake',
            'payout',
            'profitLoss',
            'memberWinLoss',
            'activeMembers',
          ],
          (pageNo, pageSize) => agents.teamProfit(me, { ...q, pageNo, pageSize }),
        );
      }
      return ok(req, await agents.teamProfit(me, q));
    },
  );

  app.get(
    '/wps/agent/income',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'My income: received, paid below and pending, per contract kind',
        querystring: incomeQuerySchema,
        response: { 200: envelopeSchema(incomeSchema) },
      },
    },
    async (req) => {
      await agents.assertPolicy();
      const r = rangeOf(req.query);
      return ok(req, await agents.payouts.income(memberPrincipal(req).memberId, r.from, r.to));
    },
  );

  app.get(
    '/wps/agent/downline/transactions',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'Account details: the account record of one downline member; CSV with format=csv',
        querystring: downlineTransactionsQuerySchema,
        response: { 200: envelopeSchema(accountRecordPageSchema) },
      },
    },
    async (req, reply) => {
      const me = memberPrincipal(req).memberId;
      const { from: _f, to: _t, ...rest } = req.query;
      const q = { ...rest, ...parseRange(req.query, offset) };
      if (q.format === 'csv') {
        await agents.downlineTransactions(me, { ...q, pageNo: 1, pageSize: 1 });
        return sendCsv(
          reply,
          'downline-transactions',
          ['createdAt', 'type', 'reason', 'amount', 'balanceBefore', 'balanceAfter', 'transactionId'],
          (pageNo, pageSize) => agents.downlineTransactions(me, { ...q, pageNo, pageSize }),
        );
      }
      return ok(req, await agents.downlineTransactions(me, q));
    },
  );

  // ---------------------------------------------------------------- contracts

  app.get(
    '/wps/agent/contracts',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Contracts the caller holds or has offered, with the current period figures',
        querystring: contractListQuerySchema,
        response: { 200: envelopeSchema(contractListSchema) },
      },
    },
    async (req) => {
      await agents.assertPolicy();
      return ok(req, await agents.listContracts(memberPrincipal(req).memberId, req.query));
    },
  );

  app.post(
    '/wps/agent/contracts',
    {
      onRequest: agent,
      schema: {
        tags,
        security,
        summary: 'Offer a contract to a DIRECT downline (rate never above your own of the same kind)',
        body: contractOfferSchema,
        response: { 200: envelopeSchema(contractOfferResultSchema) },
      },
    },
    async (req) => ok(req, await agents.offer(memberPrincipal(req).memberId, req.body)),
  );

  for (const action of ['accept', 'reject', 'terminate'] as const) {
    app.post(
      `/wps/agent/contracts/:id/${action}`,
      {
        onRequest: member,
        schema: {
          tags,
          security,
          summary:
            action === 'terminate'
              ? 'Request termination, or confirm the other side’s request (withdraws an unanswered offer)'
              : `${action === 'accept' ? 'Accept' : 'Reject'} an offered contract (the downline)`,
          params: contractIdParamsSchema,
          response: { 200: envelopeSchema(contractActionResultSchema) },
        },
      },
      async (req) => {
        const me = memberPrincipal(req).memberId;
        await agents.assertPolicy();
        const r =
          action === 'accept'
            ? await agents.accept(me, req.params.id)
            : await agents.contracts[action](me, req.params.id);
        return ok(req, { id: r.id, status: r.status, request: r.request });
      },
    );
  }

  app.get(
    '/wps/agent/salaries',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Daily wages, hourly salary, real-time salary records; CSV with format=csv',
        querystring: salaryQuerySchema,
        response: { 200: envelopeSchema(salaryPageSchema) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const base = {
        memberId: memberPrincipal(req).memberId,
        side: q.side ?? 'RECEIVED',
        // SPEC §6: a kind switched off is refused when asked, and left out of "all".
        kinds: await agents.enabledKinds(
          (q.kind ? [q.kind] : ['DAILY', 'HOURLY', 'REALTIME']) as ContractKind[],
        ),
        ...parseRange(q, offset),
      };
      const page = (pageNo: number, pageSize: number) => agents.payouts.page({ ...base, pageNo, pageSize });
      if (q.format === 'csv') return sendCsv(reply, 'salaries', SALARY_COLUMNS, page);
      const p = await page(q.pageNo, q.pageSize);
      return ok(req, {
        ...p,
        content: p.content.map(({ netLoss, activeMembers, carriedIn, carriedOut, ...salary }) => salary),
      });
    },
  );

  app.get(
    '/wps/agent/dividends',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Dividend records (net loss, tiers, carried deficit); CSV with format=csv',
        querystring: dividendQuerySchema,
        response: { 200: envelopeSchema(dividendPageSchema) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const base = {
        memberId: memberPrincipal(req).memberId,
        side: q.side ?? 'RECEIVED',
        kinds: await agents.enabledKinds(['DIVIDEND']),
        ...parseRange(q, offset),
      };
      const page = (pageNo: number, pageSize: number) => agents.payouts.page({ ...base, pageNo, pageSize });
      if (q.format === 'csv') return sendCsv(reply, 'dividends', DIVIDEND_COLUMNS, page);
      return ok(req, await page(q.pageNo, q.pageSize));
    },
  );

  app.get(
    '/wps/agent/messages',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Platform messages about the caller’s contracts (offers, answers, terminations, auto-ended)',
        response: { 200: envelopeSchema(agentMessageListSchema) },
      },
    },
    async (req) => ok(req, { content: await agents.contracts.messages(memberPrincipal(req).memberId) }),
  );
};
