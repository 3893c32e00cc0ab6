import { describe, expect, it } from 'vitest';
import { chooseImageCdn } from './image-cdn.ts';

describe('image CDN (SPEC §9)', () => {
  it('chooses at random from the list, once per list, and none for an empty list', () => {
    const list = ['https://a.example/', 'https://b.example'];
    expect(chooseImageCdn(list, () => 0.9)).toBe('https://b.example');
    // Same list: the first choice stays, whatever the next random number says.
    expect(chooseImageCdn(list, () => 0)).toBe('https://b.example');
    expect(chooseImageCdn(['https://c.example'], () => 0.5)).toBe('https://c.example');
    expect(chooseImageCdn([], () => 0.5)).toBeNull();
  });
});
