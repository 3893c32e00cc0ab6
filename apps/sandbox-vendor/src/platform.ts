import { createHmac } from 'node:crypto';

/**
 * The vendor's side of the seamless wallet API: every call is `POST {platform}/seamless/v1/{code}/{op}`
 * with `X-Signature: hex(HMAC-SHA256(secret, rawBody))`. This is the ONLY way the sandbox vendor
 * talks to the platform (plus the launch URL that brings the player here).
 *
 * Money calls behave like a careful real vendor:
 * - a call that times out, fails on the network or answers 5xx is retried with the SAME body (same
 *   txId), so the platform's idempotency pays it once;
 * - a bet still unconfirmed after the retries is abandoned: a rollback of its txId is sent (and
 *   retried in the background until the platform confirms it), and the player is told the bet failed;
 * - a win still unconfirmed is queued and retried in the background until the platform confirms it.
 */

export interface SeamlessAnswer {
  status: number;
  success: boolean;
  code: string;
  message: string;
  value: { username?: string; balance?: string; currency?: string; txId?: string; status?: string } | null;
}

export interface PlatformOptions {
  /** Base URL of the platform, e.g. http://127.0.0.1:8080 (read at call time: a port may be chosen at listen). */
  baseUrl: () => string;
  /** The seamless vendor code we sign as (the demo catalogue's `walletVendor`, SANDBOX). */
  walletVendor: string;
  /** The HMAC secret, read through the operator's channel (never a default); undefined = not configured. */
  secret: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts of one money call before it is abandoned (bet) or queued (win, rollback). */
  attempts?: number;
  /** Pause between attempts, doubling. */
  backoffMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export class NotConfiguredError extends Error {
  constructor() {
    super('the sandbox vendor has no seamless secret (see docs/games.md: sandbox vendor)');
  }
}

/** A money call the platform never confirmed. */
export class UnconfirmedError extends Error {
  constructor(
    readonly op: string,
    readonly txId: string,
  ) {
    super(`${op} ${txId} not confirmed by the platform`);
  }
}

/** An answer we must not retry: the platform understood and said no (4xx). */
const final = (a: SeamlessAnswer) => a.status < 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Platform {
  private readonly pending = new Map<string, { op: 'win' | 'rollback'; body: Record<string, string> }>();
  private retryTimer: NodeJS.Timeout | null = null;
  /** The HTTP client (swappable: the tests put a network that loses answers in front of the platform). */
  fetch: typeof fetch;

  constructor(private readonly opts: PlatformOptions) {
    this.fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** One signed call, one attempt (throws on timeout or network failure). */
  async call(op: string, body: Record<string, string>): Promise<SeamlessAnswer> {
    const secret = await this.opts.secret();
    if (!secret) throw new NotConfiguredError();
    const raw = JSON.stringify(body);
    const res = await this.fetch(`${this.opts.baseUrl()}/seamless/v1/${this.opts.walletVendor}/${op}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      body: raw,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8_000),
    });
    const text = await res.text();
    let json: Partial<SeamlessAnswer> = {};
    try {
      json = JSON.parse(text) as Partial<SeamlessAnswer>;
    } catch {
      json = { success: false, code: 'BAD_ANSWER', message: text.slice(0, 200), value: null };
    }
    return {
      status: res.status,
      success: json.success === true,
      code: json.code ?? 'BAD_ANSWER',
      message: json.message ?? '',
      value: json.value ?? null,
    };
  }

  /** Retries timeouts, network failures and 5xx with the same body; a 4xx or 2xx answer is final. */
  private async withRetries(op: string, body: Record<string, string>): Promise<SeamlessAnswer> {
    const attempts = this.opts.attempts ?? 3;
    let wait = this.opts.backoffMs ?? 300;
    for (let i = 1; ; i++) {
      try {
        const answer = await this.call(op, body);
        if (final(answer)) return answer;
        this.opts.log?.warn(
          { op, txId: body.txId, status: answer.status, attempt: i },
          'seamless call failed',
        );
      } catch (err) {
        if (err instanceof NotConfiguredError) throw err;
        this.opts.log?.warn({ op, txId: body.txId, err: String(err), attempt: i }, 'seamless call timed out');
      }
      if (i >= attempts) throw new UnconfirmedError(op, body.txId ?? '');
      await sleep(wait);
      wait *= 2;
    }
  }

  async session(launchToken: string): Promise<SeamlessAnswer> {
    return this.call('session', { launchToken });
  }

  async balance(username: string): Promise<SeamlessAnswer> {
    return this.call('balance', { username });
  }

  /**
   * Debits a bet. Unconfirmed after every retry: the bet is abandoned with a rollback (the
   * platform refuses a late arrival of that txId) and UnconfirmedError is thrown.
   */
  async bet(body: { txId: string; roundId: string; username: string; gameCode: string; amount: string }) {
    try {
      return await this.withRetries('bet', body);
    } catch (err) {
      if (err instanceof UnconfirmedError) {
        await this.rollback({ txId: `${body.txId}:rb`, refTxId: body.txId, username: body.username });
      }
      throw err;
    }
  }

  /** Credits a win; unconfirmed, it is queued and retried until the platform answers. */
  async win(body: { txId: string; roundId: string; username: string; amount: string }) {
    try {
      return await this.withRetries('win', body);
    } catch (err) {
      if (err instanceof UnconfirmedError) this.queue('win', body);
      throw err;
    }
  }

  /** Reverses a bet; unconfirmed, it is queued and retried until the platform answers. */
  async rollback(body: { txId: string; refTxId: string; username: string }) {
    try {
      return await this.withRetries('rollback', body);
    } catch (err) {
      if (err instanceof UnconfirmedError) this.queue('rollback', body);
      throw err;
    }
  }

  private queue(op: 'win' | 'rollback', body: Record<string, string>) {
    this.pending.set(`${op}:${body.txId}`, { op, body });
    this.opts.log?.error({ op, txId: body.txId }, 'seamless call queued for retry');
    if (!this.retryTimer) {
      this.retryTimer = setInterval(() => void this.flush(), 5_000);
      this.retryTimer.unref();
    }
  }

  /** Retries every queued win and rollback once; answers how many are still waiting. */
  async flush(): Promise<number> {
    for (const [key, { op, body }] of [...this.pending]) {
      try {
        const a = await this.call(op, body);
        if (final(a)) this.pending.delete(key);
      } catch {
        // still unreachable: next round
      }
    }
    if (this.pending.size === 0 && this.retryTimer) {
      clearInterval(this.retryTimer);
      this.retryTimer = null;
    }
    return this.pending.size;
  }

  get queued(): number {
    return this.pending.size;
  }

  close() {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
  }
}
