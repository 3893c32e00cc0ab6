import { randomBytes } from 'node:crypto';
import { type ConformanceFixture, SIM_GAMES } from '@wps/sandbox-vendor/hub88-sim';
import type { FastifyInstance } from 'fastify';
import { Accounts } from '../wallet/accounts.ts';
import { type Hub88Game, importHub88Catalogue } from './games-api.ts';

/**
 * The simulator's games in the catalogue, as the console's import would put them (without the
 * HTTP round trip, so it works before the server listens): the wallet refuses bets on games we do
 * not have (RS_ERROR_INVALID_GAME), so a conformance run needs them.
 */
export async function importSimulatorGames(app: FastifyInstance): Promise<void> {
  await importHub88Catalogue(app.database.db, {
    listGames: async () => SIM_GAMES as unknown as Hub88Game[],
    imageBaseUrl: () => '',
  });
  app.services.games.catalogue.invalidate();
}

/**
 * The operator side of a conformance run: players with cash and a game session, as the launch
 * would open them, through the services (tests and `npm run conformance:aggregator`).
 */
export function conformanceFixture(app: FastifyInstance): ConformanceFixture {
  let games: Promise<void> | null = null;
  return {
    async newPlayer(cash: number) {
      games ??= importSimulatorGames(app);
      await games;
      const m = await app.services.members.create({
        account: `h${randomBytes(5).toString('hex')}`,
        password: 'Test@1234',
        type: 0,
        parentId: null,
        paymentPassword: null,
        payeeName: null,
        email: null,
        countryDialingCode: null,
        mobileNum: null,
      });
      if (cash > 0) {
        const amount = BigInt(cash) * 100n;
        await app.services.wallet.post({
          key: `conformance:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BANK'), amount: -amount },
            { account: Accounts.cash(m.id), amount },
          ],
        });
      }
      const token = await app.hub88.wallet.openSession(m.id, 'sim_lucky_sevens');
      return { user: m.account, token };
    },
    async disable(user: string) {
      const m = await app.services.members.getByAccount(user);
      if (m) await app.services.members.setStatus(m.id, 'disabled');
    },
    expire: (token: string) => app.hub88.wallet.expireSession(token),
  };
}
