import { fromMinor, MESSAGES, MESSAGES_NE } from '@wps/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BALANCE_QUERY_KEY as HEADER_BALANCE_KEY } from '../../account/api/get-balance.ts';
import { BALANCE_QUERY_KEY } from '../api/get-balance.ts';
import enAdmin from '../../../shared/i18n/locales/en/wallet-admin.json';
import enWallet from '../../../shared/i18n/locales/en/wallet.json';
import neAdmin from '../../../shared/i18n/locales/ne/wallet-admin.json';
import neWallet from '../../../shared/i18n/locales/ne/wallet.json';
import { addDays, canStepForward, dayOf, isValidRange, lastDays, rangeQuery, stepRange } from './dates.ts';
import { checkImage } from './images.ts';
import { amountError, checkAmount, formatMoney, moneySign } from './money.ts';
import { canConfirmReceipt, remainderAfter } from './receipt.ts';

describe('checkAmount: what the amount box accepts before any call', () => {
  it.each([
    ['-5', 'invalidAmount'],
    ['-0.01', 'invalidAmount'],
    ['10.005', 'invalidAmount'],
    ['1.234', 'invalidAmount'],
    ['abc', 'invalidAmount'],
    ['12a', 'invalidAmount'],
    ['1e3', 'invalidAmount'],
    ['0', 'invalidAmount'],
    ['0.00', 'invalidAmount'],
    ['01.00', 'invalidAmount'],
    ['1,000', 'invalidAmount'],
    ['', 'inputEmpty'],
    ['   ', 'inputEmpty'],
  ])('%j is refused with %s', (raw, key) => {
    const r = checkAmount(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.key).toBe(key);
  });

  it('accepts up to two decimals and normalises to two', () => {
    expect(checkAmount(' 100 ')).toEqual({ ok: true, minor: 10_000n, amount: '100.00' });
    expect(checkAmount('0.5')).toEqual({ ok: true, minor: 50n, amount: '0.50' });
    expect(checkAmount('1234.56')).toEqual({ ok: true, minor: 123_456n, amount: '1234.56' });
  });

  it('applies min, max, then the balance, with the limits in the message', () => {
    const limits = { min: '100.00', max: '50000.00', balance: '10000.00' };
    expect(checkAmount('99.99', limits)).toEqual({ ok: false, key: 'amountBelowMin', args: ['100.00'] });
    expect(checkAmount('50000.01', limits)).toEqual({ ok: false, key: 'amountAboveMax', args: ['50000.00'] });
    expect(checkAmount('10000.01', limits)).toEqual({ ok: false, key: 'insufficientFunds', args: [] });
    expect(checkAmount('10000.00', limits).ok).toBe(true);
  });

  it("speaks the spec's words in English and Nepali", () => {
    expect(amountError('abc', {}, 'en')).toBe(MESSAGES.invalidAmount);
    expect(amountError('abc', {}, 'ne')).toBe(MESSAGES_NE.invalidAmount);
    expect(amountError('20000', { balance: '10000.00' }, 'en')).toBe(MESSAGES.insufficientFunds);
    expect(amountError('5', { min: '100.00' }, 'en')).toBe('The amount must be at least 100.00.');
    expect(amountError('500', { min: '100.00' }, 'en')).toBeNull();
  });

  it('agrees with exact paisa arithmetic for every amount within the limits (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        (minor, balance) => {
          const r = checkAmount(fromMinor(minor), { balance: fromMinor(balance) });
          if (minor > balance) expect(r).toEqual({ ok: false, key: 'insufficientFunds', args: [] });
          else expect(r).toEqual({ ok: true, minor, amount: fromMinor(minor) });
        },
      ),
    );
  });

  it('never accepts three decimals, a sign or a letter (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 0, max: 999 }), (whole, frac) => {
        expect(checkAmount(`${whole}.${String(frac).padStart(3, '0')}`).ok).toBe(false);
        expect(checkAmount(`-${whole + 1}`).ok).toBe(false);
        expect(checkAmount(`${whole + 1}x`).ok).toBe(false);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('groups thousands and always shows two decimals', () => {
    expect(formatMoney('10000.00')).toBe('10,000.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('-0.00')).toBe('0.00');
    expect(formatMoney('999')).toBe('999.00');
    expect(formatMoney('n/a')).toBe('n/a');
  });

  it('round-trips every paisa amount without a float (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        const shown = formatMoney(fromMinor(minor));
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(shown.replaceAll(',', '')).toBe(fromMinor(minor));
      }),
    );
  });

  it('knows the sign', () => {
    expect(moneySign('-1.00')).toBe(-1);
    expect(moneySign('0.00')).toBe(0);
    expect(moneySign('2.50')).toBe(1);
  });
});

describe('date presets (SPEC §9: previous and next 7 and 30 days)', () => {
  // 15:00 on the 21st in Nepal (UTC+05:45).
  const today = new Date('2026-11-21T09:15:00Z');

  it('starts with the last 7 days, today included', () => {
    expect(lastDays(7, today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(lastDays(30, today)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });

  it('steps back by the chosen window, across month ends', () => {
    const r = lastDays(7, today);
    expect(stepRange(r, -1, 7, today)).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(stepRange(r, -1, 30, today)).toEqual({ from: '2026-10-16', to: '2026-11-14' });
    expect(stepRange({ from: '2026-03-01', to: '2026-03-07' }, -1, 7, today)).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
    });
  });

  it('steps forward but never past today', () => {
    const back = { from: '2026-11-01', to: '2026-11-07' };
    expect(stepRange(back, 1, 7, today)).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(stepRange(back, 1, 30, today)).toEqual({ from: '2026-11-08', to: '2026-11-21' });
    expect(canStepForward(lastDays(7, today), today)).toBe(false);
    expect(canStepForward(back, today)).toBe(true);
  });

  it('sends Nepal midnights, the end exclusive on the day after', () => {
    expect(rangeQuery({ from: '2026-11-15', to: '2026-11-21' })).toEqual({
      from: '2026-11-14T18:15:00.000Z',
      to: '2026-11-21T18:15:00.000Z',
    });
  });

  it('turns the day at Nepal midnight, whatever the device zone', () => {
    expect(lastDays(1, new Date('2026-11-22T18:14:00Z'))).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(lastDays(1, new Date('2026-11-22T18:15:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('validates ranges and day arithmetic', () => {
    expect(isValidRange({ from: '2026-11-15', to: '2026-11-21' })).toBe(true);
    expect(isValidRange({ from: '2026-11-22', to: '2026-11-21' })).toBe(false);
    expect(isValidRange({ from: '', to: '2026-11-21' })).toBe(false);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(dayOf(new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05');
  });
});

describe('withdrawal receipt (SPEC §4)', () => {
  it('shows the remainder only for a real partial amount', () => {
    expect(remainderAfter('1000.00', '600')).toBe('400.00');
    expect(remainderAfter('1000.00', '999.99')).toBe('0.01');
    expect(remainderAfter('1000.00', '1000')).toBeNull();
    expect(remainderAfter('1000.00', '0')).toBeNull();
    expect(remainderAfter('1000.00', '-1')).toBeNull();
    expect(remainderAfter('1000.00', '1.234')).toBeNull();
  });

  it('is asked only of paid withdrawals that await an answer or were partly received', () => {
    expect(canConfirmReceipt({ status: 'paid', receiptStatus: 'awaiting' })).toBe(true);
    expect(canConfirmReceipt({ status: 'paid', receiptStatus: 'partial' })).toBe(true);
    expect(canConfirmReceipt({ status: 'paid', receiptStatus: 'received' })).toBe(false);
    expect(canConfirmReceipt({ status: 'pending', receiptStatus: null })).toBe(false);
  });
});

describe('proof images (SPEC §5: png/jpg, 5MB)', () => {
  it('refuses other types and larger files before sending', () => {
    expect(checkImage({ type: 'image/png', size: 1000, name: 'a.png' })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 5 * 1024 * 1024, name: 'a.jpg' })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1, name: 'a.jpg' })).toBe(
      'imageTooLarge',
    );
    expect(checkImage({ type: 'image/gif', size: 10, name: 'a.gif' })).toBe('imageWrongType');
    expect(checkImage({ type: 'application/pdf', size: 10, name: 'a.png' })).toBe('imageWrongType');
  });
});

describe('the header balance', () => {
  it('is refreshed by the key every cashier mutation invalidates', () => {
    expect([...BALANCE_QUERY_KEY]).toEqual([...HEADER_BALANCE_KEY]);
  });
});

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['wallet', flatten(enWallet as Tree), flatten(neWallet as Tree)],
  ['wallet-admin', flatten(enAdmin as Tree), flatten(neAdmin as Tree)],
])('the %s catalogue', (_ns, en, ne) => {
  it('has the same keys and placeholders in English and Nepali, and Nepali is Devanagari', () => {
    expect([...ne.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [k, v] of en) {
      expect(v.trim(), k).not.toBe('');
      expect(placeholders(ne.get(k) ?? ''), k).toEqual(placeholders(v));
      if (/[a-z]{3}/i.test(v.replace(/\{\{\w+\}\}/g, '')) && !/^(IP|PNG.*)$/.test(v))
        expect(ne.get(k), k).toMatch(/[\u0900-\u097F]/);
    }
  });
});
