import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30: a looping animation of any other property (the placeholders' moving background did)
 * restyles and repaints on the main thread every frame, for as long as it runs, and a phone's
 * slow CPU pays for it in blocking time. Transform and opacity run on the compositor.
 */
const COMPOSITED = new Set(['transform', 'opacity', 'translate', 'rotate', 'scale']);

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return cssFiles(full);
    return e.name.endsWith('.css') ? [full] : [];
  });
}

/** Every @keyframes block's animated property names, by "file: name". */
function keyframeProperties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of text.matchAll(/@keyframes\s+([\w-]+)\s*\{/g)) {
    let depth = 1;
    let i = (m.index ?? 0) + m[0].length;
    const start = i;
    while (depth > 0 && i < text.length) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
      i++;
    }
    const body = text.slice(start, i - 1);
    const props = new Set([...body.matchAll(/([a-z-]+)\s*:/g)].map((p) => p[1] ?? ''));
    found.set(m[1] ?? '', props);
  }
  return found;
}

describe('CSS animations', () => {
  it('reads the properties a keyframes block animates', () => {
    const props = keyframeProperties(
      '@keyframes a { from { transform: none; } 50% { opacity: 0.5 } to { background-position: 0 0 } }',
    );
    expect([...(props.get('a') ?? [])].sort()).toEqual(['background-position', 'opacity', 'transform']);
  });

  it('animate only what the compositor runs (transform, opacity)', () => {
    const offenders: string[] = [];
    for (const file of cssFiles(srcDir)) {
      for (const [name, props] of keyframeProperties(readFileSync(file, 'utf8'))) {
        const other = [...props].filter((p) => !COMPOSITED.has(p));
        if (other.length)
          offenders.push(`${path.relative(srcDir, file)} @keyframes ${name}: ${other.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
