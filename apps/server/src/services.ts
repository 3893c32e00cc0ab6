import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AuthService } from './modules/auth/service.ts';
import { MembersService } from './modules/members/service.ts';
import { SystemService } from './modules/system/service.ts';
import { VerificationService } from './modules/verification/service.ts';
import { AuditService } from './modules/admin/service.ts';
import { CashierService } from './modules/cashier/service.ts';
import { SeamlessService } from './modules/seamless/service.ts';
import { WalletService } from './modules/wallet/service.ts';

/**
 * The module services, built once per app. Modules call each other through these,
 * never through another module's tables.
 */
export interface Services {
  system: SystemService;
  members: MembersService;
  auth: AuthService;
  verification: VerificationService;
  wallet: WalletService;
  seamless: SeamlessService;
  cashier: CashierService;
  audit: AuditService;
}

export function createServices(config: Config, database: Database): Services {
  const db = database.db;
  const system = new SystemService(db, config);
  const members = new MembersService(db, config);
  const verification = new VerificationService(db, config);
  const wallet = new WalletService(db, config);
  const audit = new AuditService(db);
  return {
    wallet,
    audit,
    seamless: new SeamlessService(db, config, { wallet, members }),
    cashier: new CashierService(db, config, { wallet, members, audit }),
    system,
    members,
    verification,
    auth: new AuthService(db, config, { system, members, verification }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    database: Database;
  }
}
