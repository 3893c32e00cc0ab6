import { randomBytes } from 'node:crypto';
import type { ContractOffer } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { type CreatedAccount, createMember } from './members.ts';

/** Test helpers of the agents suites (not used by the app). */

/** A contract the platform gives a top-level agent, accepted at once. */
export async function platformContract(
  app: FastifyInstance,
  agent: CreatedAccount,
  terms: Omit<ContractOffer, 'downline'>,
): Promise<number> {
  const { id } = await app.services.agents.offer(null, { ...terms, downline: agent.account });
  await app.services.agents.contracts.accept(agent.id, id);
  return id;
}

/** An upline's offer to a direct downline, accepted by it. */
export async function givenContract(
  app: FastifyInstance,
  upline: CreatedAccount,
  downline: CreatedAccount,
  terms: Omit<ContractOffer, 'downline'>,
): Promise<number> {
  const { id } = await app.services.agents.offer(upline.id, { ...terms, downline: downline.account });
  await app.services.agents.contracts.accept(downline.id, id);
  return id;
}

/** A chain platform → top → … with `depth` agents and a player under the last one. */
export async function chain(app: FastifyInstance, depth: number) {
  const agents: CreatedAccount[] = [];
  for (let i = 0; i < depth; i++) {
    agents.push(await createMember(app, { type: i === 0 ? 1 : 2, parentId: agents[i - 1]?.id ?? null }));
  }
  const player = await createMember(app, { parentId: agents[depth - 1]!.id });
  return { agents, player };
}

/** A settled bet in the bets record (as a game source writes it), settled now. */
export async function bet(
  app: FastifyInstance,
  memberId: number,
  stake: bigint,
  payout: bigint,
  opts: { trial?: boolean } = {},
): Promise<void> {
  await app.database.db.transaction(async (tx) => {
    await app.services.bets.recordSettlement(tx, {
      memberId,
      source: 'inhouse',
      vendor: 'INHOUSE',
      gameCode: 'dice',
      gameType: 'INHOUSE',
      roundId: `r-${randomBytes(6).toString('hex')}`,
      stake,
      payout,
      trial: opts.trial ?? false,
    });
  });
}

/** A period context as the scheduler hands it to a job, owned for as long as the test wants. */
export function periodCtx(start: Date, end: Date, assertOwner: () => Promise<void> = async () => {}) {
  return { period: start.toISOString(), periodStart: start, periodEnd: end, assertOwner };
}
