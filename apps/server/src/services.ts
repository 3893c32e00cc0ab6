import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AuthService } from './modules/auth/service.ts';
import { MembersService } from './modules/members/service.ts';
import { SystemService } from './modules/system/service.ts';

/**
 * The module services, built once per app. Modules call each other through these,
 * never through another module's tables.
 */
export interface Services {
  system: SystemService;
  members: MembersService;
  auth: AuthService;
}

export function createServices(config: Config, database: Database): Services {
  const db = database.db;
  const system = new SystemService(db, config);
  const members = new MembersService(db, config);
  return {
    system,
    members,
    auth: new AuthService(db, config, { system, members }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    database: Database;
  }
}
