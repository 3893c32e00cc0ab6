import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { SystemService } from './modules/system/service.ts';

/**
 * The module services, built once per app. Modules call each other through these,
 * never through another module's tables.
 */
export interface Services {
  system: SystemService;
}

export function createServices(config: Config, database: Database): Services {
  const db = database.db;
  return {
    system: new SystemService(db, config),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    database: Database;
  }
}
