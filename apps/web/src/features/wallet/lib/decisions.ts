/**
 * Which of the member's deposits and withdrawals were decided since the last look. Pure, so the
 * app-wide watcher stays a thin shell around it.
 */
export interface WatchedItem {
  kind: 'deposit' | 'withdrawal';
  id: number;
  status: string;
  amount: string;
  reviewNote?: string | null;
  payoutReference?: string | null;
}

export interface Decision {
  kind: WatchedItem['kind'];
  id: number;
  outcome: 'approved' | 'paid' | 'rejected';
  amount: string;
  note: string | null;
  reference: string | null;
}

const keyOf = (i: Pick<WatchedItem, 'kind' | 'id'>) => `${i.kind}:${i.id}`;

/**
 * `pending` is what was pending at the previous look (null before the first look: nothing that was
 * decided before the member opened the site is announced). Returns the decisions and the new set.
 */
export function diffDecisions(
  pending: ReadonlySet<string> | null,
  items: readonly WatchedItem[],
): { decided: Decision[]; pending: Set<string> } {
  const decided: Decision[] = [];
  for (const i of items) {
    if (!pending?.has(keyOf(i)) || i.status === 'pending') continue;
    if (i.status !== 'approved' && i.status !== 'paid' && i.status !== 'rejected') continue;
    decided.push({
      kind: i.kind,
      id: i.id,
      outcome: i.status,
      amount: i.amount,
      note: i.reviewNote ?? null,
      reference: i.payoutReference ?? null,
    });
  }
  return { decided, pending: new Set(items.filter((i) => i.status === 'pending').map(keyOf)) };
}

/** The catalogue key of a decision's toast (`wallet:settled.*`). */
export function decisionMessageKey(d: Decision): string {
  if (d.kind === 'deposit')
    return d.outcome === 'rejected' ? 'settled.depositRejected' : 'settled.depositApproved';
  return d.outcome === 'rejected' ? 'settled.withdrawalRejected' : 'settled.withdrawalPaid';
}
