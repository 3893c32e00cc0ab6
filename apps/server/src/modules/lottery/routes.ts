import {
  adminLotteryConfigSchema,
  adminLotteryGameParamsSchema,
  adminLotteryGamePutSchema,
  adminLotteryOddsListQuerySchema,
  adminLotteryOddsPutSchema,
  adminLotteryOddsQuerySchema,
  adminLotteryOddsSchema,
  adminLotteryResultApproveSchema,
  adminLotteryResultDiscardApproveSchema,
  adminLotteryResultDiscardSchema,
  adminLotteryResultDrawSchema,
  adminLotteryResultEnterSchema,
  adminLotteryResultsQuerySchema,
  adminLotteryResultsSchema,
  LOTTERY_RESULTS_PERMISSION,
  envelopeSchema,
  GAMES_PERMISSION,
  errorEnvelopeSchema,
  lotteryCancelledSchema,
  lotteryCancelSchema,
  lotteryDrawsSchema,
  lotteryLaunchQuerySchema,
  lotteryLaunchSchema,
  lotteryMenuQuerySchema,
  lotteryMenuSchema,
  lotteryOpenedQuerySchema,
  lotteryPlacedSchema,
  lotteryPlaceSchema,
  lotteryRecentQuerySchema,
  lotteryTicketsQuerySchema,
  lotteryTicketsSchema,
} from '@wps/contract';
import { LOTTERY_RTP_LIMIT, rtpPercent } from '@wps/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, operatorPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/i18n.ts';
import { defaultPrizeMode } from './service.ts';

/** SPEC §2 lottery routing by vendor. */
const PAGE_OF_VENDOR: Record<string, string> = { TCG_LOTTO_VN: '/vnLottery', TCG_SEA: '/seaLottery' };

/**
 * Lottery calls (issue 15; SPEC §7): menus, recent and opened numbers are public (anyone may
 * check a draw); launch, betting, tickets and cancel need a member's session, and a member only
 * ever sees and cancels their own tickets.
 */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const lottery = app.services.lottery;
  const member = requireRole(['player', 'agent', 'trial']);
  const tags = ['lottery'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  };

  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: 'Lottery games of a prize mode with the next draw, its cut-off and seed hash',
        querystring: lotteryMenuQuerySchema,
        response: { 200: envelopeSchema(lotteryMenuSchema), 400: errorEnvelopeSchema },
      },
    },
    async (req) =>
      ok(req, { games: await lottery.menu(req.query.prizeMode, requestLocale(req) === 'ne' ? 'ne' : 'en') }),
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    {
      schema: {
        tags,
        summary: 'The latest drawn results of every game of a prize mode',
        querystring: lotteryRecentQuerySchema,
        response: { 200: envelopeSchema(lotteryDrawsSchema), 400: errorEnvelopeSchema },
      },
    },
    async (req) => ok(req, { draws: await lottery.recent(req.query.prizeMode) }),
  );

  for (const path of ['/lgw/vn/numeros/opened/game', '/lotto/lgw/games/opened/numero']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'Opened numbers of a game: one draw, a day (Nepal) or the latest; seeds once drawn',
          querystring: lotteryOpenedQuerySchema,
          response: {
            200: envelopeSchema(lotteryDrawsSchema),
            400: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
          },
        },
      },
      async (req) => ok(req, { draws: await lottery.opened(req.query) }),
    );
  }

  app.get(
    '/lgw/vn/games/launch',
    {
      onRequest: member,
      config: { startsPlay: true },
      schema: {
        tags,
        security,
        summary: 'Launch: the page to open (lobby or a game betting view), routed by vendor',
        querystring: lotteryLaunchQuerySchema,
        response: { 200: envelopeSchema(lotteryLaunchSchema), ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const game = q.gameCode ? lottery.game(q.gameCode) : null;
      const page = game
        ? (PAGE_OF_VENDOR[game.vendor] ?? '/lottery')
        : q.lottoArea === 'SEA'
          ? '/seaLottery'
          : '/lottery';
      const params = new URLSearchParams();
      // SPEC §2: /vnLottery and /lottery take a game code; /seaLottery opens its lobby.
      const withGame = game !== null && page !== '/seaLottery';
      if (withGame) params.set('gameCode', game.gameCode);
      params.set('view', withGame ? q.view : 'lobby');
      params.set('prizeMode', q.prizeMode ?? (game ? defaultPrizeMode(game) : q.launchMode));
      if (q.backUrl) params.set('backUrl', q.backUrl);
      if (q.language) params.set('language', q.language);
      return ok(req, { url: `${page}?${params.toString()}` });
    },
  );

  app.post(
    '/wps/lottery/bets',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Place a slip on a draw before its cut-off (idempotent by requestId)',
        body: lotteryPlaceSchema,
        response: { 200: envelopeSchema(lotteryPlacedSchema), ...errors },
      },
    },
    async (req) => ok(req, await lottery.place(memberPrincipal(req), req.body)),
  );

  app.get(
    '/wps/lottery/tickets',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My tickets with each bet’s cost, hits and payout',
        querystring: lotteryTicketsQuerySchema,
        response: { 200: envelopeSchema(lotteryTicketsSchema), ...errors },
      },
    },
    async (req) => ok(req, await lottery.tickets(memberPrincipal(req).memberId, req.query)),
  );

  app.post(
    '/wps/lottery/tickets/cancel',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Cancel one of my open tickets before its cut-off (refunded in full)',
        body: lotteryCancelSchema,
        response: { 200: envelopeSchema(lotteryCancelledSchema), ...errors },
      },
    },
    async (req) => ok(req, await lottery.cancel(memberPrincipal(req), req.body.ticketId)),
  );

  const operator = requireRole(['operator'], GAMES_PERMISSION);
  const rtpLimit = rtpPercent(LOTTERY_RTP_LIMIT);
  app.get(
    '/wps/admin/lottery/odds',
    {
      onRequest: operator,
      schema: {
        tags: ['admin: lottery'],
        security,
        summary:
          'The odds: one row per prize mode, draw structure, bet type and prize tier, with its exact RTP (percent)',
        querystring: adminLotteryOddsListQuerySchema,
        response: { 200: envelopeSchema(adminLotteryOddsSchema), ...errors },
      },
    },
    async (req) =>
      ok(req, { rows: await lottery.config.oddsRows(req.query.prizeMode, req.query.structure), rtpLimit }),
  );
  app.put(
    '/wps/admin/lottery/odds',
    {
      onRequest: operator,
      schema: {
        tags: ['admin: lottery'],
        security,
        summary:
          'Set one bet type’s odds and/or commission (percent of the cost) of a prize mode on a structure, or on all its structures (audited; placed tickets keep theirs; odds returning 100 % or more: ODDS_ABOVE_RTP_LIMIT)',
        body: adminLotteryOddsPutSchema,
        response: { 200: envelopeSchema(adminLotteryOddsSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      const { prizeMode, structure, betType, odds, commission } = req.body;
      const rows = await lottery.config.setRates(
        prizeMode,
        structure,
        betType,
        { odds, commission },
        { id: op.operatorId, account: op.account },
        clientIp(req),
      );
      return ok(req, { rows, rtpLimit });
    },
  );

  app.get(
    '/wps/admin/lottery/config',
    {
      onRequest: operator,
      schema: {
        tags: ['admin: lottery'],
        security,
        summary:
          'The odds page: odds and commission per bet type of a prize mode, and its games’ limits and cut-off',
        querystring: adminLotteryOddsQuerySchema,
        response: { 200: envelopeSchema(adminLotteryConfigSchema), ...errors },
      },
    },
    async (req) => {
      const mode = req.query.prizeMode;
      const games = lottery.games.filter((g) => (mode === 'SEA') === (g.vendor === 'TCG_SEA'));
      return ok(req, await lottery.config.view(mode, games, requestLocale(req) === 'ne' ? 'ne' : 'en'));
    },
  );

  app.put(
    '/wps/admin/lottery/games/:gameCode',
    {
      onRequest: operator,
      schema: {
        tags: ['admin: lottery'],
        security,
        summary:
          'Set a game’s limits per number and per draw and its cut-off (audited; open draws follow at once)',
        params: adminLotteryGameParamsSchema,
        body: adminLotteryGamePutSchema,
        response: { 200: envelopeSchema(adminLotteryConfigSchema.shape.games.element), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await lottery.config.setGameSettings(
          lottery.game(req.params.gameCode),
          req.body,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );

  // ---- official results (issue 28): entry, second-operator approval, feed, conflicts ----
  const resultsOperator = requireRole(['operator'], LOTTERY_RESULTS_PERMISSION);
  const resultsTags = ['admin: lottery results'];
  app.get(
    '/wps/admin/lottery/results',
    {
      onRequest: resultsOperator,
      schema: {
        tags: resultsTags,
        security,
        summary:
          'Official-result draws (station-named games) past their time: state (waiting, conflict, drawn, settled), the operator’s entry and the feed’s result, and why they conflict',
        querystring: adminLotteryResultsQuerySchema,
        response: { 200: envelopeSchema(adminLotteryResultsSchema), ...errors },
      },
    },
    async (req) => {
      if (req.query.gameCode) lottery.game(req.query.gameCode);
      return ok(req, await lottery.official.list(req.query, requestLocale(req) === 'ne' ? 'ne' : 'en'));
    },
  );
  app.post(
    '/wps/admin/lottery/results',
    {
      onRequest: resultsOperator,
      schema: {
        tags: resultsTags,
        security,
        summary:
          'Enter the official result of a draw past its time (audited); it counts once a second operator approves it',
        body: adminLotteryResultEnterSchema,
        response: { 200: envelopeSchema(adminLotteryResultDrawSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await lottery.official.enter(
          req.body.drawId,
          req.body.results,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );
  app.post(
    '/wps/admin/lottery/results/approve',
    {
      onRequest: resultsOperator,
      schema: {
        tags: resultsTags,
        security,
        summary:
          'Approve another operator’s entered result (audited; the one who entered it is refused); the draw settles unless the feed disagrees',
        body: adminLotteryResultApproveSchema,
        response: { 200: envelopeSchema(adminLotteryResultDrawSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await lottery.official.approve(
          req.body.drawId,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );
  app.post(
    '/wps/admin/lottery/results/discard',
    {
      onRequest: resultsOperator,
      schema: {
        tags: resultsTags,
        security,
        summary:
          'Propose throwing out a wrong result (the feed’s or the entered one) before the draw settles, with a reason (audited); it still counts until a second operator approves',
        body: adminLotteryResultDiscardSchema,
        response: { 200: envelopeSchema(adminLotteryResultDrawSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await lottery.official.proposeDiscard(
          req.body.drawId,
          req.body.source,
          req.body.reason,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );
  app.post(
    '/wps/admin/lottery/results/discard/approve',
    {
      onRequest: resultsOperator,
      schema: {
        tags: resultsTags,
        security,
        summary:
          'Approve another operator’s proposed discard (audited; the proposer is refused): the result no longer counts and the draw follows its other source, or waits',
        body: adminLotteryResultDiscardApproveSchema,
        response: { 200: envelopeSchema(adminLotteryResultDrawSchema), ...errors },
      },
    },
    async (req) => {
      const op = operatorPrincipal(req);
      return ok(
        req,
        await lottery.official.approveDiscard(
          req.body.drawId,
          req.body.source,
          { id: op.operatorId, account: op.account },
          clientIp(req),
        ),
      );
    },
  );
};
