import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/agent-centre.json';
import ne from '../../shared/i18n/locales/ne/agent-centre.json';

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

describe('the agent-centre catalogue', () => {
  it('has the same keys and placeholders in English and Nepali, Nepali in Devanagari', () => {
    const e = flatten(en as Tree);
    const n = flatten(ne as Tree);
    expect([...n.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [k, v] of e) expect(placeholders(n.get(k) ?? ''), k).toEqual(placeholders(v));
    for (const [k, v] of n) {
      expect(v.trim(), k).not.toBe('');
      if (!/^[A-Z0-9 {}./…-]*$/.test(v) && !/^\{\{\w+\}\}.*$/.test(v))
        expect(/[\u0900-\u097F]/.test(v), `${k}: ${v}`).toBe(true);
    }
  });
});
