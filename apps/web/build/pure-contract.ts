/// <reference types="node" />
import type { Plugin } from 'vite';

/** A top-level `const` (exported or not) whose value is a call chain: `const X = a.b(...)…`. */
const TOP_LEVEL_CALL = /^((?:export )?const [\w$]+ = )(?=[A-Za-z_$][\w$]*\s*[.(])/gm;
/**
 * Inside a value: a chain that starts with a zod builder (`z.string().min(1)`, `z.coerce.number()`,
 * safe.ts's `safeString().trim()`), or with a schema's own method (`moneySchema.nullable()`,
 * `base.extend({...})`). The methods are zod's; contract code calls none of them for an effect
 * (an annotated call whose result is unused is dropped, and pure arguments with it).
 */
const SCHEMA_CHAIN =
  /(?<![\w$.])(?=(?:z(?:\.[a-zA-Z]+)+|safeString|intFromText|[A-Za-z_$][\w$]*\.(?:nullable|optional|nullish|default|extend|array|refine|superRefine|transform|min|max|int|positive|nonnegative|regex|trim|length|pick|omit|partial|merge|and|or|describe|brand|readonly))\()/g;

/**
 * The contract package's modules do nothing on import (vite.config's `moduleSideEffects` says so
 * of each module); this says it of each top-level value in them. They declare zod schemas there
 * (`const promotionSchema = z.object({...}).nullable()`, `detailSchema = promotionSchema.extend(...)`),
 * and Rollup cannot tell a builder call has no effect (`manualPureFunctions` does not reach calls
 * through zod's `z` namespace), so a page that took one constant from a contract module (the
 * promotions page its categories) kept every schema of the module, and zod with them (96 KB raw,
 * 27 KB gzip on /promotions). Marked `@__PURE__`, a value no code uses drops out. After esbuild
 * (`enforce: 'post'`): it re-prints an annotation on the innermost call of a chain only.
 */
export function pureContract(): Plugin {
  return {
    name: 'wps-pure-contract',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\/packages\/contract\/src\/[^/]+\.ts$/.test(id.replace(/\?.*$/, ''))) return null;
      const chains = code.replace(SCHEMA_CHAIN, '/* @__PURE__ */ ');
      // A top-level value already starting with an annotated chain is not annotated twice.
      return {
        code: chains.replace(TOP_LEVEL_CALL, (m, decl: string, at: number) =>
          chains.startsWith('/* @__PURE__ */', at + decl.length) ? m : `${decl}/* @__PURE__ */ `,
        ),
        map: null,
      };
    },
  };
}
