import { REPORT_MAX_DAYS } from '@wps/contract';
import { addDays, type DayRange, isValidRange } from '../../features/wallet/lib/dates.ts';

/** A range the reports API accepts: real days, ordered, at most REPORT_MAX_DAYS days (both ends included). */
export const isReportRange = (r: DayRange): boolean =>
  isValidRange(r) && addDays(r.from, REPORT_MAX_DAYS - 1) >= r.to;
