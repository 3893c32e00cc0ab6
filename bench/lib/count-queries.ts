import pg from 'pg';

/**
 * Diagnostics only: counts every statement any pg client sends, by its first `width` characters
 * with whitespace folded. Call once, before the database is opened; clear the map between phases.
 */
export function countQueries(width = 70): Map<string, number> {
  const counts = new Map<string, number>();
  const orig = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: diagnostics
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    const q = args[0];
    const text: string = typeof q === 'string' ? q : (q?.text ?? '?');
    const k = text.replace(/\s+/g, ' ').slice(0, width);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    // biome-ignore lint/suspicious/noExplicitAny: diagnostics
    return (orig as any).apply(this, args);
  };
  return counts;
}
