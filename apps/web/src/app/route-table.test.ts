import { ROUTES } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { PAGES } from './route-pages.ts';
import { decideGuard, findRoute, type GuardSession, isAdminPath, safeReturnPath } from './route-table.ts';

const session = (over: Partial<GuardSession> = {}): GuardSession => ({
  hasToken: false,
  memberKnown: false,
  memberLoading: false,
  isAgent: false,
  ...over,
});

describe('routes table', () => {
  it('gives every SPEC §2 route (but the console) a page chunk', () => {
    for (const r of ROUTES) {
      if (r.key === 'admin') continue;
      expect(PAGES[r.key], r.path).toBeDefined();
    }
  });

  it('matches paths exactly, so /vnlottery and /vnLottery stay two rows', () => {
    expect(findRoute('/vnLottery')?.key).toBe('vnLottery');
    expect(findRoute('/vnlottery')?.gamePage).toBe(true);
    expect(findRoute('/VNLOTTERY')).toBeUndefined();
    expect(findRoute('/admin')).toBeUndefined();
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/system')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
  });

  it('needs a token for login routes (lottery, centres) and sends guests to the login popup', () => {
    const lottery = findRoute('/lottery')!;
    expect(decideGuard(lottery, session())).toBe('login');
    expect(decideGuard(lottery, session({ hasToken: true }))).toBe('allow');
    expect(decideGuard(findRoute('/member')!, session())).toBe('login');
    expect(decideGuard(findRoute('/promotions')!, session())).toBe('allow');
  });

  it('lets only agents into /agentHome, waiting for member info when it is on its way', () => {
    const agentHome = findRoute('/agentHome')!;
    expect(decideGuard(agentHome, session())).toBe('login');
    expect(decideGuard(agentHome, session({ hasToken: true, memberLoading: true }))).toBe('wait');
    expect(decideGuard(agentHome, session({ hasToken: true, memberKnown: true }))).toBe('agent');
    expect(decideGuard(agentHome, session({ hasToken: true, memberKnown: true, isAgent: true }))).toBe(
      'allow',
    );
    // A failed member call falls back to what the tab remembered.
    expect(decideGuard(agentHome, session({ hasToken: true, isAgent: true }))).toBe('allow');
    expect(decideGuard(agentHome, session({ hasToken: true }))).toBe('agent');
  });

  it('follows only same-site return paths after login', () => {
    expect(safeReturnPath('/lottery?gameCode=1')).toBe('/lottery?gameCode=1');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      'javascript:x',
      '/login',
      '/register',
      42,
      null,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
