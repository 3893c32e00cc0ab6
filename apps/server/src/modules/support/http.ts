import { createHash } from 'node:crypto';
import { SUPPORT_GUEST_HEADER, SUPPORT_MESSAGES_PER_MINUTE } from '@wps/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/errors.ts';
import type { SupportViewer } from './service.ts';

/** A guest's token as sent, when it looks like one (43 base64url characters of 32 random bytes). */
export function guestTokenOf(req: FastifyRequest): string | null {
  const raw = req.headers[SUPPORT_GUEST_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * Who is on the player's side of a conversation: a member's session, or (no session) a guest's
 * token. An operator is no party to the player's calls: the console has its own.
 */
export function viewerOf(req: FastifyRequest): SupportViewer {
  const p = req.principal;
  if (p?.kind === 'member') return { kind: 'member', memberId: p.memberId, account: p.account };
  if (p) throw new AppError('FORBIDDEN');
  const token = guestTokenOf(req);
  if (!token) throw new AppError('UNAUTHORIZED');
  return { kind: 'guest', token };
}

/**
 * Per member, per guest conversation, or (opening as a guest) per address: one player cannot
 * flood the queue, and a shared address (a café) does not silence its other members. Through the
 * sign-in limiter, so the count is shared between instances as the login limits are.
 */
export async function limitSupport(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const p = req.principal;
  const token = guestTokenOf(req);
  const key =
    p?.kind === 'member'
      ? `support:m:${p.memberId}`
      : token
        ? `support:g:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`
        : `support:ip:${clientIp(req)}`;
  await app.services.auth.rateLimit(key, SUPPORT_MESSAGES_PER_MINUTE, 60_000);
}
