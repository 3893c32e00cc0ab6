import {
  baccaratPlaySchema,
  blackjackActionSchema,
  blackjackPlaySchema,
  dicePlaySchema,
  dragonTigerPlaySchema,
  envelopeSchema,
  errorEnvelopeSchema,
  fromMinor,
  inhouseCurrentSchema,
  inhouseGamesSchema,
  inhouseRoundDetailSchema,
  inhouseRoundResultSchema,
  kenoPlaySchema,
  minesActionSchema,
  minesPlaySchema,
  plinkoPlaySchema,
  rotateSeedsBodySchema,
  rotateSeedsSchema,
  roulettePlaySchema,
  roundIdParamsSchema,
  seedsSchema,
  sicboPlaySchema,
  slotPlaySchema,
  toMinor,
} from '@wps/contract';
import { GAMES_BY_ID } from '@wps/games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { HttpGame } from './engine.ts';

const paisa = (amount: string): number => Number(toMinor(amount));

/**
 * Each game's body (contract) → the engine's bet (paisa as numbers, the verifier's ReplayInput
 * bet) and the list of stakes for the table limits.
 */
const PLAY: {
  [G in HttpGame]: { schema: z.ZodType; toBet: (b: never) => { bet: unknown; stakes: string[] } };
} = {
  roulette: {
    schema: roulettePlaySchema,
    toBet: (b: z.infer<typeof roulettePlaySchema>) => ({
      bet: {
        bets: b.bets.map((x) => ({
          type: x.type,
          ...(x.numbers ? { numbers: x.numbers } : {}),
          amount: paisa(x.amount),
        })),
      },
      stakes: b.bets.map((x) => x.amount),
    }),
  },
  baccarat: {
    schema: baccaratPlaySchema,
    toBet: (b: z.infer<typeof baccaratPlaySchema>) => ({
      bet: { bets: b.bets.map((x) => ({ type: x.type, amount: paisa(x.amount) })) },
      stakes: b.bets.map((x) => x.amount),
    }),
  },
  'dragon-tiger': {
    schema: dragonTigerPlaySchema,
    toBet: (b: z.infer<typeof dragonTigerPlaySchema>) => ({
      bet: { bets: b.bets.map((x) => ({ type: x.type, amount: paisa(x.amount) })) },
      stakes: b.bets.map((x) => x.amount),
    }),
  },
  sicbo: {
    schema: sicboPlaySchema,
    toBet: (b: z.infer<typeof sicboPlaySchema>) => ({
      bet: { bets: b.bets.map((x) => ({ ...x, amount: paisa(x.amount) })) },
      stakes: b.bets.map((x) => x.amount),
    }),
  },
  dice: {
    schema: dicePlaySchema,
    toBet: (b: z.infer<typeof dicePlaySchema>) => ({
      bet: { amount: paisa(b.amount), target: b.target, direction: b.direction },
      stakes: [b.amount],
    }),
  },
  plinko: {
    schema: plinkoPlaySchema,
    toBet: (b: z.infer<typeof plinkoPlaySchema>) => ({
      bet: { amount: paisa(b.amount), rows: b.rows, risk: b.risk },
      stakes: [b.amount],
    }),
  },
  keno: {
    schema: kenoPlaySchema,
    toBet: (b: z.infer<typeof kenoPlaySchema>) => ({
      bet: { amount: paisa(b.amount), picks: b.picks },
      stakes: [b.amount],
    }),
  },
  'video-slot': {
    schema: slotPlaySchema,
    toBet: (b: z.infer<typeof slotPlaySchema>) => ({ bet: { amount: paisa(b.amount) }, stakes: [b.amount] }),
  },
  'classic-slot': {
    schema: slotPlaySchema,
    toBet: (b: z.infer<typeof slotPlaySchema>) => ({ bet: { amount: paisa(b.amount) }, stakes: [b.amount] }),
  },
  blackjack: {
    schema: blackjackPlaySchema,
    toBet: (b: z.infer<typeof blackjackPlaySchema>) => ({
      bet: { amount: paisa(b.amount) },
      stakes: [b.amount],
    }),
  },
  mines: {
    schema: minesPlaySchema,
    toBet: (b: z.infer<typeof minesPlaySchema>) => ({
      bet: { amount: paisa(b.amount), mines: b.mines },
      stakes: [b.amount],
    }),
  },
};

/** Player calls of the in-house games (issue 11): seeds, play, actions, recall, round proof. */
export const inhouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const inhouse = app.services.inhouse;
  const member = requireRole(['player', 'agent', 'trial']);
  const tags = ['inhouse'];
  const security = [{ token: [] }];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    409: errorEnvelopeSchema,
  };

  app.get(
    '/wps/inhouse/games',
    {
      schema: {
        tags,
        summary: 'Every in-house game: RTP, house edge, limits, paused (public)',
        response: { 200: envelopeSchema(inhouseGamesSchema) },
      },
    },
    async (req) => {
      const settings = await inhouse.settings.list();
      return ok(req, {
        games: settings.map((s) => ({
          game: s.game,
          rtp: GAMES_BY_ID[s.game].rtp,
          houseEdge: GAMES_BY_ID[s.game].houseEdge,
          minBet: fromMinor(s.minBet),
          maxBet: fromMinor(s.maxBet),
          maxPayout: fromMinor(s.maxPayout),
          paused: s.paused,
        })),
      });
    },
  );

  app.get(
    '/wps/inhouse/seeds',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My seed pair: serverSeedHash, clientSeed, nonce, and the last revealed pair',
        response: { 200: envelopeSchema(seedsSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.seeds.view(memberPrincipal(req).memberId)),
  );

  app.put(
    '/wps/inhouse/seeds',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Rotate: reveals the old serverSeed, starts a new pair (nonce 0); refused mid-hand',
        body: rotateSeedsBodySchema,
        response: { 200: envelopeSchema(rotateSeedsSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.rotate(memberPrincipal(req).memberId, req.body.clientSeed)),
  );

  for (const game of Object.keys(PLAY) as HttpGame[]) {
    const { schema, toBet } = PLAY[game];
    app.post(
      `/wps/inhouse/${game}/play`,
      {
        onRequest: member,
        schema: {
          tags,
          security,
          summary: `${GAMES_BY_ID[game].name.en}: play a round (idempotent by requestId)`,
          body: schema,
          response: { 200: envelopeSchema(inhouseRoundResultSchema), ...errors },
        },
      },
      async (req: FastifyRequest) => {
        const body = req.body as { requestId: string };
        const { bet, stakes } = (toBet as (b: unknown) => { bet: unknown; stakes: string[] })(body);
        return ok(
          req,
          await inhouse.play(memberPrincipal(req), game, body.requestId, bet, stakes.map(toMinor)),
        );
      },
    );
  }

  app.post(
    '/wps/inhouse/blackjack/action',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Blackjack: hit, stand, double, split, insurance (idempotent by requestId)',
        body: blackjackActionSchema,
        response: { 200: envelopeSchema(inhouseRoundResultSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.act(memberPrincipal(req), 'blackjack', req.body)),
  );

  app.post(
    '/wps/inhouse/mines/action',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Mines: reveal a cell or cash out (idempotent by requestId)',
        body: minesActionSchema,
        response: { 200: envelopeSchema(inhouseRoundResultSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.act(memberPrincipal(req), 'mines', req.body)),
  );

  for (const game of ['blackjack', 'mines'] as const) {
    app.get(
      `/wps/inhouse/${game}/current`,
      {
        onRequest: member,
        schema: {
          tags,
          security,
          summary: `${GAMES_BY_ID[game].name.en}: my unfinished round (game recall), or null`,
          response: { 200: envelopeSchema(inhouseCurrentSchema), ...errors },
        },
      },
      async (req) => ok(req, { round: await inhouse.current(memberPrincipal(req), game) }),
    );
  }

  app.get(
    '/wps/inhouse/rounds/:roundId',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'One of my rounds with its fairness proof (serverSeed once revealed)',
        params: roundIdParamsSchema,
        response: { 200: envelopeSchema(inhouseRoundDetailSchema), ...errors },
      },
    },
    async (req) => ok(req, await inhouse.rounds.detail(req.params.roundId, memberPrincipal(req).memberId)),
  );
};
