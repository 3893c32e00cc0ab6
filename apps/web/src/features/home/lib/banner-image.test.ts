import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverCrop, pictureSources } from './banner-image.ts';

const v = (w: number, avif = false) => ({
  width: w,
  height: w / 3,
  url: `/wps/content/images/x/${w}${avif ? '/avif' : ''}`,
});

describe('banner <picture> sources', () => {
  it('offers AVIF first, then WebP, each as a width srcset', () => {
    const image = {
      id: 'x',
      width: 960,
      height: 320,
      variants: [v(480), v(960)],
      avif: [v(480, true), v(960, true)],
    };
    expect(pictureSources(image)).toEqual([
      {
        type: 'image/avif',
        srcSet: '/wps/content/images/x/480/avif 480w, /wps/content/images/x/960/avif 960w',
      },
      { type: 'image/webp', srcSet: '/wps/content/images/x/480 480w, /wps/content/images/x/960 960w' },
    ]);
  });

  it('has only WebP for an image stored before AVIF', () => {
    const image = { id: 'x', width: 480, height: 160, variants: [v(480)], avif: [] };
    expect(pictureSources(image).map((s) => s.type)).toEqual(['image/webp']);
  });
});

describe('cover crop (console preview of how the site fills the box)', () => {
  it('cuts the sides of a wide image and the top and bottom of a tall one, centred', () => {
    expect(coverCrop(1200, 300, 3)).toEqual({ x: 150, y: 0, width: 900, height: 300, cut: 0.25 });
    expect(coverCrop(900, 600, 3)).toEqual({ x: 0, y: 150, width: 900, height: 300, cut: 0.5 });
    expect(coverCrop(1440, 480, 3).cut).toBe(0);
  });

  it('always keeps the box ratio inside the image, centred', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.double({ min: 0.2, max: 6, noNaN: true }),
        (w, h, ratio) => {
          const c = coverCrop(w, h, ratio);
          expect(c.width / c.height).toBeCloseTo(ratio, 6);
          expect(c.width).toBeLessThanOrEqual(w + 1e-9);
          expect(c.height).toBeLessThanOrEqual(h + 1e-9);
          expect(c.x * 2 + c.width).toBeCloseTo(w, 6);
          expect(c.y * 2 + c.height).toBeCloseTo(h, 6);
          expect(c.cut).toBeGreaterThanOrEqual(-1e-9);
          expect(c.cut).toBeLessThan(1);
        },
      ),
    );
  });
});
