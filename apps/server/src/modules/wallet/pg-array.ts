/** A bigint[] parameter as PostgreSQL's array text (numbers only, so nothing to escape). */
export const pgArray = (values: ReadonlyArray<number | bigint>) => `{${values.join(',')}}`;

/** Any values as PostgreSQL's array text, each element quoted (null stays NULL). */
export const pgTextArray = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
