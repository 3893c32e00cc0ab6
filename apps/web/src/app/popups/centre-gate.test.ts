import { describe, expect, it } from 'vitest';
import { centreDecision, centreTarget } from './centre-gate.ts';

const s = (o: Partial<Parameters<typeof centreDecision>[1]> = {}) => ({
  hasToken: true,
  memberKnown: true,
  isTrial: false,
  isAgent: false,
  ...o,
});

describe('the member- and agent-centre popups (SPEC §2/§4)', () => {
  it('send a guest to the login popup, whichever centre', () => {
    expect(centreDecision('member', s({ hasToken: false, memberKnown: false }))).toBe('login');
    expect(centreDecision('agent', s({ hasToken: false, memberKnown: false }))).toBe('login');
  });

  it('tell a trial account a real account is needed, for either centre', () => {
    expect(centreDecision('member', s({ isTrial: true }))).toBe('trial');
    expect(centreDecision('agent', s({ isTrial: true }))).toBe('trial');
  });

  it('wait for member info before deciding trial or agent', () => {
    expect(centreDecision('agent', s({ memberKnown: false }))).toBe('wait');
  });

  it('open the member centre for a member, the agent centre for agents only', () => {
    expect(centreDecision('member', s())).toBe('open');
    expect(centreDecision('agent', s())).toBe('notAgent');
    expect(centreDecision('agent', s({ isAgent: true }))).toBe('open');
  });

  it('open at a named page, never at an address smuggled in', () => {
    expect(centreTarget('member', 'depositv2')).toBe('/member?page=depositv2');
    expect(centreTarget('agent', 'agentTeamOverview')).toBe('/agentHome?page=agentTeamOverview');
    expect(centreTarget('agent', undefined)).toBe('/agentHome');
    expect(centreTarget('member', '//evil.example')).toBe('/member');
    expect(centreTarget('member', 'a&b=c')).toBe('/member');
  });
});
