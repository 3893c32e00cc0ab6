import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installStorage } from '../../test/memory-storage.ts';

async function freshStore() {
  vi.resetModules();
  return import('./store.ts');
}

describe('session store', () => {
  let storage: ReturnType<typeof installStorage>;
  beforeEach(() => {
    storage = installStorage();
  });

  it('starts from the token kept in session storage', async () => {
    storage.session.setItem('token', 'abc');
    const { useSessionStore, selectHasToken, selectIsLogin } = await freshStore();
    expect(selectHasToken(useSessionStore.getState())).toBe(true);
    // Logged in needs member info too (SPEC §4).
    expect(selectIsLogin(useSessionStore.getState())).toBe(false);
  });

  it('derives login, agent and trial from member info', async () => {
    const { useSessionStore, selectIsAgent, selectIsLogin, selectIsTrial } = await freshStore();
    const s = useSessionStore.getState();
    s.setToken('t');
    for (const [type, agent, trial] of [
      [0, false, false],
      [1, true, false],
      [2, true, false],
      [41, true, false],
      [42, true, false],
      [4, false, true],
    ] as const) {
      s.setMember({ id: 1, account: 'a', nickname: null, type });
      const st = useSessionStore.getState();
      expect(selectIsLogin(st)).toBe(true);
      expect(selectIsAgent(st)).toBe(agent);
      expect(selectIsTrial(st)).toBe(trial);
    }
  });

  it('writes the SPEC session keys when member info arrives', async () => {
    const { useSessionStore } = await freshStore();
    useSessionStore.getState().setToken('t');
    useSessionStore.getState().setMember({ id: 7, account: 'demo01', nickname: 'Demo', type: 1 });
    expect(storage.session.getItem('account')).toBe('demo01');
    expect(storage.session.getItem('nickname')).toBe('Demo');
    expect(storage.session.getItem('customerId')).toBe('7');
    expect(storage.session.getItem('isAgent')).toBe('true');
  });

  it('logout clears session storage but keeps the merchant code and the operator session', async () => {
    const { useSessionStore, ADMIN_STORAGE_PREFIX } = await freshStore();
    useSessionStore.getState().setToken('t');
    useSessionStore.getState().setMember({ id: 7, account: 'demo01', nickname: null, type: 1 });
    storage.session.setItem('merchant', 'WPS');
    storage.session.setItem('gameVendor', 'PG');
    storage.session.setItem(`${ADMIN_STORAGE_PREFIX}token`, 'op');
    useSessionStore.getState().logout();
    const st = useSessionStore.getState();
    expect([st.token, st.member, st.storedIsAgent]).toEqual([null, null, false]);
    expect(storage.session.getItem('token')).toBeNull();
    expect(storage.session.getItem('gameVendor')).toBeNull();
    expect(storage.session.getItem('merchant')).toBe('WPS');
    expect(storage.session.getItem(`${ADMIN_STORAGE_PREFIX}token`)).toBe('op');
  });

  it('a different token forgets what was known about the previous member', async () => {
    const { useSessionStore, selectIsAgent } = await freshStore();
    useSessionStore.getState().setToken('agent-token');
    useSessionStore.getState().setMember({ id: 1, account: 'agent01', nickname: null, type: 1 });
    useSessionStore.getState().setToken('agent-token');
    expect(useSessionStore.getState().member).not.toBeNull();
    useSessionStore.getState().setToken('player-token');
    expect(useSessionStore.getState().member).toBeNull();
    expect(selectIsAgent(useSessionStore.getState())).toBe(false);
  });

  it('takes ?token= from the start-up URL and keeps the rest of the query', async () => {
    const { takeTokenFromUrl } = await freshStore();
    expect(takeTokenFromUrl({ search: '?token=abc&vassalage=PG' })).toEqual({
      token: 'abc',
      search: '?vassalage=PG',
    });
    expect(takeTokenFromUrl({ search: '?token=abc' })).toEqual({ token: 'abc', search: '' });
    expect(takeTokenFromUrl({ search: '?a=1' })).toEqual({ token: null, search: '?a=1' });
    expect(takeTokenFromUrl({ search: '?token=%20' })).toEqual({ token: null, search: '' });
  });
});
