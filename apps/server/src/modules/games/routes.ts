import {
  bettingRecordDetailQuerySchema,
  bettingRecordDetailSchema,
  bettingRecordPageSchema,
  bettingRecordQuerySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  favoriteBodySchema,
  favoriteIdsSchema,
  favoriteQuerySchema,
  favoriteResultSchema,
  favoritesQuerySchema,
  gameListPageSchema,
  gameListSchema,
  gameMenusSchema,
  gamePageSchema,
  gamesQuerySchema,
  hotGamesQuerySchema,
  launchGameQuerySchema,
  launchGameSchema,
  merchantWalletSchema,
  popularQuerySchema,
  recentQuerySchema,
  roomsQuerySchema,
  roomsSchema,
  vassalageGameTypesQuerySchema,
  vassalageGameTypesSchema,
  winnerBoardQuerySchema,
  winnerBoardSchema,
} from '@wps/contract';
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLocale } from '../../http/i18n.ts';
import { gameArtSvg, vendorMarkSvg } from './art.ts';
import { ListPages } from './list-pages.ts';

/** Player-facing game calls (SPEC §7 "Games"), plus the generated artwork. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const games = app.services.games;
  const member = requireRole(['player', 'agent', 'trial']);
  const tags = ['games'];
  const security = [{ token: [] }];
  const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
  const launchErrors = { ...errors, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };
  const listPages = new ListPages();
  // The route's own response serialiser (schema check, then JSON), run once per cached page.
  const serializeGamePage = serializerCompiler({
    schema: envelopeSchema(gamePageSchema),
    method: 'GET',
    url: '/wps/relay/GCS_games',
  });

  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: 'Vendor lanes per category (SPEC §3 gameClassify); ETag, 304 when unchanged',
        querystring: z.object({
          platform: z.string().max(40).optional(),
          language: z.string().max(10).optional(),
        }),
        response: { 200: envelopeSchema(gameMenusSchema), 304: z.null() },
      },
    },
    async (req, reply) => {
      const { body, etag } = await games.menus(requestLocale(req));
      reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'lang, accept-language');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return ok(req, body);
    },
  );

  app.get(
    '/wps/relay/GCS_games',
    {
      schema: {
        tags,
        summary:
          'Games list: filters NEW/FAV/ALL/HOT/RECENT (FAV and RECENT need a token), search, pages; clientType, platform and merchant checked',
        querystring: gamesQuerySchema,
        response: { 200: envelopeSchema(gamePageSchema), ...errors },
      },
    },
    async (req, reply) => {
      // One merchant per installation: a list asked for another one is a site on the wrong URL.
      if (req.query.merchant !== undefined && req.query.merchant !== app.config.merchantCode)
        throw new AppError('VALIDATION', { messageKey: 'invalidUrl', fields: { merchant: 'invalidUrl' } });
      const memberId = req.principal && req.principal.role !== 'operator' ? req.principal.memberId : null;
      const locale = requestLocale(req);
      const key = ListPages.key(req.query, locale);
      if (key === null) return ok(req, await games.list(req.query, memberId, locale));
      // Taken before the page is read: a page read from a newer snapshot is kept under an older
      // one at worst, never the other way round.
      const snap = await games.catalogue.snapshot();
      let body = listPages.get(snap, key);
      if (body === undefined) {
        body = serializeGamePage(ok(req, await games.list(req.query, memberId, locale)));
        listPages.set(snap, key, body);
      }
      // A string with a JSON content type goes out as it is (already checked and serialised);
      // the type provider knows only the object form, hence the cast.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/wps/relay/GCS_vassalageGameTypes',
    {
      schema: {
        tags,
        summary: 'Game types one vendor has',
        querystring: vassalageGameTypesQuerySchema,
        response: { 200: envelopeSchema(vassalageGameTypesSchema), ...errors },
      },
    },
    async (req) =>
      ok(req, { vassalage: req.query.vassalage, list: await games.vendorGameTypes(req.query.vassalage) }),
  );

  app.get(
    '/wps/relay/GCS_favoriteIds',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'nodeIds of my favourites',
        response: { 200: envelopeSchema(favoriteIdsSchema), ...errors },
      },
    },
    async (req) => ok(req, { favGameIds: await games.favoriteIds(memberPrincipal(req).memberId) }),
  );

  app.get(
    '/wps/relay/GCS_favorites',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My favourite games (pageSize up to 999)',
        querystring: favoritesQuerySchema,
        response: { 200: envelopeSchema(gamePageSchema), ...errors },
      },
    },
    async (req) =>
      ok(req, await games.favorites(memberPrincipal(req).memberId, req.query, requestLocale(req))),
  );

  app.post(
    '/wps/relay/GCS_favorite',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Add a favourite (idempotent)',
        body: favoriteBodySchema,
        response: { 200: envelopeSchema(favoriteResultSchema), ...errors },
      },
    },
    async (req) => {
      await games.addFavorite(memberPrincipal(req).memberId, req.body.nodeId);
      return ok(req, { nodeId: req.body.nodeId, favorite: true });
    },
  );

  app.delete(
    '/wps/relay/GCS_favorite',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Remove a favourite (idempotent)',
        querystring: favoriteQuerySchema,
        response: { 200: envelopeSchema(favoriteResultSchema), ...errors },
      },
    },
    async (req) => {
      await games.removeFavorite(memberPrincipal(req).memberId, req.query.nodeId);
      return ok(req, { nodeId: req.query.nodeId, favorite: false });
    },
  );

  app.get(
    '/wps/relay/GCS_recentGames',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Games I launched or played, newest first',
        querystring: recentQuerySchema,
        response: { 200: envelopeSchema(gameListPageSchema), ...errors },
      },
    },
    async (req) => ok(req, await games.recent(memberPrincipal(req).memberId, req.query, requestLocale(req))),
  );

  app.get(
    '/wps/relay/GCS_hotGames',
    {
      schema: {
        tags,
        summary: 'Hot games',
        querystring: hotGamesQuerySchema.extend({
          merchantCode: z.string().max(40).optional(),
          isPlatform: z.string().max(4).optional(),
          platform: z.string().max(60).optional(),
        }),
        response: { 200: envelopeSchema(gameListSchema), ...errors },
      },
    },
    async (req) => ok(req, { list: await games.hot(req.query.gameType, requestLocale(req)) }),
  );

  app.get(
    '/wps/relay/GCS_popular',
    {
      schema: {
        tags,
        summary: 'Popular games (SPEC §7): most real-money rounds over the last days, then catalogue order',
        querystring: popularQuerySchema,
        response: { 200: envelopeSchema(gameListSchema), ...errors },
      },
    },
    async (req) => ok(req, { list: await games.popular.list(req.query, requestLocale(req)) }),
  );

  app.get(
    '/wps/relay/GCS_winnerBoard',
    {
      schema: {
        tags,
        summary: 'Winners from real settled rounds (names masked); sort=BIGGEST for the biggest wins',
        querystring: winnerBoardQuerySchema,
        response: { 200: envelopeSchema(winnerBoardSchema), ...errors },
      },
    },
    async (req) =>
      ok(req, { list: (await games.winners(req.query, requestLocale(req))).map((vo) => ({ vo })) }),
  );

  app.get(
    '/wps/game/launchGame',
    {
      onRequest: requireRole(['player', 'agent', 'trial']),
      config: { startsPlay: true },
      schema: {
        tags,
        security,
        summary:
          "Launch URL with a one-time token (GAME_MAINTENANCE carries value.suggestions); trial=1 plays a supportPlay 0 game as the player's trial twin",
        querystring: launchGameQuerySchema,
        response: { 200: envelopeSchema(launchGameSchema), ...launchErrors },
      },
    },
    async (req) =>
      ok(
        req,
        await games.launch(req.principal!, {
          gameId: req.query.gameId,
          device: req.query.device,
          language: requestLocale(req),
          trial: req.query.trial === '1',
          ip: req.ip,
        }),
      ),
  );

  app.get(
    '/wps/relay/GCS_rooms',
    {
      schema: {
        tags,
        summary: 'Live tables with their limits',
        querystring: roomsQuerySchema,
        response: { 200: envelopeSchema(roomsSchema), ...errors },
      },
    },
    async (req) => ok(req, { list: await games.rooms(req.query.vassalage, requestLocale(req)) }),
  );

  app.get(
    '/wps/relay/GCS_merchantWallet',
    {
      schema: {
        tags,
        summary: 'A single (seamless) wallet',
        response: { 200: envelopeSchema(merchantWalletSchema) },
      },
    },
    async (req) => ok(req, { isSingle: true }),
  );

  app.get(
    '/wps/relay/GCS_bettingRecord',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My rounds from every source, with totals for the filter',
        querystring: bettingRecordQuerySchema,
        response: { 200: envelopeSchema(bettingRecordPageSchema), ...errors },
      },
    },
    async (req) => {
      const page = await app.services.gameRecords.list(
        { memberId: memberPrincipal(req).memberId },
        req.query,
        requestLocale(req),
      );
      return ok(req, { ...page, content: page.content.map(({ memberId: _m, ...r }) => r) });
    },
  );

  app.get(
    '/wps/relay/GCS_bettingRecord/:roundId',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "One of my rounds with its entries (another member's round is not found)",
        params: z.object({ roundId: z.string().min(1).max(100) }),
        querystring: bettingRecordDetailQuerySchema,
        response: { 200: envelopeSchema(bettingRecordDetailSchema), ...errors },
      },
    },
    async (req) => {
      const detail = await app.services.gameRecords.detail(
        memberPrincipal(req).memberId,
        req.params.roundId,
        req.query.vendor,
        requestLocale(req),
      );
      if (!detail) throw new AppError('NOT_FOUND');
      return ok(req, detail);
    },
  );

  // Artwork: drawn from the game row, so the URL carries a version and may be cached for good.
  app.get(
    '/wps/games/art/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,9}\.svg$/) }) } },
    async (req, reply) => {
      const snap = await games.catalogue.snapshot();
      const g = snap.byId.get(Number.parseInt(req.params.file, 10));
      if (!g) throw new AppError('NOT_FOUND');
      const v = snap.vendorByCode.get(g.vendor);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(
          gameArtSvg({
            gameId: g.id,
            name: g.nameEn,
            vendorMark: v?.markText ?? g.vendor,
            gameType: g.gameType,
          }),
        );
    },
  );

  app.get(
    '/wps/games/vendor-art/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[A-Z0-9_]{1,32}\.svg$/) }) } },
    async (req, reply) => {
      const snap = await games.catalogue.snapshot();
      const v = snap.vendorByCode.get(req.params.file.slice(0, -4));
      if (!v) throw new AppError('NOT_FOUND');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(vendorMarkSvg({ text: v.markText, color: v.markColor }));
    },
  );
};
