import { randomBytes } from 'node:crypto';
import type { CrashServerFrame } from '@wps/contract';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { CrashService } from './crash-service.ts';

/** pg_advisory_lock key of the crash loop ("CRSH"). */
export const CRASH_LOCK_KEY = 0x43525348;
export const CRASH_CHANNEL = 'crash_events';
/** application_name of every instance's crash connection (`wps-crash:<pid>`), for operators and tests. */
export const CRASH_APPLICATION_NAME = 'wps-crash';

export interface CrashDriverOptions {
  /** The leader's loop pace. */
  tickMs: number;
  /** How often a follower tries the lock. */
  retryMs: number;
  /** After the connection is lost: the first wait before reconnecting, doubled each failure up to the max. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /**
   * How often the connection is checked (one query) and the database's clock read again; an
   * answer that takes twice this long counts as a lost connection.
   */
  heartbeatMs?: number;
  /** The crash connection's own URL (tests put a proxy in between); the database's by default. */
  url?: string;
}

const DEFAULTS = { reconnectMinMs: 100, reconnectMaxMs: 5000, heartbeatMs: 5000 };
/** A clock sample is trusted when its round trip is under this (or under twice the trusted one's). */
const CLOCK_RTT_OK_MS = 20;

/**
 * Drives the crash loop. Embedded PGlite is one process: it is simply the leader. On PostgreSQL
 * every instance holds one connection of its own: it LISTENs there for the leader's frames and
 * keeps trying the session advisory lock on it; the one that holds the lock draws a leader epoch
 * and drives rounds, NOTIFYing each frame.
 *
 * Leadership lasts exactly as long as that connection: on its `error` or `end` (the server
 * restarted, an idle timeout, a network blip, pg_terminate_backend) the leader steps down at
 * once — its loop stops, its state of the round is dropped — and, like a follower whose
 * connection dropped, reconnects with backoff, LISTENs again, reads the current round afresh and
 * contends for the lock again. A leader that lost the lock without noticing (its connection
 * silently cut) is stopped by the epoch fence on the round rows: its next round write is refused
 * and it steps down the same way. The heartbeat also catches a silent cut, a little later.
 */
export class CrashDriver {
  /** Names this instance in relayed frames, so it skips its own. */
  readonly instance = `${process.pid}-${randomBytes(4).toString('hex')}`;
  /** The crash connection's backend pid (null while disconnected): the one a test terminates. */
  backendPid: number | null = null;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The connection whose heartbeat is awaiting its answer (a cut one may never answer). */
  private beating: pg.Client | null = null;
  private backoffMs: number;
  /** Bumped whenever the loop must stop; a loop turn of an older generation does not go on. */
  private loopGen = 0;
  /** Round trip of the sample the clock offset was taken from. */
  private clockRttMs = Number.POSITIVE_INFINITY;
  private stopped = false;
  private readonly opts: Required<Omit<CrashDriverOptions, 'url'>> & { url?: string | undefined };

  constructor(
    private readonly crash: CrashService,
    private readonly database: Database,
    opts: CrashDriverOptions = { tickMs: 50, retryMs: 2000 },
  ) {
    this.opts = { ...DEFAULTS, ...opts };
    this.backoffMs = this.opts.reconnectMinMs;
  }

  /** Whether this instance holds the lock connection and leads. */
  get leading(): boolean {
    return this.crash.leader && this.client !== null;
  }

  async start(): Promise<void> {
    if (this.database.kind !== 'postgres' || !this.database.url) {
      this.crash.leader = true;
      this.loop();
      return;
    }
    this.crash.leader = false;
    this.crash.publish = (frame, memberId) => {
      // The leader relays every frame; a follower only what it settled itself (a cash-out taken
      // here reaches the member's tabs on the other instances).
      if (!this.crash.leader && frame.t !== 'settled') return;
      const payload = JSON.stringify({
        from: this.instance,
        frame,
        ...(memberId === undefined ? {} : { memberId }),
      });
      // Through the pool: the LISTEN connection must not run queries side by side.
      void this.database.query('select pg_notify($1, $2)', [CRASH_CHANNEL, payload]).catch(() => undefined);
    };
    this.crash.onFenced = () => this.lose(this.client);
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.opts.url ?? this.database.url,
      application_name: `${CRASH_APPLICATION_NAME}:${process.pid}`,
      keepAlive: true,
    });
    const lost = () => this.lose(client);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => this.onNotice(n.payload));
    this.client = client;
    try {
      await client.connect();
      const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (client !== this.client) return;
      this.backendPid = pid.rows[0]?.pid ?? null;
      await this.syncClock(client, 3);
      await client.query(`LISTEN ${CRASH_CHANNEL}`);
      // Whatever was missed while disconnected: the current round, read afresh.
      await this.crash.resync();
      if (client !== this.client) return;
      this.backoffMs = this.opts.reconnectMinMs;
      this.heartbeat = setInterval(() => void this.beat(client), this.opts.heartbeatMs);
      this.heartbeat.unref();
      await this.tryLead(client);
    } catch {
      this.lose(client);
    }
  }

  /** The connection is gone (or must go): step down at once, then reconnect with backoff. */
  private lose(client: pg.Client | null): void {
    if (!client || client !== this.client) return;
    this.client = null;
    this.backendPid = null;
    for (const t of [this.retry, this.heartbeat]) if (t) clearTimeout(t);
    this.retry = null;
    this.heartbeat = null;
    this.stepDown();
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped || this.reconnect) return;
    const wait = this.backoffMs * (1 + Math.random() * 0.5);
    this.backoffMs = Math.min(this.backoffMs * 2, this.opts.reconnectMaxMs);
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.connect();
    }, wait);
    this.reconnect.unref();
  }

  private stepDown(): void {
    this.loopGen++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.crash.leader) this.crash.stepDown();
  }

  private async tryLead(client: pg.Client): Promise<void> {
    this.retry = null;
    if (this.stopped || client !== this.client) return;
    let ok = false;
    try {
      const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        CRASH_LOCK_KEY,
      ]);
      ok = r.rows[0]?.ok === true;
    } catch {
      return this.lose(client);
    }
    if (client !== this.client) return; // lost meanwhile: the lock, if taken, went with it
    if (!ok) {
      this.retry = setTimeout(() => void this.tryLead(client), this.opts.retryMs);
      this.retry.unref();
      return;
    }
    try {
      await this.crash.lead();
    } catch {
      // No epoch, no leading: dropping the connection releases the lock for another instance.
      return this.lose(client);
    }
    if (client !== this.client) {
      this.crash.stepDown();
      return;
    }
    this.loop();
  }

  private loop(): void {
    const gen = ++this.loopGen;
    const run = () => {
      if (this.stopped || gen !== this.loopGen) return;
      this.crash
        .tick()
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped && gen === this.loopGen && this.crash.leader)
            this.timer = setTimeout(run, this.opts.tickMs);
        });
    };
    run();
  }

  private onNotice(payload: string | undefined): void {
    if (!payload) return;
    let msg: { from?: string; frame: CrashServerFrame; memberId?: number };
    try {
      msg = JSON.parse(payload) as typeof msg;
    } catch {
      return; // a garbled payload is skipped
    }
    if (msg.from === this.instance) return;
    // Round frames come from the leader; a leader hearing another's (one that has not noticed it
    // lost the lock yet) ignores them: the fence stops that one at its next round write.
    if (this.crash.leader && msg.frame.t !== 'settled') return;
    void this.crash.apply(msg.frame, msg.memberId).catch(() => undefined);
  }

  /** A query on the crash connection: it proves the connection alive and reads the database's clock. */
  private async beat(client: pg.Client): Promise<void> {
    if (client !== this.client || this.beating === client) return;
    this.beating = client;
    const silent = setTimeout(() => this.lose(client), this.opts.heartbeatMs * 2);
    try {
      await this.syncClock(client, 1);
    } catch {
      this.lose(client);
    } finally {
      clearTimeout(silent);
      if (this.beating === client) this.beating = null;
    }
  }

  /**
   * The database's clock as an offset to this process's, NTP-style: the sample with the
   * shortest round trip, read at its middle. Every bet, cash-out and round time is judged on it.
   */
  private async syncClock(client: pg.Client, samples: number): Promise<void> {
    let best: { rtt: number; offset: number } | null = null;
    for (let i = 0; i < samples; i++) {
      const t0 = this.crash.clock.now();
      const r = await client.query<{ ms: number }>(
        'select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms',
      );
      const t1 = this.crash.clock.now();
      const rtt = t1 - t0;
      const offset = Number(r.rows[0]!.ms) - (t0 + t1) / 2;
      if (!best || rtt < best.rtt) best = { rtt, offset };
    }
    if (!best) return;
    if (!this.crash.clockSynced || best.rtt <= Math.max(CLOCK_RTT_OK_MS, this.clockRttMs * 2)) {
      this.crash.clockOffsetMs = best.offset;
      this.crash.clockSynced = true;
      this.clockRttMs = best.rtt;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.loopGen++;
    for (const t of [this.timer, this.retry, this.reconnect, this.heartbeat]) if (t) clearTimeout(t);
    this.timer = this.retry = this.reconnect = this.heartbeat = null;
    if (this.database.kind !== 'postgres') return;
    this.crash.publish = null;
    this.crash.onFenced = null;
    if (this.crash.leader) this.crash.stepDown();
    const client = this.client;
    this.client = null;
    this.backendPid = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
