import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip.ts';

const req = (r: Partial<{ ip: string; socket: { remoteAddress?: string } | undefined }>) =>
  r as unknown as FastifyRequest;

describe('clientIp', () => {
  it('takes the address Fastify resolved when it is an IP', () => {
    expect(clientIp(req({ ip: '203.0.113.7', socket: { remoteAddress: '10.0.0.1' } }))).toBe('203.0.113.7');
  });
  it('falls back to the socket when the forwarded value is not an IP', () => {
    expect(clientIp(req({ ip: 'evil<script>', socket: { remoteAddress: '10.0.0.1' } }))).toBe('10.0.0.1');
  });
  it('answers an unknown address, never a throw, when there is no socket (injectWS)', () => {
    expect(clientIp(req({ ip: '', socket: undefined }))).toBe('0.0.0.0');
  });
});
