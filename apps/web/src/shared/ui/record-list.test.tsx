import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardLayout, RecordFilters, type RecordColumn, RecordList } from './record-list.tsx';

interface Row {
  id: number;
  internalId: string;
  game: string;
  time: string;
  bet: string;
  net: string;
  status: string;
}

// Its own i18next instance, in English, given to the tree (the app's global one is left alone).
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    defaultNS: 'common',
    resources: { en: { common: { records: { more: 'Details', less: 'Hide details', filters: 'Filters' } } } },
  });
});
const render = (el: ReactElement) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{el}</I18nextProvider>);

const rows: Row[] = [
  {
    id: 1,
    internalId: 'R-7f3a9',
    game: 'Fortune Ox',
    time: '29 Nov 2026, 07:17',
    bet: '25.00',
    net: '+35.00',
    status: 'Settled',
  },
  {
    id: 2,
    internalId: 'R-11b02',
    game: 'Dice',
    time: '29 Nov 2026, 07:18',
    bet: '10.00',
    net: '-10.00',
    status: 'Settled',
  },
];

const columns: Array<RecordColumn<Row>> = [
  { key: 'time', header: 'Time', card: 'time', render: (r) => r.time },
  { key: 'round', header: 'Round', card: 'hidden', render: (r) => r.internalId },
  { key: 'game', header: 'Game', card: 'title', render: (r) => r.game },
  { key: 'bet', header: 'Bet', card: 'amount', numeric: true, render: (r) => r.bet },
  { key: 'net', header: 'Win/loss', card: 'result', numeric: true, render: (r) => r.net },
  { key: 'status', header: 'Status', render: (r) => r.status },
  { key: 'valid', header: 'Valid bet', cardOnly: true, render: (r) => `valid ${r.bet}` },
  {
    key: 'open',
    header: 'Open',
    card: 'detail',
    render: () => 'table opener',
    renderCard: () => <button type="button">Bets in this round</button>,
  },
];

const cards = (props: Partial<Parameters<typeof RecordList<Row>>[0]> = {}) =>
  render(
    <RecordList<Row>
      layout="cards"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      caption="Betting record"
      empty="No rounds in this period."
      {...props}
    />,
  );

/** The text of the first element with this class (its tags dropped). */
const textOf = (html: string, cls: string) => {
  const at = html.indexOf(`class="${cls}`);
  if (at < 0) return null;
  const end = html.indexOf('</li>', at);
  return html.slice(at, end < 0 ? undefined : end).replace(/<[^>]+>/g, ' ');
};

describe('card layout', () => {
  it('puts each column in its part of the card, a column without one among the details', () => {
    expect(cardLayout(columns)).toEqual({
      time: [0],
      hidden: [1],
      title: [2],
      amount: [3],
      result: [4],
      detail: [5, 6, 7],
      action: [],
    });
    expect(cardLayout([])).toEqual({
      amount: [],
      result: [],
      title: [],
      time: [],
      detail: [],
      action: [],
      hidden: [],
    });
  });
});

describe('RecordList on a phone', () => {
  it('shows a card per row: the amount and the result first, then what and when', () => {
    const html = cards();
    expect(html).not.toContain('<table');
    expect(html.match(/data-testid="record-card"/g)).toHaveLength(2);
    const first = html.slice(0, html.indexOf('</li>'));
    const order = ['25.00', '+35.00', 'Fortune Ox', '29 Nov 2026, 07:17'].map((s) => first.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The figures carry their column's name (what 25.00 is).
    expect(textOf(first, 'record-card__amount')).toContain('Bet');
    expect(first).toContain('<span class="record-card__more">Details</span>');
  });

  it('never shows a hidden column (an internal id), and keeps the details folded until a tap', () => {
    const html = cards();
    expect(html).not.toContain('R-7f3a9');
    expect(html).not.toContain('Round');
    expect(html).toMatch(
      /<button type="button" class="record-card__head" aria-expanded="false" aria-controls="[^"]+"/,
    );
    expect(html).toMatch(/<dl id="[^"]+" class="record-card__details" hidden="">/);
    // The details: the status, the card-only figure and the card's own opener.
    const details = html.slice(html.indexOf('record-card__details'), html.indexOf('</dl>'));
    expect(details).toContain('<dt>Status</dt><dd>Settled</dd>');
    expect(details).toContain('valid 25.00');
    expect(details).toContain('Bets in this round');
    expect(details).not.toContain('table opener');
  });

  it('has no opener when there is nothing more to show, and keeps an action in view', () => {
    const html = cards({
      columns: [
        { key: 'amount', header: 'Amount', card: 'amount', render: (r) => r.bet },
        { key: 'status', header: 'Status', card: 'result', cardLabel: false, render: (r) => r.status },
        {
          key: 'act',
          header: 'Actions',
          card: 'action',
          render: () => <button type="button">Confirm receipt</button>,
        },
      ],
    });
    expect(html).not.toContain('record-card__head" aria-expanded');
    expect(html).not.toContain('record-card__details');
    expect(html).toContain('<div class="record-card__actions">');
    expect(html).toContain('Confirm receipt');
    // A status says what it is: no "Status" label above it.
    expect(textOf(html, 'record-card__result')).not.toContain('Status');
  });

  it('leaves off a detail with nothing in it, and a card with no details has nothing to open', () => {
    const html = cards({
      columns: [
        { key: 'amount', header: 'Amount', card: 'amount', render: (r) => r.bet },
        { key: 'receipt', header: 'Receipt', render: (r) => (r.id === 1 ? '—' : 'Received') },
        { key: 'note', header: 'Note', render: () => null },
      ],
    });
    const [first, second] = html.split('</li>');
    expect(first).not.toContain('aria-expanded');
    expect(first).not.toContain('Receipt');
    expect(second).toContain('aria-expanded="false"');
    expect(second).toContain('<dt>Receipt</dt><dd>Received</dd>');
    expect(second).not.toContain('Note');
  });

  it('says so when there are no rows', () => {
    const html = cards({ rows: [] });
    expect(html).toContain('No rounds in this period.');
    expect(html).not.toContain('record-card"');
  });
});

describe('RecordList on a desk', () => {
  it('keeps the table, without the card-only columns', () => {
    const html = cards({ layout: 'table' });
    expect(html).toContain('<table class="table">');
    expect(html).toMatch(/<th scope="col"[^>]*>Status<\/th>/);
    expect(html).toContain('table opener');
    expect(html).not.toContain('Valid bet');
    expect(html).not.toContain('record-card');
  });
});

describe('RecordFilters', () => {
  it('folds the filters under what is chosen on a phone, and shows them as they are on a desk', () => {
    const phone = render(
      <RecordFilters layout="cards" summary="All providers · 23–29 Nov 2026">
        <select aria-label="Provider" />
      </RecordFilters>,
    );
    expect(phone).toMatch(/^<details class="record-filters-box"[^>]*><summary>/);
    expect(phone).toContain('<span class="record-filters-box__label">Filters</span>');
    expect(phone).toContain('All providers · 23–29 Nov 2026');
    expect(phone).not.toContain('<details class="record-filters-box" open');
    const desk = render(
      <RecordFilters layout="table" summary="All providers">
        <select aria-label="Provider" />
      </RecordFilters>,
    );
    expect(desk).toBe('<select aria-label="Provider"></select>');
  });
});
