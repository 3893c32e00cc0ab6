import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { benchDatabase } from './lib/database.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';

const counts = new Map<string, { n: number; ms: number }>();
let on = false;
for (const proto of [pg.Pool.prototype, pg.Client.prototype] as any[]) {
  const orig = proto.query;
  proto.query = function (this: unknown, ...args: any[]) {
    if (!on) return orig.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    const t0 = performance.now();
    const r = orig.apply(this, args);
    const k = String(text).replace(/\s+/g, ' ').slice(0, 140) + (proto === pg.Pool.prototype ? ' [pool]' : ' [client]');
    const done = () => { const c = counts.get(k) ?? { n: 0, ms: 0 }; c.n++; c.ms += performance.now() - t0; counts.set(k, c); };
    if (r && typeof r.then === 'function') r.then(done, done);
    return r;
  };
}
const { url, drop } = await benchDatabase();
try {
  const database = await openDatabase({ url, poolSize: 20 });
  await runMigrations(database);
  const app = await buildApp(testConfig({ databaseUrl: url, seedDemo: true, humanCheck: false } as any), { database });
  await app.ready();
  await seedDemo(app.services);
  const login = await app.inject({ method: 'POST', url: '/wps/session/login', payload: { username: 'demo01', password: 'Demo@1234' } });
  const token = JSON.parse(login.body).value?.token;
  if (!token) throw new Error(login.body);
  for (const route of ['/wps/system/status', '/wps/member/info', '/wps/v2/wallets/balance', '/wps/relay/GCS_games?pageNo=1&pageSize=20']) {
    for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: route, headers: { token } });
    counts.clear(); on = true;
    const N = 200; const t0 = performance.now();
    for (let i = 0; i < N; i++) { const r = await app.inject({ method: 'GET', url: route, headers: { token } }); if (r.statusCode !== 200) throw new Error(r.body); }
    const ms = (performance.now() - t0) / N; on = false;
    console.log(`${route}: ${ms.toFixed(2)} ms/req sequential`);
    for (const [k, c] of counts) console.log(`   ${(c.n / N).toFixed(2)}/req ${(c.ms / c.n).toFixed(2)} ms  ${k}`);
  }
  await app.close(); await database.close();
} finally { await drop(); }
