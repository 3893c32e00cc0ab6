import { cx } from '../../../shared/lib/cx.ts';
import { formatMoney, moneySign } from '../lib/money.ts';

/** A two-decimal amount in tabular figures; `signed` colours gains and losses. */
export function Money({ value, signed, className }: { value: string; signed?: boolean; className?: string }) {
  const sign = signed ? moneySign(value) : 0;
  return (
    <span
      className={cx(
        'num',
        'wallet-money',
        sign > 0 && 'wallet-money--up',
        sign < 0 && 'wallet-money--down',
        className,
      )}
    >
      {sign > 0 ? '+' : ''}
      {formatMoney(value)}
    </span>
  );
}

export type BadgeTone = 'ok' | 'warn' | 'bad' | 'info';
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={cx('wallet-badge', `wallet-badge--${tone}`)}>{children}</span>;
}
