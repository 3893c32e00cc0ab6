import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The package goes into a web chunk (the public verifier): its sources may import only each other and @noble/hashes.
describe('browser safety', () => {
  it('no source file imports a Node module or anything but @noble/hashes', () => {
    const dir = path.dirname(new URL(import.meta.url).pathname);
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, f), 'utf8');
      for (const m of text.matchAll(/from '([^']+)'/g)) {
        const spec = m[1]!;
        expect(spec.startsWith('./') || spec.startsWith('@noble/hashes/'), `${f} imports ${spec}`).toBe(true);
      }
    }
  });
});
