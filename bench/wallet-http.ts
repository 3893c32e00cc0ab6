/** The HTTP side of bench:wallet: the real server process and signed bet requests from autocannon. */
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { startSourceServer } from './lib/source-server.ts';
import type { RunStats } from './lib/stats.ts';

const CLIENTS = 32;
const SECRET = 'bench-sandbox-secret';

export { freePort } from './lib/built-server.ts';

/** The server on the bench's database, with the sandbox vendor's secret for signed calls. */
export const startServer = (url: string, port: number): Promise<ChildProcess> =>
  startSourceServer(url, port, { SANDBOX_VENDOR_SECRET: SECRET });

export async function httpRun(
  port: number,
  pick: (i: number) => string,
  prefix: string,
  run: { seconds: number } | { requests: number },
): Promise<RunStats> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CLIENTS,
    ...('seconds' in run ? { duration: run.seconds } : { amount: run.requests }),
    requests: [
      {
        method: 'POST',
        path: '/seamless/v1/SANDBOX/bet',
        setupRequest: (req) => {
          const i = n++;
          const body = JSON.stringify({
            txId: `${prefix}-${i}`,
            roundId: `${prefix}-r${i}`,
            username: pick(i),
            gameCode: 'bench',
            amount: '1.00',
          });
          return {
            ...req,
            body,
            headers: {
              'content-type': 'application/json',
              'x-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
            },
          };
        },
      },
    ],
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `HTTP run ${prefix}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    rate: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    count: result['2xx'],
  };
}
