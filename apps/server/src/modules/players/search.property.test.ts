import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.ts';
import { likePrefix } from '../members/admin.ts';

type Db = Awaited<ReturnType<typeof freshDatabase>>;

/** The console's search is a prefix match: what the operator types is never a pattern. */
describe('prefix search pattern', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase({ postgres: 'never' });
  });
  afterAll(async () => {
    await db.drop();
  });
  const text = fc.string({ unit: fc.constantFrom('a', 'b', '%', '_', '\\', 'é', ' '), maxLength: 6 });

  it('matches exactly the strings that start with the typed text, wildcards taken literally', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (typed, candidate) => {
        const result = await db.db.execute(sql`select ${candidate}::text like ${likePrefix(typed)} as hit`);
        const [row] = (result as unknown as { rows: Array<{ hit: boolean }> }).rows;
        expect(row?.hit).toBe(candidate.startsWith(typed));
      }),
      { numRuns: 300 },
    );
  });
});
