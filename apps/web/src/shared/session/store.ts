import { MEMBER_TYPES } from '@wps/contract';
import { create } from 'zustand';
import { readSession, sessionKeys, writeSession } from '../lib/storage.ts';

/** SPEC §3 session storage keys. */
export const SESSION_KEYS = [
  'token',
  'nickname',
  'account',
  'username',
  'customerId',
  'isAgent',
  'consolidated',
  'enableSalary',
  'enableContract',
  'merchantWallet',
  'gameVendor',
  'validate',
  'merchant',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Survives logout (SPEC §4: "clears session storage but keeps the merchant code"). */
const KEPT_ON_LOGOUT: ReadonlySet<string> = new Set(['merchant']);
/** The operator console keeps its own token beside the player's; a player logout leaves it alone. */
export const ADMIN_STORAGE_PREFIX = 'wps.admin.';

/** The part of GET /wps/member/info the shell uses. */
export interface SessionMember {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
}

export interface SessionState {
  token: string | null;
  member: SessionMember | null;
  /** Remembered across reloads so agent-only UI does not flicker before member info returns. */
  storedIsAgent: boolean;
  setToken(token: string | null): void;
  setMember(member: SessionMember): void;
  logout(): void;
}

export const isAgentType = (type: number) => (MEMBER_TYPES.agents as readonly number[]).includes(type);

/** Logged in = token stored and member info fetched (SPEC §4 Session). */
export const selectIsLogin = (s: Pick<SessionState, 'token' | 'member'>) => Boolean(s.token && s.member);
export const selectIsAgent = (s: Pick<SessionState, 'token' | 'member' | 'storedIsAgent'>) =>
  Boolean(s.token) && (s.member ? isAgentType(s.member.type) : s.storedIsAgent);
export const selectIsTrial = (s: Pick<SessionState, 'token' | 'member'>) =>
  Boolean(s.token) && s.member?.type === MEMBER_TYPES.trial;
export const selectHasToken = (s: Pick<SessionState, 'token'>) => Boolean(s.token);

export const useSessionStore = create<SessionState>((set, get) => ({
  token: readSession('token'),
  member: null,
  storedIsAgent: readSession('isAgent') === 'true',
  setToken(token) {
    writeSession('token', token);
    if (token === get().token) return;
    // Another session (e.g. a different ?token=): what we knew about the last member is stale.
    writeSession('isAgent', null);
    set({ token, member: null, storedIsAgent: false });
  },
  setMember(member) {
    writeSession('account', member.account);
    writeSession('username', member.account);
    writeSession('nickname', member.nickname ?? '');
    writeSession('customerId', String(member.id));
    writeSession('isAgent', String(isAgentType(member.type)));
    set({ member, storedIsAgent: isAgentType(member.type) });
  },
  logout() {
    for (const key of sessionKeys()) {
      if (!KEPT_ON_LOGOUT.has(key) && !key.startsWith(ADMIN_STORAGE_PREFIX)) writeSession(key, null);
    }
    set({ token: null, member: null, storedIsAgent: false });
  },
}));

/** SPEC §2: the token may arrive as `?token=` at start-up; take it and drop it from the address bar. */
export function takeTokenFromUrl(location: { search: string }): { token: string | null; search: string } {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return { token: null, search: location.search };
  params.delete('token');
  const rest = params.toString();
  return { token: token.trim() || null, search: rest ? `?${rest}` : '' };
}
