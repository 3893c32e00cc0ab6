/** The rows of a raw `db.execute(sql…)` result (the same shape on PGlite and node-postgres). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
