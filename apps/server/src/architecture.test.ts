import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Composition over inheritance (issue 32): a service is composed of parts it is given in its
 * constructor, not layered as a chain of subclasses where each file only reads with all the
 * others in mind. A class may extend one base (an Error, a library class); a class extending a
 * class that itself extends another is refused.
 */

const MODULES = join(import.meta.dirname, 'modules');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every class declaration with an `extends` clause: its name, the name it extends, and where. */
export function extendsClauses(
  file: string,
  text: string,
): Array<{ name: string; base: string; file: string }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: Array<{ name: string; base: string; file: string }> = [];
  const visit = (node: ts.Node) => {
    if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.heritageClauses) {
      for (const clause of node.heritageClauses) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        for (const type of clause.types)
          out.push({ name: node.name?.text ?? '(anonymous)', base: type.expression.getText(source), file });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Chains longer than `maxDepth` (a class extending one base is depth 1), as "A → B → C". */
export function deepChains(
  clauses: Array<{ name: string; base: string; file: string }>,
  maxDepth = 1,
): string[] {
  const baseOf = new Map<string, string>();
  for (const c of clauses) baseOf.set(c.name, c.base);
  const out: string[] = [];
  for (const c of clauses) {
    const chain = [c.name];
    let base: string | undefined = c.base;
    while (base !== undefined && !chain.includes(base)) {
      chain.push(base);
      base = baseOf.get(base);
    }
    if (chain.length - 1 > maxDepth) out.push(`${chain.join(' → ')} (${c.file})`);
  }
  return out;
}

describe('architecture: server modules', () => {
  it('finds a chain deeper than one level (the check itself)', () => {
    const clauses = extendsClauses(
      'x.ts',
      'class A {}\nclass B extends A {}\nexport class C extends B {}\nclass Oops extends Error {}',
    );
    expect(deepChains(clauses)).toEqual(['C → B → A (x.ts)']);
  });

  it('has no class … extends chain deeper than one level', () => {
    const clauses = sourcesUnder(MODULES).flatMap((file) =>
      extendsClauses(relative(MODULES, file), readFileSync(file, 'utf8')),
    );
    expect(clauses.length).toBeGreaterThan(0);
    expect(deepChains(clauses)).toEqual([]);
    // Parsing every module source takes a second or two, more on a busy CI machine.
  }, 60_000);
});
