/**
 * Splits a SQL script into its top-level statements, the way psql reads a file: a `;` ends a
 * statement unless it sits in a string, a quoted name, a comment or a dollar-quoted body
 * (`$$ … $$`, `$fn$ … $fn$`). Used for the files under db/functions/, which hold a function and
 * the triggers that fire it; executed one statement at a time because PGlite's extended protocol
 * takes one statement per query.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (withoutComments(text) !== '') statements.push(text);
  };
  while (i < n) {
    const c = script[i];
    if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && script[i + 1] === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      i = closingQuote(script, i, c);
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_][A-Za-z_0-9]*\$|^\$\$/.exec(script.slice(i, i + 64))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end < 0 ? n : end + tag.length;
      } else i++;
    } else if (c === ';') {
      push(i + 1);
      start = ++i;
    } else i++;
  }
  push(n);
  return statements;
}

/** Index just past the quote closing the one at `open` (a doubled quote is an escaped one). */
function closingQuote(script: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < script.length) {
    if (script[i] === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return script.length;
}

function withoutComments(text: string): string {
  return text
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .trim();
}
