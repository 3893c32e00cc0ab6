import { describe, expect, it, vi } from 'vitest';
import { checkNetwork } from './network-check.ts';

describe('network check (SPEC §8 page-load timeout prompt)', () => {
  it('is offline without asking anything when the device says so', async () => {
    const fetchMock = vi.fn();
    expect(await checkNetwork({ online: false, fetch: fetchMock as unknown as typeof fetch })).toBe(
      'offline',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the server's health check, uncached, and reads its answer", async () => {
    const ok = vi.fn(async (..._a: Parameters<typeof fetch>) => new Response('{"status":"ok"}'));
    expect(await checkNetwork({ online: true, fetch: ok as unknown as typeof fetch })).toBe('ok');
    expect(String(ok.mock.calls[0]![0])).toMatch(/^\/healthz\?t=\d+$/);
    expect(ok.mock.calls[0]![1]).toMatchObject({ cache: 'no-store' });
    const down = vi.fn(async () => new Response('', { status: 503 }));
    expect(await checkNetwork({ online: true, fetch: down as unknown as typeof fetch })).toBe('unreachable');
    const broken = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkNetwork({ online: true, fetch: broken as unknown as typeof fetch })).toBe(
      'unreachable',
    );
  });

  it('gives up on a server that does not answer in time', async () => {
    const hang = vi.fn(
      (_u: unknown, init?: RequestInit) =>
        new Promise<Response>((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    expect(await checkNetwork({ online: true, fetch: hang as unknown as typeof fetch, timeoutMs: 20 })).toBe(
      'unreachable',
    );
  });
});
