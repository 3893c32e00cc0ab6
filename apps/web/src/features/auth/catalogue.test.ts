import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/auth.json';
import ne from '../../shared/i18n/locales/ne/auth.json';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
};
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the auth catalogue', () => {
  const e = flatten(en as Tree);
  const n = flatten(ne as Tree);
  it('has the same keys and placeholders in English and Nepali', () => {
    expect([...n.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [k, v] of e) expect(placeholders(n.get(k) ?? ''), k).toEqual(placeholders(v));
  });
  it('is Nepali in Devanagari, never left in English', () => {
    for (const [k, v] of n) {
      if (/^[A-Z0-9 ]+$/.test(v)) continue;
      expect(/[\u0900-\u097F]/.test(v), `${k}: ${v}`).toBe(true);
    }
  });
});
