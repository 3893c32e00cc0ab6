import type { Services } from '../../services.ts';
import { Accounts } from '../../modules/wallet/accounts.ts';

/** Demo balances, each one ledger transaction with a fixed key: running the seed again moves nothing. */
const DEMO_BALANCES: Array<{ account: string; amount: bigint }> = [
  { account: 'demo01', amount: 1_000_000n }, // 10,000.00 (DESIGN §4)
  { account: 'agent01', amount: 500_000n }, // 5,000.00, so transferFund has something to send
];

/** Runs after the members step: the demo accounts must exist. Also the four manual deposit channels. */
export async function seedWallet({ members, wallet, cashier }: Services): Promise<boolean> {
  let changed = await cashier.ensureDemoChannels();
  for (const { account, amount } of DEMO_BALANCES) {
    const m = await members.getByAccount(account);
    if (!m) continue;
    const r = await wallet.post({
      key: `seed:${account}:cash`,
      reason: 'adjustment',
      postings: [
        { account: Accounts.adjustment(), amount: -amount },
        { account: Accounts.cash(m.id), amount },
      ],
      metadata: { note: 'demo seed' },
    });
    changed = changed || !r.replayed;
  }
  return changed;
}
