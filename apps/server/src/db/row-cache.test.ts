import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowCache } from './row-cache.ts';

describe('row cache (kept correct by change notices)', () => {
  afterEach(() => vi.useRealTimers());
  let active = true;
  const cache = () => new RowCache<number, string>({ ttlMs: 1_000, max: 3, active: () => active });

  it('serves what was set until dropped', () => {
    active = true;
    const c = cache();
    c.set(1, 'a', c.stamp);
    expect(c.get(1)).toBe('a');
    c.drop(1);
    expect(c.get(1)).toBeNull();
  });

  it('does not keep a read that overlapped a drop, of any key', () => {
    active = true;
    const c = cache();
    const stamp = c.stamp;
    c.drop(2);
    c.set(1, 'read before the drop', stamp);
    expect(c.get(1)).toBeNull();
    c.set(1, 'read after', c.stamp);
    expect(c.get(1)).toBe('read after');
    const before = c.stamp;
    c.clear();
    c.set(1, 'stale', before);
    expect(c.get(1)).toBeNull();
  });

  it('neither serves nor keeps anything while the changes are not heard', () => {
    active = true;
    const c = cache();
    c.set(1, 'a', c.stamp);
    active = false;
    expect(c.get(1)).toBeNull();
    c.set(2, 'b', c.stamp);
    active = true;
    expect(c.get(2)).toBeNull();
    expect(c.get(1)).toBe('a');
  });

  it('lets an entry live at most the TTL', () => {
    vi.useFakeTimers();
    active = true;
    const c = cache();
    c.set(1, 'a', c.stamp);
    vi.advanceTimersByTime(1_000);
    expect(c.get(1)).toBe('a');
    vi.advanceTimersByTime(1);
    expect(c.get(1)).toBeNull();
  });

  it('starts again past its size bound', () => {
    active = true;
    const c = cache();
    for (const k of [1, 2, 3]) c.set(k, String(k), c.stamp);
    expect(c.size).toBe(3);
    c.set(4, '4', c.stamp);
    expect(c.size).toBe(1);
    expect(c.get(4)).toBe('4');
    expect(c.get(1)).toBeNull();
  });
});
