import { create } from 'zustand';
import { readSession, writeSession } from '../shared/lib/storage.ts';
import { ADMIN_STORAGE_PREFIX } from '../shared/session/store.ts';

const KEY_TOKEN = `${ADMIN_STORAGE_PREFIX}token`;
const KEY_ACCOUNT = `${ADMIN_STORAGE_PREFIX}account`;
const KEY_PERMISSIONS = `${ADMIN_STORAGE_PREFIX}permissions`;

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
  signIn(session: { token: string; account: string; permissions: string[] }): void;
  signOut(): void;
}

/** The operator's session, kept apart from the player's token (different key, never sent by player calls). */
export const useAdminSession = create<AdminSessionState>((set) => ({
  token: readSession(KEY_TOKEN),
  account: readSession(KEY_ACCOUNT),
  permissions: readPermissions(),
  signIn({ token, account, permissions }) {
    writeSession(KEY_TOKEN, token);
    writeSession(KEY_ACCOUNT, account);
    writeSession(KEY_PERMISSIONS, JSON.stringify(permissions));
    set({ token, account, permissions });
  },
  signOut() {
    writeSession(KEY_TOKEN, null);
    writeSession(KEY_ACCOUNT, null);
    writeSession(KEY_PERMISSIONS, null);
    set({ token: null, account: null, permissions: [] });
  },
}));

/** `*` grants everything; otherwise the section's permission must be listed. */
export const hasPermission = (permissions: readonly string[], needed: string) =>
  permissions.includes('*') || permissions.includes(needed);

/** Calls from the console carry the operator token, never the player's. */
export const adminToken = () => useAdminSession.getState().token;
