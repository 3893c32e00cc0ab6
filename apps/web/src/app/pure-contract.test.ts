import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RollupOutput } from 'rollup';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureContract } from '../../build/pure-contract.ts';

const contract = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));

/** Bundles `entry` (which imports from the contract) as the web build does, and returns the code. */
async function bundle(entry: string, plugins: Plugin[]): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wps-pure-contract-'));
  try {
    writeFileSync(path.join(dir, 'entry.ts'), entry);
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins,
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(dir, 'entry.ts'), formats: ['es'], fileName: 'entry' },
        rollupOptions: {
          // As vite.config.ts: the contract's modules do nothing on import.
          treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contract/src/') },
        },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as RollupOutput;
    return output.output[0].code;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('build: contract schemas a page does not use drop out (build/pure-contract.ts)', () => {
  const usesCategories = `import { PROMOTION_CATEGORIES } from '${contract}promotions.ts';\nconsole.log(PROMOTION_CATEGORIES);\n`;

  it('a page taking one constant from a contract module gets the constant, not the module’s schemas and zod', async () => {
    const without = await bundle(usesCategories, []);
    const withPlugin = await bundle(usesCategories, [pureContract()]);
    // Without the annotations every schema of promotions.ts, and zod, came along.
    expect(without).toContain('ZodObject');
    expect(withPlugin).not.toContain('ZodObject');
    expect(withPlugin).toContain('"newbie"');
    expect(withPlugin.length).toBeLessThan(2_000);
    expect(without.length).toBeGreaterThan(50_000);
  }, 60_000);

  it('a schema the page does use still validates', async () => {
    const code = await bundle(
      `import { applyInputSchema } from '${contract}promotions.ts';\nexport const ok = applyInputSchema.safeParse({ remark: 'x'.repeat(141) }).success;\n`,
      [pureContract()],
    );
    expect(code).toContain('ZodObject');
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
      ok: boolean;
    };
    expect(mod.ok).toBe(false);
  }, 60_000);

  it('marks only value chains: calls made for their effect stay', () => {
    const transform = pureContract().transform as (code: string, id: string) => { code: string } | null;
    const out = transform(
      [
        'export const A = z.object({ a: z.string().min(1), b: moneySchema.nullable() });',
        'const B = A.extend({ c: safeString().trim() });',
        'export function f(list) {',
        '  list.push(1);',
        '  registry.set("k", 1);',
        '  return list;',
        '}',
      ].join('\n'),
      '/repo/packages/contract/src/x.ts',
    )?.code;
    expect(out).toContain('export const A = /* @__PURE__ */ z.object({ a: /* @__PURE__ */ z.string()');
    expect(out).toContain('b: /* @__PURE__ */ moneySchema.nullable()');
    expect(out).toContain('const B = /* @__PURE__ */ A.extend({ c: /* @__PURE__ */ safeString().trim() })');
    expect(out).toContain('  list.push(1);\n  registry.set("k", 1);');
    expect(transform('const A = z.object({});', '/repo/apps/web/src/x.ts')).toBeNull();
  });
});
