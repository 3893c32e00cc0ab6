import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secondsLeft, shownSeconds } from './countdown.tsx';
import { pageWindow } from './pagination.tsx';
import { absoluteUrl } from './qr-code.tsx';

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

describe('QR links', () => {
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

  it('never shows more than the deadline it was set to, however old the last tick', () => {
    // Set at 100 s for 300 s; the hook last read the clock when it mounted, 3 s before.
    expect(shownSeconds(100_000 + 300_000, 97_000, 100_000)).toBe(300);
    expect(shownSeconds(400_000, 150_000, 100_000)).toBe(250); // a tick later than the render: the tick
  });
});
