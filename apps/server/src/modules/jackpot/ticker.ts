import type { JackpotPool } from '@wps/contract';

/** What one ticker socket is told: the enabled pools and what each holds on the ledger now. */
export interface JackpotFrame {
  t: 'pools';
  pools: JackpotPool[];
}
type Send = (frame: string) => void;

/**
 * The jackpot ticker's push (issue 31: the figure is pushed, not animated). One reader per
 * instance, not one per player: while any socket is open it reads the pools every `everyMs`
 * and sends the frame to every socket only when it changed. Each instance reads the ledger
 * itself, so no cross-instance channel is needed: every instance's sockets see the same books.
 * A socket gets the current figure as soon as it opens.
 */
export class JackpotTicker {
  private readonly sockets = new Set<Send>();
  private timer: NodeJS.Timeout | null = null;
  private last: string | null = null;
  private reading: Promise<string | null> | null = null;

  constructor(
    private readonly readPools: () => Promise<{ pools: JackpotPool[] }>,
    private readonly everyMs: number,
  ) {}

  get size(): number {
    return this.sockets.size;
  }

  /**
   * Adds a socket (how many may be open is the route's `SocketGate`). The returned remover is safe
   * to call twice.
   */
  add(send: Send): () => void {
    this.sockets.add(send);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.everyMs);
      this.timer.unref();
    }
    void this.read().then((frame) => {
      if (frame && this.sockets.has(send)) send(frame);
    });
    return () => {
      this.sockets.delete(send);
      if (this.sockets.size === 0) this.stop();
    };
  }

  /** Reads now and pushes if the pools changed (also what the timer does). */
  async tick(): Promise<void> {
    // A read in flight (a socket's first) settles first: its figure is already on its way out.
    if (this.reading) await this.reading;
    const before = this.last;
    const frame = await this.read();
    if (frame === null || frame === before) return;
    for (const send of this.sockets) {
      try {
        send(frame);
      } catch {
        /* a socket closing under us must not stop the others */
      }
    }
  }

  close(): void {
    this.sockets.clear();
    this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // With nobody listening the last figure goes stale: the next socket reads afresh.
    this.last = null;
  }

  /** One read at a time: a slow database is not asked again before it answered. */
  private read(): Promise<string | null> {
    this.reading ??= this.readPools()
      .then((v) => {
        const frame: JackpotFrame = { t: 'pools', pools: v.pools };
        this.last = JSON.stringify(frame);
        return this.last;
      })
      // The database away: the sockets keep the last figure; the next tick tries again.
      .catch(() => this.last)
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
