import { hashPassword } from '../../apps/server/src/modules/members/passwords.ts';
import { Accounts } from '../../apps/server/src/modules/wallet/accounts.ts';
import type { createServices } from '../../apps/server/src/services.ts';

type Services = ReturnType<typeof createServices>;

/**
 * `count` members named `<prefix><n>`, each funded with 1,000,000.00 from the BENCH clearing
 * account, made `chunk` at a time; answers their account names. An existing member is reused, so a
 * database kept between runs (BENCH_DATABASE_URL) works too; its funding key makes it funded once.
 */
export async function fundedPlayers(services: Services, count: number, prefix: string, chunk = 100) {
  // One hash for every bench player: argon2 is deliberately slow, and nobody logs in here.
  const passwordHash = await hashPassword('Bench@1234');
  const players: string[] = [];
  for (let i = 0; i < count; i += chunk) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(chunk, count - i) }, (_, j) =>
        services.members
          .create({ account: `${prefix}${i + j}`, passwordHash })
          .catch(async () => (await services.members.getByAccount(`${prefix}${i + j}`))!),
      ),
    );
    await Promise.all(
      batch.map((m) =>
        services.wallet.post({
          key: `${prefix}-fund:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BENCH'), amount: -100_000_000n },
            { account: Accounts.cash(m.id), amount: 100_000_000n },
          ],
        }),
      ),
    );
    players.push(...batch.map((m) => m.account));
  }
  return players;
}
