import { describe, expect, it } from 'vitest';
import enCommon from '../i18n/locales/en/common.json';
import neCommon from '../i18n/locales/ne/common.json';
import { supportHoursText } from './support-hours.ts';

/** A translate function over one real catalogue (keys `common:a.b`, {{x}} filled in). */
const over =
  (catalogue: Record<string, unknown>) =>
  (key: string, options: Record<string, string> = {}): string => {
    const path = key.replace(/^common:/, '').split('.');
    let node: unknown = catalogue;
    for (const p of path) node = (node as Record<string, unknown>)[p];
    if (typeof node !== 'string') throw new Error(`missing ${key}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => options[k] ?? '');
  };

const ROUND_THE_CLOCK = /24\s*\/\s*7|24 hours|24 घण्टा|२४|around the clock|चौबिसै|चौबीसै/i;

describe('support hours as the site states them (issue 27)', () => {
  for (const [lang, catalogue] of [
    ['EN', enCommon],
    ['NE', neCommon],
  ] as const) {
    const t = over(catalogue);
    it(`${lang}: states the configured hours, and round the clock only when configured so`, () => {
      const day = supportHoursText({ from: '10:00', to: '22:00' }, t);
      expect(day).toContain('10:00');
      expect(day).toContain('22:00');
      expect(day).not.toMatch(ROUND_THE_CLOCK);
      const night = supportHoursText({ from: '18:00', to: '02:00' }, t);
      expect(night).toContain('18:00');
      expect(night).toContain('02:00');
      expect(night).not.toMatch(ROUND_THE_CLOCK);
      expect(supportHoursText({ from: '00:00', to: '24:00' }, t)).toMatch(/24/);
    });
  }
});
