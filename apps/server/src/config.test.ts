import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installationTotpKey, loadConfig } from './config.ts';

describe('config: the operators’ TOTP key is never a value written in the code', () => {
  it('comes from TOTP_ENCRYPTION_KEY, else APP_SECRET', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: a, APP_SECRET: b })).toMatchObject({
      totpKey: a,
      totpKeyGenerated: false,
    });
    expect(loadConfig({ APP_SECRET: b })).toMatchObject({ totpKey: b, totpKeyGenerated: false });
  });

  it('without either, is random per process, and per installation when started from DATA_DIR', () => {
    const one = loadConfig({});
    const two = loadConfig({});
    expect(one.totpKeyGenerated).toBe(true);
    expect(one.totpKey).not.toBe(two.totpKey);

    const dir = mkdtempSync(path.join(tmpdir(), 'wps-totp-'));
    const first = installationTotpKey(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(installationTotpKey(dir)).toBe(first); // a restart keeps the enrolled secrets readable
    expect(statSync(path.join(dir, 'totp.key')).mode & 0o777).toBe(0o600);
    expect(installationTotpKey(mkdtempSync(path.join(tmpdir(), 'wps-totp-')))).not.toBe(first);
  });
});

describe('config: currency symbol and the languages the site offers (SPEC §3, §9)', () => {
  it('defaults to Rs, English and Nepali with English the default', () => {
    expect(loadConfig({})).toMatchObject({
      currencySymbol: 'Rs',
      siteLanguages: ['EN', 'NE'],
      defaultLanguage: 'EN',
    });
  });

  it('takes them from the environment, the default first', () => {
    expect(
      loadConfig({ CURRENCY_SYMBOL: 'रु', SITE_LANGUAGES: 'en, ne,hi', DEFAULT_LANGUAGE: 'NE' }),
    ).toMatchObject({ currencySymbol: 'रु', siteLanguages: ['NE', 'EN', 'HI'], defaultLanguage: 'NE' });
    expect(loadConfig({ SITE_LANGUAGES: 'EN' })).toMatchObject({
      siteLanguages: ['EN'],
      defaultLanguage: 'EN',
    });
  });

  it('refuses unknown codes and a default the site does not offer', () => {
    expect(() => loadConfig({ SITE_LANGUAGES: 'EN,XX' })).toThrow(/SITE_LANGUAGES/);
    expect(() => loadConfig({ SITE_LANGUAGES: ',' })).toThrow(/SITE_LANGUAGES/);
    expect(() => loadConfig({ SITE_LANGUAGES: 'NE' })).toThrow(/DEFAULT_LANGUAGE/);
  });
});
