import pg from 'pg';

export interface ChannelEvents {
  notice(payload: string | undefined): void;
  /** Listening (the first time, or again after a loss): notices sent while it was down are gone. */
  up?(): void;
  /** The connection was lost; another is tried after the retry delay until `close()`. */
  down?(): void;
}

/**
 * `LISTEN <channel>` on a PostgreSQL connection of its own that comes back by itself: a lost
 * connection (server restart, network) says `down`, a new one is tried every `retryMs`, and
 * `up` says when it listens again. One mechanism for every cross-instance channel (the session
 * cache's `wps_auth`, live support's `wps_support`); what a lost notice means is the caller's.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly on: ChannelEvents,
    private readonly retryMs: number,
  ) {}

  /** Resolves once listening, or once the first attempt failed (the retries go on behind). */
  start(): Promise<void> {
    return this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    const again = () => {
      if (this.client === client) this.client = null;
      this.on.down?.();
      client.removeAllListeners();
      void client.end().catch(() => undefined);
      if (!this.closed && !this.retry) {
        this.retry = setTimeout(() => {
          this.retry = null;
          void this.connect();
        }, this.retryMs);
        this.retry.unref();
      }
    };
    try {
      client.on('error', again);
      client.on('end', again);
      client.on('notification', (n) => this.on.notice(n.payload));
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) {
        // Closed while this connection was on its way: it is nobody's.
        client.removeAllListeners();
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.on.up?.();
    } catch {
      again();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const c = this.client;
    this.client = null;
    c?.removeAllListeners();
    await c?.end().catch(() => undefined);
  }
}
