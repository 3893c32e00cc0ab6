import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Who is calling. The identity module's `onRequest` hook resolves the token into this;
 * routes state what they need with the guards below, visible at the route.
 */
export type Role = 'player' | 'trial' | 'agent' | 'operator';

export interface Principal {
  memberId: number;
  account: string;
  role: Role;
  /** Operator permissions (e.g. 'cashier', 'system'); empty for members. */
  permissions: readonly string[];
  sessionId: number;
}

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
      p.role === 'operator' &&
      !p.permissions.includes(permission) &&
      !p.permissions.includes('*')
    ) {
      throw new AppError('FORBIDDEN');
    }
  };
}
