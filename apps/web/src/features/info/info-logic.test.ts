import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSpaRoute, ROUTES } from '@wps/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../app/page-modules.ts';
import enWallet from '../../shared/i18n/locales/en/wallet.json';
import neWallet from '../../shared/i18n/locales/ne/wallet.json';
import { LEGAL_DOCS, LEGAL_PATHS } from './lib/content.ts';
import { parseInline, safeHref } from './lib/rich-text.ts';

const here = new URL('.', import.meta.url).pathname;
const LOCALES = join(here, '../../shared/i18n/locales/ne');
const CONTENT = join(here, 'content');

describe('content files', () => {
  it('exist for every document in English and Nepali, with the same number of sections', () => {
    for (const doc of LEGAL_DOCS) {
      const en = JSON.parse(readFileSync(join(CONTENT, 'en', `${doc}.json`), 'utf8'));
      const ne = JSON.parse(readFileSync(join(CONTENT, 'ne', `${doc}.json`), 'utf8'));
      expect(en.sections.length).toBeGreaterThan(2);
      expect(ne.sections.length).toBe(en.sections.length);
      expect(ne.title).not.toBe(en.title);
    }
  });

  it('are real routes the server serves, with a page and a Nepali title', async () => {
    const ne = (await import('../../shared/i18n/locales/ne/common.json')).default as {
      meta: Record<string, { title: string }>;
    };
    for (const path of [...Object.values(LEGAL_PATHS), '/download/ios', '/download/android']) {
      const route = ROUTES.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      expect(isSpaRoute(path)).toBe(true);
      expect(PAGE_MODULES[route!.key]).toMatch(/features\/info\/routes\//);
      expect(ne.meta[route!.key]?.title).toBeTruthy();
    }
  });

  it('links only to site paths and http(s) addresses', () => {
    expect(parseInline('See [terms](/terms) and [x](javascript:alert(1)).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'terms', href: '/terms' },
      { kind: 'text', text: ' and ' },
      { kind: 'text', text: '[x](javascript:alert(1)' },
      { kind: 'text', text: ').' },
    ]);
    expect(safeHref('//evil.example')).toBeNull();
    expect(parseInline('Adults of {{age}}+ only', { age: 21 })).toEqual([
      { kind: 'text', text: 'Adults of 21+ only' },
    ]);
  });
});

describe('one kind of digits in Nepali', () => {
  it('uses Latin digits in every Nepali catalogue and content file (see shared/lib/format.ts)', () => {
    const files = [
      ...readdirSync(LOCALES).map((f) => join(LOCALES, f)),
      ...readdirSync(join(CONTENT, 'ne')).map((f) => join(CONTENT, 'ne', f)),
    ];
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/[\u0966-\u096F]/);
  });
});

describe('plurals through i18next', () => {
  it('counts records in English and Nepali', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'en',
      resources: { en: { wallet: enWallet }, ne: { wallet: neWallet } },
      interpolation: { escapeValue: false },
    });
    expect(i.t('wallet:records.total', { count: 1 })).toBe('1 record');
    expect(i.t('wallet:records.total', { count: 12 })).toBe('12 records');
    expect(i.t('wallet:range.previous', { count: 7 })).toBe('Previous 7 days');
    await i.changeLanguage('ne');
    expect(i.t('wallet:records.total', { count: 1 })).toBe('1 रेकर्ड');
    expect(i.t('wallet:records.total', { count: 12 })).toBe('12 रेकर्डहरू');
  });
});
