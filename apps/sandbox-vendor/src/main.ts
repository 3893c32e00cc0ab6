import path from 'node:path';
import Fastify from 'fastify';
import { SandboxVendor } from './index.ts';

/**
 * Standalone mode (its own port, its own process): `npm start -w apps/sandbox-vendor` with
 * SANDBOX_PLATFORM_URL (the platform's base URL), SANDBOX_VENDOR_SECRET (the SANDBOX vendor's
 * secret: the platform operator rotates it in the console, which shows it once, and sets the same
 * value as the platform's SANDBOX_VENDOR_SECRET) and SANDBOX_PORT (default 8090). Point the demo
 * vendors' launch URL template at http://<this host>:<port>/sandbox/{vendor}/play?… in the console.
 * `npm start` of the platform does NOT need this: it mounts the same plugin under /sandbox.
 */
const platformUrl = process.env.SANDBOX_PLATFORM_URL;
const secret = process.env.SANDBOX_VENDOR_SECRET;
if (!platformUrl || !secret) {
  console.error('SANDBOX_PLATFORM_URL and SANDBOX_VENDOR_SECRET are required (no defaults).');
  process.exit(1);
}
if (process.env.NODE_ENV === 'production' && process.env.SANDBOX_VENDOR !== 'on') {
  console.error('The sandbox vendor is refused in production unless SANDBOX_VENDOR=on.');
  process.exit(1);
}
const app = Fastify({ logger: true });
const vendor = new SandboxVendor({
  platform: {
    baseUrl: () => platformUrl.replace(/\/$/, ''),
    walletVendor: 'SANDBOX',
    secret: async () => secret,
  },
  clientDir: path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist'),
});
await app.register(vendor.plugin);
app.addHook('onClose', async () => vendor.close());
await app.listen({ port: Number(process.env.SANDBOX_PORT ?? 8090), host: process.env.HOST ?? '0.0.0.0' });
