import { describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary, ChunkLoadError, lazyChunk, withTimeout } from './lazy-page.tsx';

const Page = () => null;

describe('lazy chunks', () => {
  it('withTimeout passes results through and rejects a stalled promise', async () => {
    await expect(withTimeout(Promise.resolve(1), 50, () => new Error('late'))).resolves.toBe(1);
    await expect(withTimeout(Promise.reject(new Error('boom')), 50, () => new Error('late'))).rejects.toThrow(
      'boom',
    );
    await expect(withTimeout(new Promise(() => {}), 10, () => new Error('late'))).rejects.toThrow('late');
  });

  it('shares one in-flight load between preload calls', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const chunk = lazyChunk('home', load);
    await Promise.all([chunk.preload(), chunk.preload()]);
    await chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('names a failed or timed-out chunk in the spec message and loads again after a failure', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Page };
    });
    const chunk = lazyChunk('promotions', load);
    await chunk.preload();
    fail = false;
    await chunk.preload();
    expect(load).toHaveBeenCalledTimes(2);

    const stalled = lazyChunk('agent', () => new Promise<{ default: typeof Page }>(() => {}), 5);
    const err = await stalled.load().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).message).toBe('Loading chunk agent failed');
    expect((err as ChunkLoadError).chunk).toBe('agent');
  });

  it('the boundary retry arms the chunk to load again', () => {
    const reset = vi.fn();
    const boundary = new ChunkErrorBoundary({ fallback: () => null, children: null });
    boundary.state = { error: new ChunkLoadError('promotions', undefined, reset), resetKey: undefined };
    boundary.setState = vi.fn();
    boundary.retry();
    expect(reset).toHaveBeenCalledOnce();
    expect(boundary.setState).toHaveBeenCalledWith({ error: null });
  });

  it('clears a failure when the location changes', () => {
    const next = ChunkErrorBoundary.getDerivedStateFromProps(
      { fallback: () => null, children: null, resetKey: '/b' },
      { error: new Error('x'), resetKey: '/a' },
    );
    expect(next).toEqual({ error: null, resetKey: '/b' });
  });
});
