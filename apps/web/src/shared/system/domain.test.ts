import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './domain.ts';

describe('domain check (SPEC §8 Invalid URL)', () => {
  const route = { mainDomain: 'example.com', domains: ['play.example.np', 'localhost'] };

  it('accepts the main domain, the listed ones and their sub-domains', () => {
    for (const h of ['example.com', 'm.example.com', 'PLAY.example.np', 'localhost', 'example.com.']) {
      expect(isAllowedHost(h, route), h).toBe(true);
    }
  });

  it('refuses look-alikes and other hosts', () => {
    for (const h of ['evil-example.com', 'example.com.evil.io', 'example.np', '127.0.0.1']) {
      expect(isAllowedHost(h, route), h).toBe(false);
    }
  });

  it('lets everything through while nothing is configured', () => {
    expect(isAllowedHost('anything.test', { mainDomain: '', domains: [] })).toBe(true);
  });
});
