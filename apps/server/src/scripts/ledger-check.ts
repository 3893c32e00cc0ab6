import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { reconcile } from '../modules/wallet/service.ts';

/**
 * `npm run ledger:check`: the ledger reconciliation against DATABASE_URL, or the embedded
 * database in DATA_DIR. Exit 0 when the books balance, 1 on any violation, 2 when there is no
 * ledger to check. `--json` prints the full report. (The embedded database is single-process:
 * stop the server before checking it.)
 */
async function main(): Promise<number> {
  // `npm run ledger:check` runs in apps/server, but a relative DATA_DIR means the directory npm
  // was started from (where `npm start` keeps ./data): npm names it in INIT_CWD.
  const env = process.env;
  const config = loadConfig({
    ...env,
    DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
  });
  const json = process.argv.includes('--json');
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite'))) {
    console.error(`No database: DATABASE_URL is unset and ${config.dataDir}/pglite does not exist.`);
    return 2;
  }
  const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded database in ${config.dataDir}`;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const report = await reconcile((q) => database.query(q));
    if (json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      const { accounts, transactions, postings } = report.counts;
      console.log(
        `ledger check of the ${where}: ${accounts} accounts, ${transactions} transactions, ${postings} postings`,
      );
      for (const [check, offenders] of Object.entries(report.violations)) {
        console.log(
          `  ${offenders.length === 0 ? 'ok  ' : 'FAIL'} ${check}${offenders.length ? `: ${offenders.join(', ')}` : ''}`,
        );
      }
      console.log(report.ok ? 'the books balance' : 'VIOLATIONS FOUND');
    }
    return report.ok ? 0 : 1;
  } catch (err) {
    if (/relation "ledger_\w+" does not exist/.test((err as Error).message)) {
      console.error(`The ${where} has no ledger tables (not migrated: start the server once).`);
      return 2;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  },
);
