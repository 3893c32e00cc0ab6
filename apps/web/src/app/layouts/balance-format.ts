/**
 * "1234567.50" → "1,234,567.50". The wire already has exactly two decimals (integer paisa on the
 * server); this only groups thousands and never goes through a float. Anything else is shown as is.
 */
export function groupMoney(value: string): string {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!m) return value;
  const [, sign, int, dec] = m;
  return `${sign}${(int ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

export const BALANCE_HIDDEN_KEY = 'wps.balanceHidden';
export const HIDDEN_BALANCE = '••••••';
