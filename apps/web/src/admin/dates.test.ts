import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ADMIN = path.dirname(fileURLToPath(import.meta.url));

/**
 * One date-time format per language across the console (issue 27): the pages show times through
 * shared/lib/format.ts (the reader's language and clock), never a slice of a UTC ISO string
 * ("2026-11-29T07:40" read as local time is off by the reader's offset, and not Nepali).
 * Datetime-local form values go through content-api.ts's toLocalInput, the one place that slices.
 */
describe('console dates', () => {
  it('are never shown as raw ISO slices', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(ADMIN, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts') || file.endsWith('content-api.ts')) continue;
      const lines = readFileSync(path.join(ADMIN, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/\.slice\(0, ?1[0-9]\)/.test(line) && /At\b|At\?|date|time|\bd\b|iso/i.test(line))
          offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
