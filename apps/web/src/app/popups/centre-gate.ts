/** The two SPEC §2 centre popups and where each leads. */
export type Centre = 'member' | 'agent';

export const CENTRE_PATHS: Readonly<Record<Centre, string>> = { member: '/member', agent: '/agentHome' };

export type CentreDecision =
  | 'login' // a guest: the login popup, coming back to the centre after it
  | 'trial' // a free-play account: the "real account needed" message
  | 'notAgent' // signed in, not an agent: the agent page (SPEC §2 /agentHome redirects there)
  | 'wait' // the member's type is still on its way
  | 'open';

/**
 * SPEC §2/§4: opening the member or agent centre shows it only after the login check passes. A
 * guest gets the login popup, a trial account the message that a real account is needed.
 */
export function centreDecision(
  centre: Centre,
  s: { hasToken: boolean; memberKnown: boolean; isTrial: boolean; isAgent: boolean },
): CentreDecision {
  if (!s.hasToken) return 'login';
  // Trial and agent are both read from member info: decide once it has come.
  if (!s.memberKnown) return 'wait';
  if (s.isTrial) return 'trial';
  if (centre === 'agent' && !s.isAgent) return 'notAgent';
  return 'open';
}

/** The address a centre opens at: its own page when the opener named a plain page key. */
export function centreTarget(centre: Centre, page: unknown): string {
  const base = CENTRE_PATHS[centre];
  return typeof page === 'string' && /^[A-Za-z0-9]{1,60}$/.test(page) ? `${base}?page=${page}` : base;
}
