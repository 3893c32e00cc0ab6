import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/client.ts';
import { startupNoticesQuery } from './content.ts';

afterEach(() => configureApiClient(null));

describe('start-up notices call (SPEC §7)', () => {
  it("asks for 'B,PL,PU,PR' with execution B on platform W; the first-login call for execution F", async () => {
    const fetchMock = vi.fn(
      async (..._args: Parameters<typeof fetch>) =>
        new Response(JSON.stringify({ success: true, code: 'OK', message: '', value: [] }), { status: 200 }),
    );
    configureApiClient({
      fetch: fetchMock as unknown as typeof fetch,
      token: () => null,
      lang: () => 'EN',
      networkMessage: () => 'Network link is abnormal, please try again',
    });
    await startupNoticesQuery('EN', 'B').queryFn({});
    await startupNoticesQuery('NE', 'F').queryFn({});
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    expect(urls[0]!.pathname).toBe('/wps/notice');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      types: 'B,PL,PU,PR',
      execution: 'B',
      platform: 'W',
      language: 'EN',
    });
    expect(urls[1]!.searchParams.get('execution')).toBe('F');
    // Cached apart: the start-up popup reads the list its execution was chosen from.
    expect(startupNoticesQuery('EN', 'B').queryKey).not.toEqual(startupNoticesQuery('EN', 'F').queryKey);
  });
});
