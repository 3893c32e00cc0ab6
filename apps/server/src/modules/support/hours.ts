import { isAllDay, type SupportHours } from '@wps/contract';

/** Support hours are Nepal time (UTC+05:45, no daylight saving), as the help centre states them. */
const NEPAL_OFFSET_MIN = 5 * 60 + 45;
const DAY = 24 * 60;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes past midnight, Nepal time. */
function nepalMinute(now: Date): number {
  return (((now.getUTCHours() * 60 + now.getUTCMinutes() + NEPAL_OFFSET_MIN) % DAY) + DAY) % DAY;
}

/**
 * Whether the team is on duty at `now`, and if not, how many whole hours (rounded up, at least 1)
 * until it is: the honest "we reply within …" the chat shows outside the hours.
 */
export function dutyAt(h: SupportHours, now: Date): { online: boolean; replyWithinHours: number | null } {
  if (isAllDay(h)) return { online: true, replyWithinHours: null };
  const from = minutes(h.from);
  const to = minutes(h.to);
  const m = nepalMinute(now);
  const online = from < to ? m >= from && m < to : m >= from || m < to;
  if (online) return { online, replyWithinHours: null };
  const wait = (from - m + DAY) % DAY;
  return { online, replyWithinHours: Math.max(1, Math.ceil(wait / 60)) };
}
