import type { CrashServerFrame } from '@wps/contract';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { CrashService } from './crash-service.ts';

/** pg_advisory_lock key of the crash loop ("CRSH"). */
export const CRASH_LOCK_KEY = 0x43525348;
export const CRASH_CHANNEL = 'crash_events';

/**
 * Drives the crash loop. Embedded PGlite is one process: it is simply the leader. On PostgreSQL
 * every instance holds its own connection: the one that gets the session advisory lock drives
 * rounds and NOTIFYs each frame; the others LISTEN and relay to their sockets, and keep trying
 * the lock, so when the leader dies (its connection, and with it the lock, goes) one takes over.
 */
export class CrashDriver {
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private client: pg.Client | null = null;
  private stopped = false;

  constructor(
    private readonly crash: CrashService,
    private readonly database: Database,
    private readonly opts: { tickMs: number; retryMs: number } = { tickMs: 50, retryMs: 2000 },
  ) {}

  async start(): Promise<void> {
    if (this.database.kind !== 'postgres' || !this.database.url) {
      this.crash.leader = true;
      this.loop();
      return;
    }
    const client = new pg.Client({ connectionString: this.database.url });
    client.on('error', () => {
      /* a lost connection ends leadership; the retry below reconnects */
    });
    await client.connect();
    this.client = client;
    await client.query(`LISTEN ${CRASH_CHANNEL}`);
    client.on('notification', (n) => {
      if (this.crash.leader || !n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as { frame: CrashServerFrame; memberId?: number };
        void this.crash.apply(msg.frame, msg.memberId);
      } catch {
        /* a garbled payload is skipped */
      }
    });
    this.crash.publish = (frame, memberId) => {
      if (!this.crash.leader) return;
      const payload = JSON.stringify(memberId === undefined ? { frame } : { frame, memberId });
      // Through the pool: the LISTEN connection must not run queries side by side.
      void this.database.query('select pg_notify($1, $2)', [CRASH_CHANNEL, payload]).catch(() => undefined);
    };
    await this.tryLead();
  }

  private async tryLead(): Promise<void> {
    if (this.stopped || !this.client) return;
    const r = await this.client
      .query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [CRASH_LOCK_KEY])
      .catch(() => ({ rows: [{ ok: false }] }));
    if (r.rows[0]?.ok) {
      this.crash.leader = true;
      this.loop();
    } else {
      this.crash.leader = false;
      this.retry = setTimeout(() => void this.tryLead(), this.opts.retryMs);
    }
  }

  private loop(): void {
    const run = () => {
      if (this.stopped) return;
      this.crash
        .tick()
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(run, this.opts.tickMs);
        });
    };
    run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retry) clearTimeout(this.retry);
    this.crash.publish = null;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
