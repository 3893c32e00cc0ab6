import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordList, type RecordColumn } from '../../../shared/ui/record-list.tsx';
import { cashierColumn } from './records-card.tsx';

interface Deposit {
  id: number;
  createdAt: string;
  channelCode: string;
  amount: string;
  reference: string;
  status: string;
}

// The deposit list's columns as wallet/routes/deposit.tsx names them (its keys place them on a card).
const columns: Array<RecordColumn<Deposit>> = [
  { key: 'time', header: 'Time', render: (r) => r.createdAt },
  { key: 'channel', header: 'Channel', render: (r) => r.channelCode },
  { key: 'amount', header: 'Amount', numeric: true, render: (r) => r.amount },
  { key: 'reference', header: 'Reference', render: (r) => r.reference },
  { key: 'status', header: 'Status', render: (r) => r.status },
];

describe('cashier records on a phone', () => {
  it('place the amount and status first, the channel and time under them, the rest on a tap', () => {
    const placed = columns.map(cashierColumn);
    expect(placed.map((c) => [c.key, c.card, c.cardLabel])).toEqual([
      ['time', 'time', undefined],
      ['channel', 'title', undefined],
      ['amount', 'amount', undefined],
      ['reference', undefined, undefined],
      ['status', 'result', false],
    ]);
    const html = renderToStaticMarkup(
      <RecordList<Deposit>
        layout="cards"
        caption="My deposits"
        empty="No deposits yet."
        rowKey={(r) => r.id}
        rows={[
          {
            id: 41,
            createdAt: '29 Nov 2026, 07:17',
            channelCode: 'eSewa',
            amount: '500.00',
            reference: 'ES-123',
            status: 'Approved',
          },
        ]}
        columns={placed}
      />,
    );
    const at = (s: string) => html.indexOf(s);
    expect(at('500.00')).toBeLessThan(at('Approved'));
    expect(at('Approved')).toBeLessThan(at('eSewa'));
    expect(at('eSewa')).toBeLessThan(at('29 Nov 2026'));
    // The player's own payment reference waits behind the tap; the deposit's number is never shown.
    expect(html.slice(html.indexOf('record-card__details'))).toContain('ES-123');
    expect(html).not.toMatch(/>41</);
  });

  it('keeps a place a column chose itself', () => {
    expect(cashierColumn({ key: 'amount', header: 'Amount', card: 'detail', render: () => '' }).card).toBe(
      'detail',
    );
    expect(
      cashierColumn({ key: 'status', header: 'Status', cardLabel: true, render: () => '' }).cardLabel,
    ).toBe(true);
  });
});
