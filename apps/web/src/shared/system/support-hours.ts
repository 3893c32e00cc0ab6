import { isAllDay, type SupportHours } from '@wps/contract';
import { usePermission } from './api/get-permission.ts';

type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * The support hours as the site states them, from the operator's setting (Nepal time): "every
 * day, 24 hours" only when the setting is 00:00–24:00, never otherwise (issue 27).
 */
export function supportHoursText(h: SupportHours, t: Translate): string {
  if (isAllDay(h)) return t('common:support.allDay');
  // "HH:MM" strings order as times do; a close before the opening runs past midnight.
  return t(h.to < h.from ? 'common:support.overnight' : 'common:support.hours', { from: h.from, to: h.to });
}

/** The configured support hours, once the permission payload is there. */
export function useSupportHours(): SupportHours | undefined {
  return usePermission().data?.info.supportHours;
}
