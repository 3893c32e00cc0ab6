import { hasPermission as granted } from '@wps/contract';
import { create } from 'zustand';
import { readSession, writeSession } from '../shared/lib/storage.ts';
import { ADMIN_STORAGE_PREFIX } from '../shared/session/store.ts';

const KEY_TOKEN = `${ADMIN_STORAGE_PREFIX}token`;
const KEY_ACCOUNT = `${ADMIN_STORAGE_PREFIX}account`;
const KEY_PERMISSIONS = `${ADMIN_STORAGE_PREFIX}permissions`;
const KEY_ROLE = `${ADMIN_STORAGE_PREFIX}role`;
const KEY_ENROL = `${ADMIN_STORAGE_PREFIX}totpEnrolmentRequired`;

function readPermissions(): string[] {
  try {
    const parsed: unknown = JSON.parse(readSession(KEY_PERMISSIONS) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

interface AdminSessionState {
  token: string | null;
  account: string | null;
  permissions: string[];
  role: string | null;
  /** Owner/finance without TOTP: the console shows only the enrolment screen. */
  totpEnrolmentRequired: boolean;
  signIn(session: {
    token: string;
    account: string;
    permissions: string[];
    role?: string;
    totpEnrolmentRequired?: boolean;
  }): void;
  enrolled(): void;
  signOut(): void;
}

/** The operator's session, kept apart from the player's token (different key, never sent by player calls). */
export const useAdminSession = create<AdminSessionState>((set) => ({
  token: readSession(KEY_TOKEN),
  account: readSession(KEY_ACCOUNT),
  permissions: readPermissions(),
  role: readSession(KEY_ROLE),
  totpEnrolmentRequired: readSession(KEY_ENROL) === '1',
  signIn({ token, account, permissions, role, totpEnrolmentRequired = false }) {
    writeSession(KEY_TOKEN, token);
    writeSession(KEY_ACCOUNT, account);
    writeSession(KEY_PERMISSIONS, JSON.stringify(permissions));
    writeSession(KEY_ROLE, role ?? null);
    writeSession(KEY_ENROL, totpEnrolmentRequired ? '1' : null);
    set({ token, account, permissions, role: role ?? null, totpEnrolmentRequired });
  },
  enrolled() {
    writeSession(KEY_ENROL, null);
    set({ totpEnrolmentRequired: false });
  },
  signOut() {
    for (const k of [KEY_TOKEN, KEY_ACCOUNT, KEY_PERMISSIONS, KEY_ROLE, KEY_ENROL]) writeSession(k, null);
    set({ token: null, account: null, permissions: [], role: null, totpEnrolmentRequired: false });
  },
}));

/** The contract's rule: `*`, the permission itself, or its parent (`players` → `players.read`). */
export const hasPermission = (permissions: readonly string[], needed: string) => granted(permissions, needed);

/** Calls from the console carry the operator token, never the player's. */
export const adminToken = () => useAdminSession.getState().token;
