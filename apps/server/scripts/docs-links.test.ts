// The documentation's links: every relative link and #anchor in README.md and docs/**/*.md must resolve
// (the file exists; the anchor is a heading of that file as GitHub slugs it). Lives here because
// vitest picks up apps/*/scripts/**/*.test.ts (vitest.config.ts) and apps/server's tsconfig type-checks it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README_MAX_LINES = 150;

/** Lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(text: string): Array<{ line: string; n: number }> {
  const out: Array<{ line: string; n: number }> = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      const mark = m[1]!;
      if (fence === null) fence = mark[0]!.repeat(mark.length);
      else if (mark[0] === fence[0] && mark.length >= fence.length) fence = null;
      return;
    }
    if (fence === null) out.push({ line, n: i + 1 });
  });
  return out;
}

/** A line without its inline code spans (a `[label](href)` inside backticks is text, not a link). */
function withoutCode(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (s) => ' '.repeat(s.length));
}

/** GitHub's heading slug: markup dropped, lowercase, punctuation removed, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown file offers: its headings' slugs (repeats get -1, -2 …) and HTML ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(text)) {
    const h = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (h) {
      const base = slug(h[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const a of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(a[1]!);
  }
  return anchors;
}

/** `[text](target)` and `![alt](target)` links outside code, with an optional "title". */
export function linksOf(text: string): Array<{ target: string; n: number }> {
  const links: Array<{ target: string; n: number }> = [];
  for (const { line, n } of proseLines(text)) {
    for (const m of withoutCode(line).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: m[1]!, n });
    }
  }
  return links;
}

/** The links of one markdown file that do not resolve, as "file:line → target (why)". */
export function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const { target, n } of linksOf(text)) {
    // Other sites and schemes are not checked (no network in tests).
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const where = `${relative(ROOT, file)}:${n} → ${target}`;
    const dest = path === '' ? file : resolve(dirname(file), path);
    if (!existsSync(dest)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (anchor === null || anchor === '') continue;
    if (statSync(dest).isDirectory() || !dest.endsWith('.md')) {
      broken.push(`${where} (an anchor into a file that is not markdown)`);
      continue;
    }
    if (!anchorsOf(readFileSync(dest, 'utf8')).has(anchor))
      broken.push(`${where} (no heading with that slug)`);
  }
  return broken;
}

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const files = [join(ROOT, 'README.md'), ...markdownUnder(join(ROOT, 'docs')).sort()];

describe('documentation links', () => {
  it.each(files.map((f) => [relative(ROOT, f), f]))(
    '%s: every relative link and #anchor resolves',
    (_, file) => {
      const broken = brokenLinks(file);
      expect(broken, `broken links:\n${broken.join('\n')}`).toEqual([]);
    },
  );

  it(`README.md stays a ten-minute read (at most ${README_MAX_LINES} lines; the rest lives in docs/)`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('the checker reports a missing file, a missing anchor and ignores code and other sites', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      writeFileSync(
        join(dir, 'b.md'),
        '# B title\n\n## Money (issue 7) — rules\n\n## Money (issue 7) — rules\n',
      );
      writeFileSync(
        join(dir, 'a.md'),
        [
          '# A',
          '[ok](b.md) [ok](b.md#b-title) [ok](b.md#money-issue-7--rules) [ok](b.md#money-issue-7--rules-1)',
          '[ok](#a) [ok](https://example.com/x#y) `[code](missing.md)`',
          '```',
          '[fenced](missing.md)',
          '```',
          '[broken](missing.md) [broken](b.md#no-such-heading) [broken](#nowhere)',
        ].join('\n'),
      );
      const broken = brokenLinks(join(dir, 'a.md'));
      expect(broken.map((b) => b.replace(/^.*→ /, ''))).toEqual([
        'missing.md (no such file)',
        'b.md#no-such-heading (no heading with that slug)',
        '#nowhere (no heading with that slug)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('slugs headings as GitHub does', () => {
    expect(slug("Wallet at the database's limit (issue 10)")).toBe('wallet-at-the-databases-limit-issue-10');
    expect(slug('Agents (module `agents`, issue 12)')).toBe('agents-module-agents-issue-12');
    expect(slug('Production: what runs where')).toBe('production-what-runs-where');
    expect(slug('Games › Sandbox vendor')).toBe('games--sandbox-vendor');
  });
});
