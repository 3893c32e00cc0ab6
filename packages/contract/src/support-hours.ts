/**
 * When the support team answers, every day, in Nepal time (HH:MM, 24-hour clock). 00:00 to 24:00
 * is round the clock; a `to` before `from` runs past midnight. The site says "24 hours" only then.
 * No zod here: the player site's first screen reads these without pulling the schemas in.
 */
export interface SupportHours {
  from: string;
  to: string;
}

/** Until an operator sets them: what a new installation states. */
export const DEFAULT_SUPPORT_HOURS: SupportHours = { from: '10:00', to: '22:00' };

/** Round the clock: the only hours under which a text may promise 24-hour support. */
export const isAllDay = (h: SupportHours): boolean => h.from === '00:00' && h.to === '24:00';
