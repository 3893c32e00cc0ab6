import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Styles by feature (issue 32): global.css keeps tokens, reset, base type, the boot loader, buttons,
 * forms and the few primitives every feature uses; a feature's rules live beside its component and
 * load with its chunk. A rule added here instead grows every page's first stylesheet.
 */
describe('global.css', () => {
  it('stays within 400 lines: feature rules belong beside their components', () => {
    const text = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(400);
  });
});
