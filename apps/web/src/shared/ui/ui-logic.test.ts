import { SPEC } from '@wps/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown.tsx';
import { pageWindow } from './pagination.tsx';
import { absoluteUrl, normalizeQrOptions } from './qr-code.tsx';

describe('pagination window', () => {
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('is always sorted, unique, within range, and contains the (clamped) current page', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 60 }), fc.integer({ min: 1, max: 50 }), (page, total) => {
        const pages = pageWindow(page, total).filter((p): p is number => p !== null);
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(Math.min(Math.max(1, page), total));
      }),
    );
  });
});

describe('QR options (SPEC §9)', () => {
  it('defaults to the spec values', () => {
    expect(normalizeQrOptions()).toEqual({
      size: SPEC.qr.size,
      margin: SPEC.qr.margin,
      dark: '#000000',
      light: '#FFFFFF',
      level: 'M',
      logoScale: 0.2,
      dotScale: 1,
    });
  });

  it('resets a negative margin or one not smaller than the size to 0', () => {
    expect(normalizeQrOptions({ margin: -1 }).margin).toBe(0);
    expect(normalizeQrOptions({ margin: 200 }).margin).toBe(0);
    expect(normalizeQrOptions({ size: 100, margin: 99 }).margin).toBe(99);
  });

  it('falls back for a logo scale outside (0,1) and a dot scale outside (0,1]', () => {
    expect(normalizeQrOptions({ logoScale: 0 }).logoScale).toBe(0.2);
    expect(normalizeQrOptions({ logoScale: 1 }).logoScale).toBe(0.2);
    expect(normalizeQrOptions({ logoScale: 0.5 }).logoScale).toBe(0.5);
    expect(normalizeQrOptions({ dotScale: 1 }).dotScale).toBe(1);
    expect(normalizeQrOptions({ dotScale: 1.5 }).dotScale).toBe(0.35);
    expect(normalizeQrOptions({ dotScale: 0 }).dotScale).toBe(0.35);
  });

  it('makes app links absolute for a phone camera', () => {
    expect(absoluteUrl('/download/ios', 'https://wps.example')).toBe('https://wps.example/download/ios');
    expect(absoluteUrl('https://cdn.example/a.apk', 'https://wps.example')).toBe('https://cdn.example/a.apk');
  });
});

describe('countdown', () => {
  it('counts whole seconds down to zero, never below', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
