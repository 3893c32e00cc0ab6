import { describe, expect, it } from 'vitest';
import { onCdn, pickCdn } from './cdn.ts';

describe('CDN choice (SPEC §9)', () => {
  it('picks every configured CDN at random, none from an empty list', () => {
    const list = ['https://a.cdn.example/', 'https://b.cdn.example'];
    expect(pickCdn([])).toBeNull();
    expect(pickCdn(list, () => 0)).toBe('https://a.cdn.example');
    expect(pickCdn(list, () => 0.99999)).toBe('https://b.cdn.example');
    const seen = new Set(Array.from({ length: 200 }, () => pickCdn(list)));
    expect(seen).toEqual(new Set(['https://a.cdn.example', 'https://b.cdn.example']));
  });

  it('moves only our own paths onto a CDN', () => {
    const list = ['https://img.cdn.example'];
    expect(onCdn('/wps/games/art/1.svg?v=2', list)).toBe('https://img.cdn.example/wps/games/art/1.svg?v=2');
    expect(onCdn('/wps/games/art/1.svg', [])).toBe('/wps/games/art/1.svg');
    expect(onCdn('https://vendor.example/play', list)).toBe('https://vendor.example/play');
    expect(onCdn('//evil.example/x', list)).toBe('//evil.example/x');
  });
});
