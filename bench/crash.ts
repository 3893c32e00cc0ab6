/// <reference path="../apps/server/src/types/geoip-country.d.ts" />
/**
 * `npm run bench:crash`: 1,000 simulated players on one crash round over real WebSockets.
 *
 * Against one PostgreSQL database (BENCH_DATABASE_URL, or a throwaway database on
 * postgres://postgres@127.0.0.1:5432, dropped afterwards): the real server process drives rounds
 * (CRASH_LOOP on, it is the advisory-lock leader); this process makes BENCH_PLAYERS (1,000)
 * funded members with sessions, opens one socket each, places one bet per player in the betting
 * window, and once the round flies every player sends a cash-out at a random moment. Printed:
 * bet and cash-out acknowledgement latency (p50/p99/max; goal p99 < 50 ms), how many cash-outs
 * won or came too late, and the server's resident memory (VmRSS from /proc) before and at the
 * peak of the round. Exits non-zero when a bet or an acknowledgement is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { CrashServerFrame } from '@wps/contract';
import pg from 'pg';
import { WebSocket } from 'ws';
import { testConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/modules/members/passwords.ts';
import { Accounts } from '../apps/server/src/modules/wallet/accounts.ts';
import { createServices } from '../apps/server/src/services.ts';
import { freePort } from './lib/built-server.ts';
import { benchDatabase } from './lib/database.ts';
import { startSourceServer } from './lib/source-server.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

interface Player {
  ws: WebSocket;
  frames: (f: CrashServerFrame) => void;
}

async function main() {
  const { url, drop } = await benchDatabase();
  let server: ChildProcess | null = null;
  const sockets: WebSocket[] = [];
  let failed = false;
  try {
    const config = testConfig({ databaseUrl: url });
    const database = await openDatabase({ url, poolSize: 20 });
    await runMigrations(database);
    const services = createServices(config, database);
    const passwordHash = await hashPassword('Bench@1234');
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, PLAYERS - i) }, (_, j) =>
          services.members.create({ account: `crash${i + j}`, passwordHash }),
        ),
      );
      for (const m of batch) {
        await services.wallet.post({
          key: `bench-fund:${m.id}`,
          reason: 'deposit',
          postings: [
            { account: Accounts.clearing('BENCH'), amount: -10_000_000n },
            { account: Accounts.cash(m.id), amount: 10_000_000n },
          ],
        });
        const s = await services.auth.sessions.open({ memberId: m.id, role: 'player', loginType: 'bench' });
        tokens.push(s.token);
      }
    }
    await database.close();

    const port = await freePort();
    server = await startSourceServer(url, port, { CRASH_LOOP: 'on' });
    const pid = server.pid!;
    const rssIdle = rssMb(pid);
    console.log(`crash bench: ${PLAYERS} players, server pid ${pid}, idle RSS ${rssIdle.toFixed(0)} MB`);

    // Connect everyone.
    const players: Player[] = await Promise.all(
      tokens.map(
        (token) =>
          new Promise<Player>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/wps/inhouse/crash/ws?token=${token}`);
            sockets.push(ws);
            const p: Player = { ws, frames: () => undefined };
            ws.on('message', (d: Buffer) => p.frames(JSON.parse(d.toString()) as CrashServerFrame));
            ws.once('open', () => resolve(p));
            ws.once('error', reject);
          }),
      ),
    );
    const rssConnected = rssMb(pid);
    console.log(`connected ${players.length} sockets, RSS ${rssConnected.toFixed(0)} MB`);

    // Wait for a betting window with at least 3 s left whose round flies past the 1.5 s of
    // cash-outs (point ≥ 1.20×). The bench reads the point from the database only to pick a
    // round worth measuring: a round that crashes at 1.00× would measure "too late" answers,
    // which never touch the database.
    const peek = new pg.Client({ connectionString: url });
    await peek.connect();
    const round = await new Promise<{ roundId: number; startsAt: number; serverNow: number }>((resolve) => {
      players[0]!.frames = (f) => {
        if (
          (f.t === 'round' || f.t === 'hello') &&
          f.round.phase === 'betting' &&
          f.round.startsAt - f.round.serverNow > 3000
        ) {
          const candidate = f.round;
          void peek
            .query<{ point: number }>('select point from crash_rounds where id = $1', [candidate.roundId])
            .then((res) => {
              if ((res.rows[0]?.point ?? 0) >= 120) resolve(candidate);
            });
        }
      };
    });
    await peek.end();
    const offset = round.serverNow - Date.now();

    // Every player bets once; latency until the bet frame.
    const betLat: number[] = [];
    await Promise.all(
      players.map(
        (p, i) =>
          new Promise<void>((resolve) => {
            const t0 = performance.now();
            const timer = setTimeout(() => {
              failed = true;
              resolve();
            }, 10_000);
            p.frames = (f) => {
              if ((f.t === 'bet' && f.bet.slot === 0) || (f.t === 'error' && f.slot === 0)) {
                clearTimeout(timer);
                p.frames = () => undefined;
                if (f.t === 'bet') betLat.push(performance.now() - t0);
                else {
                  if (!failed) console.error(`bet refused: ${f.code} ${f.message}`);
                  failed = true;
                }
                resolve();
              }
            };
            p.ws.send(
              JSON.stringify({ t: 'bet', requestId: `bench-${round.roundId}-${i}`, slot: 0, amount: '1.00' }),
            );
          }),
      ),
    );
    console.log(
      `bets      ${betLat.length}/${PLAYERS} acked  p50 ${ms(pct(betLat, 50))}  p99 ${ms(pct(betLat, 99))}  max ${ms(pct(betLat, 100))}`,
    );

    // Cash-outs spread over the first 1.5 s of flight (1.00×–1.09×: most rounds last that long).
    const wait = round.startsAt - (Date.now() + offset);
    await new Promise((r) => setTimeout(r, Math.max(0, wait) + 50));
    let rssPeak = rssMb(pid);
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 50);
    const ackLat: number[] = [];
    let won = 0;
    let late = 0;
    await Promise.all(
      players.map(
        (p) =>
          new Promise<void>((resolve) => {
            setTimeout(() => {
              const t0 = performance.now();
              const timer = setTimeout(() => {
                failed = true;
                resolve();
              }, 10_000);
              p.frames = (f) => {
                if ((f.t === 'settled' && f.bet.slot === 0) || (f.t === 'error' && f.slot === 0)) {
                  clearTimeout(timer);
                  p.frames = () => undefined;
                  ackLat.push(performance.now() - t0);
                  if (f.t === 'settled' && f.bet.status === 'won') won++;
                  else late++;
                  resolve();
                }
              };
              p.ws.send(JSON.stringify({ t: 'cashout', slot: 0 }));
            }, Math.random() * 1500);
          }),
      ),
    );
    clearInterval(sampler);
    console.log(
      `cash-outs ${ackLat.length}/${PLAYERS} acked (${won} won, ${late} too late)  p50 ${ms(pct(ackLat, 50))}  p99 ${ms(pct(ackLat, 99))}  max ${ms(pct(ackLat, 100))}`,
    );
    console.log(
      `server RSS: idle ${rssIdle.toFixed(0)} MB, ${PLAYERS} sockets ${rssConnected.toFixed(0)} MB, peak during the round ${rssPeak.toFixed(0)} MB`,
    );
    const p99 = pct(ackLat, 99);
    console.log(
      `crash cash-out ack p99 ${p99.toFixed(1)} ms (goal < 50 ms): ${p99 < 50 ? 'met' : 'NOT met'}`,
    );
    if (ackLat.length !== PLAYERS || betLat.length !== PLAYERS) failed = true;
  } finally {
    for (const ws of sockets) ws.terminate();
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await drop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
