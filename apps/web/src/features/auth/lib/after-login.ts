import type { LoginValue } from '@wps/contract';

export type LoginType = 'username' | 'sms' | 'register' | 'phoneReset' | 'freeplay';

export type AfterLogin =
  | { kind: 'secondVerification'; challenge: NonNullable<LoginValue['secondVerification']> }
  | { kind: 'forceChange' }
  | { kind: 'done' };

/**
 * SPEC §4 Login, what follows a successful call: a new address needs the second verification
 * first; the default or an expired (or mailed temporary) password forces the change popup,
 * never for an SMS login; otherwise the member is in.
 */
export function afterLogin(value: LoginValue, type: LoginType): AfterLogin {
  if (!value.token && value.secondVerification) {
    return { kind: 'secondVerification', challenge: value.secondVerification };
  }
  if (type !== 'sms' && (value.forceChangePassword || value.passwordExpired)) return { kind: 'forceChange' };
  return { kind: 'done' };
}

/** Where a finished login goes: agent pages to /agentHome, else back where the guest was heading. */
export function destinationAfterLogin(opts: {
  portal: 'player' | 'agent';
  isAgent: boolean;
  returnTo: string | null;
}): string | null {
  if (opts.portal === 'agent') return opts.isAgent ? '/agentHome' : null;
  return opts.returnTo;
}

/** Only same-site paths are followed after login, never an absolute URL smuggled into state. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  if (value.startsWith('/login') || value.startsWith('/register')) return null;
  return value;
}
