import { describe, expect, it } from 'vitest';
import { CashierSubscribers } from './core.ts';

describe('cashier: late-bound subscribers fail closed', () => {
  it('refuses to run an event nothing subscribed to (a wiring that forgot promotions)', () => {
    const subs = new CashierSubscribers<() => void>('a withdrawal request');
    expect(() => subs.all()).toThrow(/a withdrawal request before anything subscribed/);
  });

  it('hands every subscriber, in order, and refuses one that comes after the first use', () => {
    const subs = new CashierSubscribers<string>('a deposit approval');
    subs.add('promotions');
    subs.add('missions');
    expect(subs.all()).toEqual(['promotions', 'missions']);
    expect(() => subs.add('referral')).toThrow(/came after its first use/);
    expect(subs.all()).toEqual(['promotions', 'missions']);
  });
});
