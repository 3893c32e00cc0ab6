/**
 * PostgreSQL array literals for one `$n::text[]` (or `::bigint[]`, `::int[]`, `::boolean[]`)
 * parameter each: a batch's column goes to the server as one parameter whatever the batch's
 * size, to be `unnest`ed (a parameter per value would hit the protocol's 65,535 limit and make
 * the statement's text as large as the batch). A null text is SQL NULL.
 */
export function pgTextArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** Numbers, bigints or booleans: their text forms need no quoting. */
export function pgScalarArray(values: readonly (number | bigint | boolean)[]): string {
  return `{${values.join(',')}}`;
}
