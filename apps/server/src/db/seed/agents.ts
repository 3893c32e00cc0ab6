import type { ContractOffer } from '@wps/contract';
import type { Services } from '../../services.ts';

/**
 * Issue 12's demo: agent01 holds platform contracts of every kind and has offered none yet;
 * subagent01 (its direct downline) is there to receive one.
 */
const PLATFORM_CONTRACTS: Array<Omit<ContractOffer, 'downline'>> = [
  { kind: 'REALTIME', rate: '1.50' },
  {
    kind: 'HOURLY',
    tiers: [
      { minValidBet: '1000.00', minActiveMembers: 1, rate: '0.50' },
      { minValidBet: '10000.00', minActiveMembers: 3, rate: '0.80' },
    ],
  },
  {
    kind: 'DAILY',
    tiers: [
      { minValidBet: '5000.00', minActiveMembers: 1, rate: '0.60' },
      { minValidBet: '50000.00', minActiveMembers: 5, rate: '1.00' },
    ],
  },
  {
    kind: 'DIVIDEND',
    payPeriod: 'MONTHLY',
    tiers: [
      { minNetLoss: '1000.00', minActiveMembers: 1, rate: '10.00' },
      { minNetLoss: '10000.00', minActiveMembers: 5, rate: '20.00' },
    ],
  },
];

export async function seedAgents({ members, agents }: Services): Promise<boolean> {
  const agent = await members.getByAccount('agent01');
  if (!agent) return false;
  let changed = false;
  for (const terms of PLATFORM_CONTRACTS) {
    if (await agents.contracts.activeOf(agent.id, terms.kind)) continue;
    const { id } = await agents.offer(null, { ...terms, downline: agent.account });
    await agents.contracts.accept(agent.id, id);
    changed = true;
  }
  return changed;
}
