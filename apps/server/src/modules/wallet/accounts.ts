import type { AccountType } from './schema.ts';

/** Names an account without knowing its id; the ledger creates it on first use. */
export interface AccountRef {
  type: AccountType;
  memberId?: number;
  /** Vendor code (house), channel code (clearing). */
  ref?: string;
  shard?: number;
}

/** Play money lives in its own domain: a transaction may never mix it with real money. */
const PLAY_TYPES: ReadonlySet<AccountType> = new Set(['trial', 'trial_house', 'trial_issuance']);
const MEMBER_TYPES: ReadonlySet<AccountType> = new Set([
  'player_cash',
  'player_bonus',
  'player_hold',
  'trial',
  'agent_commission',
]);

export const isPlayMoney = (type: AccountType): boolean => PLAY_TYPES.has(type);
export const isMemberAccount = (type: AccountType): boolean => MEMBER_TYPES.has(type);

const CODE_RE = /^[A-Za-z0-9_.-]{1,64}$/;

/** The canonical key of an account: `player_cash:42`, `house:SANDBOX:7`, `channel_clearing:ESEWA`. */
export function accountKey(a: AccountRef): string {
  if (isMemberAccount(a.type)) {
    if (!Number.isSafeInteger(a.memberId) || (a.memberId ?? 0) <= 0) {
      throw new Error(`${a.type} needs a member id`);
    }
    return `${a.type}:${a.memberId}`;
  }
  if (a.type === 'house' || a.type === 'trial_house') {
    if (!a.ref || !CODE_RE.test(a.ref)) throw new Error(`${a.type} needs a vendor code`);
    return `${a.type}:${a.ref}:${a.shard ?? 0}`;
  }
  if (a.type === 'jackpot') {
    if (!a.ref || !/^[1-9][0-9]{0,9}$/.test(a.ref)) throw new Error('jackpot needs a pool id');
    return `${a.type}:${a.ref}`;
  }
  if (a.type === 'channel_clearing') {
    if (!a.ref || !CODE_RE.test(a.ref)) throw new Error('channel_clearing needs a channel code');
    return `${a.type}:${a.ref}`;
  }
  return a.type;
}

export const Accounts = {
  cash: (memberId: number): AccountRef => ({ type: 'player_cash', memberId }),
  bonus: (memberId: number): AccountRef => ({ type: 'player_bonus', memberId }),
  hold: (memberId: number): AccountRef => ({ type: 'player_hold', memberId }),
  trial: (memberId: number): AccountRef => ({ type: 'trial', memberId }),
  commission: (memberId: number): AccountRef => ({ type: 'agent_commission', memberId }),
  house: (vendor: string, shard: number): AccountRef => ({ type: 'house', ref: vendor, shard }),
  trialHouse: (vendor: string, shard: number): AccountRef => ({ type: 'trial_house', ref: vendor, shard }),
  clearing: (channelCode: string): AccountRef => ({ type: 'channel_clearing', ref: channelCode }),
  trialIssuance: (): AccountRef => ({ type: 'trial_issuance' }),
  promotion: (): AccountRef => ({ type: 'promotion' }),
  adjustment: (): AccountRef => ({ type: 'adjustment' }),
  jackpot: (poolId: number): AccountRef => ({ type: 'jackpot', ref: String(poolId) }),
} as const;
