import { buildApp } from './app.ts';
import {
  ConfigError,
  installationCrashChainKey,
  installationTotpKey,
  installationVapidKeys,
  loadConfig,
} from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/index.ts';

/**
 * Process entry: open and migrate the database, seed the demo set when configured, listen,
 * and shut down cleanly on SIGINT/SIGTERM. A database that cannot be reached ends the process
 * with a clear message and exit code 1 rather than a hang.
 */
async function main() {
  const loaded = loadConfig();
  const config = {
    ...loaded,
    ...(loaded.totpKeyGenerated ? { totpKey: installationTotpKey(loaded.dataDir) } : {}),
    // Outside production (production has no key unless given): one key file per installation.
    ...(loaded.crashChainKeyGenerated && loaded.crashChainKey !== null
      ? { crashChainKey: installationCrashChainKey(loaded.dataDir) }
      : {}),
    // Devices subscribe to one key: it must survive restarts (DATA_DIR/web-push-vapid.json).
    ...(loaded.webPush.keysGenerated
      ? { webPush: { ...loaded.webPush, ...installationVapidKeys(loaded.dataDir) } }
      : {}),
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    await runMigrations(database);
  } catch (err) {
    const where = config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `embedded PGlite in ${config.dataDir}`;
    console.error(`Cannot open the database (${where}): ${(err as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp(config, { database });
  // The demo vendors (SANDBOX) get a random secret of their own on first start, never a default;
  // the operator reads the vendor list and rotates secrets in the console API. Not in production:
  // there a vendor exists only once the operator rotates (creates) its secret or configures it.
  if (config.env !== 'production' && (await app.services.seamless.vendors.ensureInstallationVendors())) {
    app.log.info('seamless demo vendors created with random secrets (GET /wps/admin/seamless/vendors)');
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(app.services);
    if (seeded) app.log.info('demo data seeded');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the pool.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Fatal start-up error:', err);
  }
  process.exit(1);
});
