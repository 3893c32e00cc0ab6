import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helper.ts';
import type { TestDatabase } from '../test/databases.ts';
import { applySqlFunctions, migrationsFolder, sqlFunctionFiles } from './migrate.ts';
import { splitSqlStatements } from './sql-statements.ts';

const code = (statement: string) => statement.replace(/^(\s*(--[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*/, '');

describe('one definition per database function (issue 32, item 2)', () => {
  it('no migration defines a function or a trigger: they live in db/functions/', () => {
    const folder = migrationsFolder();
    const offenders: string[] = [];
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
      const script = readFileSync(path.join(folder, file), 'utf8').replaceAll(
        '--> statement-breakpoint',
        '\n',
      );
      for (const statement of splitSqlStatements(script))
        if (
          /^(CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE|(CONSTRAINT\s+)?TRIGGER)|DO\s)/i.test(
            code(statement),
          )
        )
          offenders.push(`${file}: ${code(statement).split('\n')[0]}`);
    }
    expect(offenders).toEqual([]);
  });

  it('each function file defines exactly the function it is named after, replaceably', () => {
    const defined = new Map<string, string[]>();
    for (const file of sqlFunctionFiles()) {
      const statements = splitSqlStatements(file.script).map(code);
      const functions = statements
        .map((s) => /^CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+([a-z_0-9]+)/i.exec(s))
        .filter((m) => m !== null);
      expect(
        functions.map((m) => m[2]),
        file.name,
      ).toEqual([file.name]);
      expect(functions[0]![1], `${file.name} must use CREATE OR REPLACE`).toBeTruthy();
      for (const m of functions) defined.set(m[2]!, [...(defined.get(m[2]!) ?? []), file.name]);
      // A trigger is dropped before it is created, so the file can be applied again.
      statements.forEach((s, i) => {
        const trigger = /^CREATE\s+(CONSTRAINT\s+)?TRIGGER\s+([a-z_0-9]+)/i.exec(s);
        if (trigger)
          expect(statements[i - 1], trigger[2]).toMatch(new RegExp(`^DROP TRIGGER IF EXISTS ${trigger[2]} `));
      });
    }
    expect([...defined.values()].filter((files) => files.length > 1)).toEqual([]);
  });
});

describe('splitSqlStatements', () => {
  it('splits at top-level semicolons only', () => {
    const script = `-- a comment; not a statement
CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $$
BEGIN RETURN 'a;b'; END $$;
SELECT 'it''s; fine', "odd;name" FROM t; /* c; */
DO $body$ BEGIN PERFORM 1; END $body$;
-- trailing comment only`;
    expect(splitSqlStatements(script)).toEqual([
      `-- a comment; not a statement
CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $$
BEGIN RETURN 'a;b'; END $$;`,
      `SELECT 'it''s; fine', "odd;name" FROM t;`,
      `/* c; */
DO $body$ BEGIN PERFORM 1; END $body$;`,
    ]);
  });
});

describe('applySqlFunctions', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());

  it('applies nothing when every file is as recorded, and only the changed file otherwise', async () => {
    expect(await applySqlFunctions(database)).toEqual([]);
    await database.query(`UPDATE wps_sql_functions SET sha256 = 'stale' WHERE name = 'wallet_balance'`);
    await database.query(`DELETE FROM wps_sql_functions WHERE name = 'wps_refuse_change'`);
    expect(await applySqlFunctions(database)).toEqual(['wallet_balance', 'wps_refuse_change']);
    expect(await applySqlFunctions(database)).toEqual([]);
    // Applying a trigger's file again left one trigger, still guarding the ledger.
    const triggers = await database.query(
      `SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgname = 'ledger_postings_append_only'`,
    );
    expect(triggers.map((t) => t.def)).toEqual([
      expect.stringMatching(/BEFORE DELETE OR UPDATE ON (public\.)?ledger_postings .*wps_refuse_change\(\)/),
    ]);
  });

  it('records every function file', async () => {
    const rows = await database.query('SELECT name, sha256 FROM wps_sql_functions ORDER BY name');
    expect(rows).toEqual(sqlFunctionFiles().map((f) => ({ name: f.name, sha256: f.sha256 })));
  });
});
