import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../shared/api/client.ts';
import { isTransient } from './query-client.ts';

describe('query retries', () => {
  it('retry link and server failures, never client errors', () => {
    expect(isTransient(new ApiError({ status: 0, code: NETWORK_ERROR, message: '' }))).toBe(true);
    expect(isTransient(new ApiError({ status: 502, code: NETWORK_ERROR, message: '' }))).toBe(true);
    expect(isTransient(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toBe(true);
    expect(isTransient(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: '' }))).toBe(false);
    expect(isTransient(new ApiError({ status: 400, code: 'VALIDATION', message: '' }))).toBe(false);
    expect(isTransient(new Error('x'))).toBe(false);
  });
});
