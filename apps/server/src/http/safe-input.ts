import { isSafeText } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/**
 * The paths of the strings (values or keys) in `data` that are not storable text, in document
 * order. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(data: unknown): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[data, '']];
  while (stack.length && found.length < 20) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isSafeText(v)) found.push(path || '_');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        if (!isSafeText(k)) found.push(path || '_');
        else stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return found;
}

/**
 * The zod validator, preceded by one check over every part of the request a schema looks at:
 * the contract's string schema refuses invalid Unicode field by field, this also covers route
 * schemas written inline and record keys, so no such text reaches a handler or the database.
 */
export function registerSafeValidation(app: FastifyInstance): void {
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      const bad = findUnsafeText(data);
      if (bad.length) {
        const fields = Object.fromEntries(bad.map((path) => [path, 'badRequest']));
        return { error: new AppError('VALIDATION', { fields }) };
      }
      return validate(data);
    };
  });
}
