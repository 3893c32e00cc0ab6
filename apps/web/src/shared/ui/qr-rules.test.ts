import { SPEC } from '@wps/contract';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';
import { binarizeTable, normalizeQrOptions, qrLayout } from './qr-rules.ts';

describe('SPEC §9 QR rules', () => {
  it('defaults to every spec value', () => {
    expect(normalizeQrOptions()).toEqual({
      size: 200,
      librarySize: 800,
      margin: 20,
      dark: '#000000',
      light: '#FFFFFF',
      level: 'M',
      logoScale: 0.2,
      dotScale: 1,
      binarizeThreshold: 128,
    });
  });

  it('resets a negative margin or one not smaller than the size to 0', () => {
    expect(normalizeQrOptions({ margin: -1 }).margin).toBe(0);
    expect(normalizeQrOptions({ margin: 200 }).margin).toBe(0);
    expect(normalizeQrOptions({ margin: 250 }).margin).toBe(0);
    expect(normalizeQrOptions({ size: 100, margin: 99 }).margin).toBe(99);
    expect(normalizeQrOptions({ margin: 0 }).margin).toBe(0);
  });

  it('falls back for a logo scale outside (0,1) and a dot scale outside (0,1]', () => {
    expect(normalizeQrOptions({ logoScale: 0 }).logoScale).toBe(0.2);
    expect(normalizeQrOptions({ logoScale: 1 }).logoScale).toBe(0.2);
    expect(normalizeQrOptions({ logoScale: -0.5 }).logoScale).toBe(0.2);
    expect(normalizeQrOptions({ logoScale: 0.5 }).logoScale).toBe(0.5);
    expect(normalizeQrOptions({ dotScale: 1 }).dotScale).toBe(1);
    expect(normalizeQrOptions({ dotScale: 0.6 }).dotScale).toBe(0.6);
    expect(normalizeQrOptions({ dotScale: 1.5 }).dotScale).toBe(0.35);
    expect(normalizeQrOptions({ dotScale: 0 }).dotScale).toBe(0.35);
  });

  it('uses the binarize threshold only strictly between 0 and 255', () => {
    expect(normalizeQrOptions({ binarizeThreshold: 0 }).binarizeThreshold).toBe(128);
    expect(normalizeQrOptions({ binarizeThreshold: 255 }).binarizeThreshold).toBe(128);
    expect(normalizeQrOptions({ binarizeThreshold: 300 }).binarizeThreshold).toBe(128);
    expect(normalizeQrOptions({ binarizeThreshold: 1 }).binarizeThreshold).toBe(1);
    expect(normalizeQrOptions({ binarizeThreshold: 200 }).binarizeThreshold).toBe(200);
    const table = binarizeTable(128).split(' ').map(Number);
    expect(table).toHaveLength(256);
    expect(table[128]).toBe(0);
    expect(table[129]).toBe(1);
  });

  it('always yields options inside the spec ranges', () => {
    fc.assert(
      fc.property(
        fc.record({
          size: fc.integer({ min: -10, max: 1000 }),
          margin: fc.integer({ min: -50, max: 1200 }),
          logoScale: fc.double({ min: -2, max: 2, noNaN: true }),
          dotScale: fc.double({ min: -2, max: 2, noNaN: true }),
          binarizeThreshold: fc.integer({ min: -10, max: 400 }),
        }),
        (input) => {
          const o = normalizeQrOptions(input);
          expect(o.margin >= 0 && o.margin < o.size).toBe(true);
          expect(o.logoScale > 0 && o.logoScale < 1).toBe(true);
          expect(o.dotScale > 0 && o.dotScale <= 1).toBe(true);
          expect(o.binarizeThreshold > 0 && o.binarizeThreshold < 255).toBe(true);
        },
      ),
    );
  });

  it('lays out at the library size: the margin scales, the logo takes its share, dots shrink', () => {
    const g = qrLayout(25, normalizeQrOptions());
    expect(g.margin).toBe(80);
    expect(g.cell).toBe(640 / 25);
    expect(g.logo).toEqual({ size: 128, x: 336, y: 336 });
    const small = qrLayout(25, normalizeQrOptions({ dotScale: 0.5 }));
    expect(small.dot).toBe(small.cell / 2);
    expect(small.dotInset).toBe(small.cell / 4);
  });

  it('renders level M, dark on light, 800 drawn and 200 shown, with the logo in the middle', () => {
    const html = renderToStaticMarkup(
      createElement(QrCode, {
        value: 'https://wps.example/download/ios',
        label: 'iOS',
        logoSrc: '/icon-192.png',
      }),
    );
    expect(html).toContain('viewBox="0 0 800 800"');
    expect(html).toContain('width="200"');
    expect(html).toContain('data-level="M"');
    expect(html).toContain(`fill="${SPEC.qr.dark}"`);
    expect(html).toContain(`fill="${SPEC.qr.light}"`);
    expect(html).toContain('href="/icon-192.png"');
    expect(html).toContain('aria-label="iOS"');
  });
});
