import type { Notice } from '@wps/contract';
import { readLocal, readSession, writeLocal, writeSession } from '../../../shared/lib/storage.ts';

/** Closed in this tab's session: the start-up popup stays away until the next session (SPEC §4). */
export const CLOSED_KEY = 'wps.announcement.closed';
/** SPEC §9 'hide today': the popup stays away until local midnight. */
export const HIDE_UNTIL_KEY = 'wps.announcement.hideUntil';
/** Set by the login step for a first-time login: the F notices show once, then the flag goes. */
export const FIRST_LOGIN_KEY = 'wps.announcement.firstLogin';

/** The next local midnight after `now`. */
export function nextMidnight(now: Date): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export interface StartupState {
  closedThisSession: boolean;
  hiddenUntil: number | null;
  firstLogin: boolean;
}

export function readStartupState(): StartupState {
  const until = Number(readLocal(HIDE_UNTIL_KEY));
  return {
    closedThisSession: readSession(CLOSED_KEY) === '1',
    hiddenUntil: Number.isFinite(until) && until > 0 ? until : null,
    firstLogin: readSession(FIRST_LOGIN_KEY) === '1',
  };
}

/** The announcements this browser has shown, newest last (SPEC §4 read state for anyone, guest or member). */
export const SEEN_KEY = 'wps.announcement.seen';
const SEEN_MAX = 200;

export function readSeenIds(): Set<number> {
  try {
    const ids: unknown = JSON.parse(readLocal(SEEN_KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : []);
  } catch {
    return new Set();
  }
}

/** Marks an announcement read in this browser: the start-up popup does not open on it again. */
export function rememberSeen(id: number): void {
  const ids = [...readSeenIds()].filter((x) => x !== id);
  ids.push(id);
  writeLocal(SEEN_KEY, JSON.stringify(ids.slice(-SEEN_MAX)));
}

/**
 * What the start-up popup opens on, if anything: the unread F notices right after a first-time
 * login; otherwise the unread B ones, unless closed this session or hidden for today. `read`
 * holds what was opened before (the member's read state and this browser's). Nothing unread, no
 * popup: it never opens empty, on a list with nothing chosen (issue 27). `items[0]` is shown
 * first, the others follow one by one.
 */
export function startupNotices(
  notices: readonly Notice[],
  state: StartupState,
  now: number,
  read: ReadonlySet<number> = new Set(),
): { execution: 'B' | 'F'; items: Notice[] } | null {
  const unread = (execution: 'B' | 'F') =>
    notices.filter((n) => n.execution === execution && !read.has(n.id));
  if (state.firstLogin) {
    const f = unread('F');
    if (f.length) return { execution: 'F', items: f };
  }
  if (state.closedThisSession) return null;
  if (state.hiddenUntil !== null && now < state.hiddenUntil) return null;
  const b = unread('B');
  return b.length ? { execution: 'B', items: b } : null;
}

/** Pages where no start-up popup belongs: the agent login (and centre) and the console. */
export function startupPopupAllowed(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return !(p === '/agent' || p.startsWith('/agent/') || p.startsWith('/agenthome') || p.startsWith('/admin'));
}

export function rememberClosed(hideToday: boolean, now: Date = new Date()): void {
  writeSession(CLOSED_KEY, '1');
  if (hideToday) writeLocal(HIDE_UNTIL_KEY, String(nextMidnight(now)));
}

let hideTodayChoice = false;
/** The open start-up popup's 'hide today' box, read when it closes. */
export const setHideTodayChoice = (v: boolean) => {
  hideTodayChoice = v;
};
/** The start-up popup has closed, by any means: done for this session (and today, if ticked). */
export function startupPopupClosed(now: Date = new Date()): void {
  rememberClosed(hideTodayChoice, now);
  hideTodayChoice = false;
}

export const markFirstLogin = () => writeSession(FIRST_LOGIN_KEY, '1');
export const clearFirstLogin = () => writeSession(FIRST_LOGIN_KEY, null);

/** One page of SPEC §9's 9-item announcement list. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number,
): { items: T[]; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(1, page), totalPages);
  return { items: items.slice((p - 1) * size, p * size), totalPages };
}

/** Fields of the feedback form that are empty, in the order the form shows them. */
export function emptyFeedbackFields(
  v: { type: string; content: string; captcha: string },
  captchaShown: boolean,
) {
  const empty: Array<'type' | 'content' | 'captcha'> = [];
  if (v.type === '') empty.push('type');
  if (!v.content.trim()) empty.push('content');
  if (captchaShown && !v.captcha.trim()) empty.push('captcha');
  return empty;
}
