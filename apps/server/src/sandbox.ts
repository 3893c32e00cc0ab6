import { SandboxVendor } from '@wps/sandbox-vendor';
import type { FastifyInstance } from 'fastify';
import { ownAddress as addressOf } from './http/own-address.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mounted sandbox vendor app (null when SANDBOX_VENDOR is off). */
    sandboxVendor: SandboxVendor | null;
  }
}

/**
 * Mounts the sandbox vendor app (apps/sandbox-vendor) under /sandbox. It is a separate app that
 * only speaks to us like an external vendor: the demo launch URLs bring the player to it, and it
 * calls our seamless API over real HTTP at this server's own address (or SANDBOX_PLATFORM_URL).
 *
 * Its secret comes through one explicit operator-side channel: the seamless vendor store
 * (`secretFor('SANDBOX')`), which answers SANDBOX_VENDOR_SECRET when set, else the random
 * per-installation secret the operator sees (last four characters) and rotates in the console.
 * There is no default: without either the vendor answers "not configured".
 */
export async function registerSandboxVendor(app: FastifyInstance): Promise<void> {
  if (!app.config.sandboxVendor) {
    app.decorate('sandboxVendor', null);
    return;
  }
  if (app.config.env === 'production')
    app.log.warn('SANDBOX_VENDOR=on in production: the sandbox vendor is mounted');
  const ownAddress = () => addressOf(app);
  const vendor = new SandboxVendor({
    platform: {
      baseUrl: () => app.config.sandboxPlatformUrl ?? ownAddress(),
      walletVendor: 'SANDBOX',
      secret: () => app.services.seamless.vendors.secretFor('SANDBOX'),
      log: app.log,
    },
    clientDir: app.config.sandboxVendorDistDir,
  });
  app.decorate('sandboxVendor', vendor);
  await app.register(vendor.plugin);
  app.addHook('onClose', async () => vendor.close());
}
