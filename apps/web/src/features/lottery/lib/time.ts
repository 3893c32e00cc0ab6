/** Draw times are stored in UTC (Vietnam time on the schedule); players read them in Nepal time. */
const NEPAL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kathmandu',
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
export const formatNepalTime = (iso: string) => NEPAL.format(new Date(iso));

/** Today's date in Nepal, YYYY-MM-DD (the results history's default day). */
export function nepalToday(now = new Date()): string {
  return new Date(now.getTime() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 10);
}
