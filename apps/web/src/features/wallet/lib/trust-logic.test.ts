import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, intlLocale } from '../../../shared/lib/format.ts';
import { detailText } from '../routes/transaction-history.tsx';
import { decisionMessageKey, diffDecisions, type WatchedItem } from './decisions.ts';
import { presetOf, presetRange, stepRange } from './dates.ts';

const DEVANAGARI_DIGIT = /[\u0966-\u096F]/;

describe('dates and numbers through Intl', () => {
  it('writes Nepali month names with Latin digits, and English days day-first', () => {
    const d = new Date(2026, 10, 23, 14, 5);
    expect(intlLocale('ne')).toBe('ne-NP-u-nu-latn');
    const ne = formatDateTime(d, 'ne');
    expect(ne).toContain('नोभेम्बर');
    expect(ne).toContain('2026');
    expect(ne).toContain('14:05');
    expect(ne).not.toMatch(DEVANAGARI_DIGIT);
    expect(formatDateTime(d, 'en')).toBe('23 Nov 2026, 14:05');
    expect(formatDate('2026-11-23', 'en')).toBe('23 November 2026');
    expect(formatDate('2026-11-23', 'ne')).not.toMatch(DEVANAGARI_DIGIT);
    expect(formatDateTime(d, 'ne')).toBe('23 नोभेम्बर 2026, 14:05');
    expect(formatDate('2026-11-23', 'ne')).toBe('23 नोभेम्बर 2026');
    expect(formatNumber(1234567, 'ne')).toBe('1,234,567'); // grouped like money, Latin digits
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });

  it('shows what it cannot read as it came, and nothing for nothing', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(formatDateTime(null, 'en')).toBe('');
  });
});

describe('record presets', () => {
  const today = new Date(2026, 10, 23, 9, 0);
  it('today, 7 and 30 days end today; stepping makes the range custom', () => {
    expect(presetRange('today', today)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('days7', today)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('days30', today)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(presetOf(presetRange('days30', today), today)).toBe('days30');
    expect(presetOf(stepRange(presetRange('days7', today), -1, 7, today), today)).toBe('custom');
  });
});

describe('record details', () => {
  const t = (key: string, o: { defaultValue: string }) => {
    const labels: Record<string, string> = {
      'detail.channel': 'Channel',
      'providers.ESEWA': 'eSewa',
      'detail.vendor': 'Provider',
      'detail.direction': 'Direction',
      'direction.upline': 'To the upline',
    };
    return labels[key] ?? o.defaultValue;
  };
  it('leaves our own ids out and gives the rest human labels', () => {
    expect(detailText({ channel: 'ESEWA', requestId: 'abc123', depositId: '17', txId: 'x' }, t)).toBe(
      'Channel: eSewa',
    );
    expect(detailText({ direction: 'upline', withdrawalId: '4' }, t)).toBe('Direction: To the upline');
  });
});

describe('pending decisions', () => {
  const dep = (id: number, status: string): WatchedItem => ({
    kind: 'deposit',
    id,
    status,
    amount: '500.00',
  });
  it('announces only what was pending at the last look and is decided now', () => {
    const first = diffDecisions(null, [dep(1, 'pending'), dep(2, 'approved')]);
    expect(first.decided).toEqual([]); // decided before the member looked: not news
    expect([...first.pending]).toEqual(['deposit:1']);
    const second = diffDecisions(first.pending, [dep(1, 'approved'), dep(2, 'approved')]);
    expect(second.decided).toEqual([
      { kind: 'deposit', id: 1, outcome: 'approved', amount: '500.00', note: null, reference: null },
    ]);
    expect(second.pending.size).toBe(0);
    expect(diffDecisions(second.pending, [dep(1, 'approved')]).decided).toEqual([]);
  });
  it('keeps a withdrawal and a deposit with the same id apart', () => {
    const w: WatchedItem = { kind: 'withdrawal', id: 1, status: 'pending', amount: '100.00' };
    const r = diffDecisions(new Set(['deposit:1']), [w]);
    expect(r.decided).toEqual([]);
    expect(
      decisionMessageKey({
        ...r.decided[0],
        kind: 'withdrawal',
        id: 1,
        outcome: 'paid',
        amount: '1',
        note: null,
        reference: 'X',
      }),
    ).toBe('settled.withdrawalPaid');
  });
});
