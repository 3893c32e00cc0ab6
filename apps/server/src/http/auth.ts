import { hasPermission } from '@wps/contract';
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
  /** The operator's role (owner, finance, support, content, agents, custom). */
  operatorRole: string;
  /** Effective permissions: the role's set ∪ the explicit ones (e.g. 'cashier'; '*' = everything). */
  permissions: readonly string[];
  /** Owner/finance without TOTP: this session may only enrol (TOTP_ENROLMENT_REQUIRED). */
  totpEnrolmentRequired: boolean;
}

export type Principal = MemberPrincipal | OperatorPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A guard made by `requireRole`: carries what it checks, so the route table can be introspected. */
export interface RoleGuard extends Guard {
  roles: readonly Role[];
  permission: string | undefined;
}

export const isRoleGuard = (f: unknown): f is RoleGuard =>
  typeof f === 'function' && Array.isArray((f as Partial<RoleGuard>).roles);

export const requireLogin: Guard = async (req) => {
  if (!req.principal) throw new AppError('UNAUTHORIZED');
};

/**
 * Roles allowed through; operators additionally need `permission` when given (the rule of
 * `hasPermission` in the contract: `*`, the permission itself, or its parent).
 */
export function requireRole(roles: Role[], permission?: string): RoleGuard {
  const guard: Guard = async (req) => {
    const p = req.principal;
    if (!p) throw new AppError('UNAUTHORIZED');
    if (!roles.includes(p.role)) throw new AppError('FORBIDDEN');
    if (permission && p.kind === 'operator' && !hasPermission(p.permissions, permission)) {
      throw new AppError('FORBIDDEN');
    }
  };
  return Object.assign(guard, { roles: [...roles], permission });
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
