import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createMember, createOperator } from '../test/members.ts';
import { memberPrincipal, operatorPrincipal, type Principal } from './auth.ts';

const asReq = (principal: Principal | null) => ({ principal }) as FastifyRequest;

describe('principal: member or operator, never both', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an operator session carries an operatorId and no memberId; a member session the reverse', async () => {
    const op = await createOperator(t.app, { permissions: ['cashier'] });
    const m = await createMember(t.app);
    const opSession = await t.app.services.auth.sessions.resolve(op.token);
    const mSession = await t.app.services.auth.sessions.resolve(m.token);
    expect(opSession!.principal).toEqual({
      kind: 'operator',
      operatorId: op.id,
      account: op.account,
      role: 'operator',
      operatorRole: 'custom',
      permissions: ['cashier'],
      totpEnrolmentRequired: false,
      sessionId: expect.any(Number),
    });
    expect(opSession!.principal).not.toHaveProperty('memberId');
    expect(mSession!.principal).toMatchObject({ kind: 'member', memberId: m.id, role: 'player' });
    expect(mSession!.principal).not.toHaveProperty('operatorId');

    // Code that needs one kind gets it or a refusal, never the other's id.
    expect(memberPrincipal(asReq(mSession!.principal)).memberId).toBe(m.id);
    expect(() => memberPrincipal(asReq(opSession!.principal))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(operatorPrincipal(asReq(opSession!.principal)).operatorId).toBe(op.id);
    expect(() => operatorPrincipal(asReq(mSession!.principal))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => memberPrincipal(asReq(null))).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
  });
});
