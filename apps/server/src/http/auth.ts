import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Who is calling. The identity module's `onRequest` hook resolves the token into this;
 * routes state what they need with the guards below, visible at the route.
 */
export type Role = 'player' | 'trial' | 'agent' | 'operator';

interface SessionIdentity {
  account: string;
  sessionId: number;
}

/** A member's session (player, trial or agent). Only members carry a `memberId`. */
export interface MemberPrincipal extends SessionIdentity {
  kind: 'member';
  memberId: number;
  role: 'player' | 'trial' | 'agent';
}

/** An operator's session: its id is an operator id, never to be mistaken for a member's. */
export interface OperatorPrincipal extends SessionIdentity {
  kind: 'operator';
  operatorId: number;
  role: 'operator';
  /** Operator permissions (e.g. 'cashier', 'system'; '*' = everything). */
  permissions: readonly string[];
}

export type Principal = MemberPrincipal | OperatorPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export const requireLogin: Guard = async (req) => {
  if (!req.principal) throw new AppError('UNAUTHORIZED');
};

/** Roles allowed through; operators additionally need `permission` when given. */
export function requireRole(roles: Role[], permission?: string): Guard {
  return async (req) => {
    const p = req.principal;
    if (!p) throw new AppError('UNAUTHORIZED');
    if (!roles.includes(p.role)) throw new AppError('FORBIDDEN');
    if (
      permission &&
      p.kind === 'operator' &&
      !p.permissions.includes(permission) &&
      !p.permissions.includes('*')
    ) {
      throw new AppError('FORBIDDEN');
    }
  };
}

/** The calling member (behind a member guard); anyone else is refused, never mistaken for one. */
export function memberPrincipal(req: FastifyRequest): MemberPrincipal {
  const p = req.principal;
  if (!p) throw new AppError('UNAUTHORIZED');
  if (p.kind !== 'member') throw new AppError('FORBIDDEN');
  return p;
}

/** The calling operator (behind an operator guard). */
export function operatorPrincipal(req: FastifyRequest): OperatorPrincipal {
  const p = req.principal;
  if (!p) throw new AppError('UNAUTHORIZED');
  if (p.kind !== 'operator') throw new AppError('FORBIDDEN');
  return p;
}
