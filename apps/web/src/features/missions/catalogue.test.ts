import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/missions.json';
import ne from '../../shared/i18n/locales/ne/missions.json';
import enAdmin from '../../shared/i18n/locales/en/missions-admin.json';
import neAdmin from '../../shared/i18n/locales/ne/missions-admin.json';
import { percentOf } from './components/vip-card.tsx';

type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('missions catalogues', () => {
  for (const [name, a, b] of [
    ['missions', en, ne],
    ['missions-admin', enAdmin, neAdmin],
  ] as const) {
    it(`${name}: Nepali has every English key, the same placeholders, and Latin digits only`, () => {
      const e = new Map(flat(a as Tree));
      const n = new Map(flat(b as Tree));
      expect([...n.keys()].sort()).toEqual([...e.keys()].sort());
      for (const [k, v] of e) expect(vars(n.get(k)!), k).toEqual(vars(v));
      for (const [k, v] of n) expect(/[०-९]/.test(v), k).toBe(false);
    });
  }
  it('shows VIP progress in whole percent without floats', () => {
    expect(percentOf('250.00', '1000.00')).toBe(25);
    expect(percentOf('1000.01', '1000.00')).toBe(100);
    expect(percentOf('5.00', '0.00')).toBe(100);
  });
});
