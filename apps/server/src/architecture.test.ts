import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

/**
 * The files of `modules/<name>/` a file imports (type-only imports too: a circle of types is still
 * two files that can only be read together), as paths relative to the modules folder.
 */
export function moduleImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const statement of source.statements) {
    const spec =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        ? (statement.moduleSpecifier as ts.StringLiteral).text
        : null;
    if (!spec?.startsWith('.')) continue;
    out.push(join(dirname(file), spec));
  }
  return out;
}

/** Import circles among the files of one module (strongly connected components of two or more). */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
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

  it('has no optional hook set after construction, outside the few that fail closed (issue 32)', () => {
    // A dependency set after construction (`x: ((…) => …) | null = null`) fails silently when a
    // server is built without it: a self-excluded player would get marketing, a ticket product
    // could not be approved. Dependencies are constructor parameters; a later-made service is
    // passed as a function (`() => tickets`). Allowed: auth's sign-in guards (auth and protection
    // need each other; AuthService.assertWired refuses to start without them) and the crash
    // engine's parts, wired by the crash service that composes them.
    const allowed = new Set([
      'auth/service.ts:loginGuard',
      'auth/service.ts:loginPrecheck',
      'inhouse/crash-gateway.ts:publish',
      'inhouse/crash-rounds.ts:onFenced',
    ]);
    const hooks = sourcesUnder(MODULES).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s+(\w+): \(\(.*\) => .*\) \| null = null;$/gm)].map(
        (m) => `${relative(MODULES, file)}:${m[1]}`,
      ),
    );
    expect(hooks.filter((h) => !allowed.has(h))).toEqual([]);
    expect(hooks.length).toBeGreaterThan(0);
  });

  it('finds an import circle (the check itself)', () => {
    const graph = new Map([
      ['a/service.ts', moduleImports('a/service.ts', "import { Part } from './part.ts';")],
      ['a/part.ts', moduleImports('a/part.ts', "import type { Service } from './service.ts';")],
      ['a/leaf.ts', []],
    ]);
    expect(circles(graph)).toEqual([['a/part.ts', 'a/service.ts']]);
  });

  it('has no import circle inside a module: its files import one way (issue 32)', () => {
    // Within one module folder only: modules are wired together by services.ts, and a module's
    // parts are composed by its service, never the other way round.
    const graph = new Map<string, string[]>();
    for (const file of sourcesUnder(MODULES)) {
      const name = relative(MODULES, file);
      const moduleName = name.split('/')[0];
      graph.set(
        name,
        moduleImports(name, readFileSync(file, 'utf8')).filter((t) => t.split('/')[0] === moduleName),
      );
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph).map((c) => c.join(' ⇄ '))).toEqual([]);
  }, 60_000);
});
