import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { outboxMessages } from './schema.ts';
import type { SmsMessage, SmsSender } from './senders.ts';

/**
 * Sparrow SMS (Nepal), API v2. Protocol, from Sparrow's own documentation
 * (https://github.com/sparrowsms/apidocs/blob/master/docs/outgoing_sendsms.md, published at
 * http://docs.sparrowsms.com/en/latest/outgoing_sendsms/): `GET|POST {url}` with the fields
 * `token`, `from` (the identity Sparrow assigned), `to` (comma-separated 10-digit mobile numbers)
 * and `text`. Success is HTTP 200 with `{"count", "response_code": 200, "response"}`; a refusal is
 * HTTP 403 with `{"response_code", "response"}`: 1000 missing field, 1001 invalid IP, 1002 invalid
 * token, 1003/1004 account inactive, 1005/1006 account expired, 1007 invalid receiver, 1008 invalid
 * sender, 1010 empty text, 1011 no valid receiver, 1012 no credits, 1013 insufficient credits.
 */
export const SPARROW_CODES: Record<number, string> = {
  1000: 'A required field is missing',
  1001: 'Invalid IP Address',
  1002: 'Invalid Token',
  1003: 'Account Inactive',
  1004: 'Account Inactive',
  1005: 'Account has been expired',
  1006: 'Account has been expired',
  1007: 'Invalid Receiver',
  1008: 'Invalid Sender',
  1010: 'Text cannot be empty',
  1011: 'No valid receiver',
  1012: 'No Credits Available',
  1013: 'Insufficient Credits',
};
const CREDIT_ERRORS = new Set([1012, 1013]);

export interface SmsLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** `+977 9812345678` → `9812345678` (Sparrow takes 10-digit Nepali numbers). */
export function sparrowNumber(to: string): string {
  const digits = to.replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('977') ? digits.slice(3) : digits;
}

/** The console shows what went out, never a code: digit runs are masked. */
const masked = (text: string) => text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length));

/**
 * Each message is recorded in `outbox_messages` (the console's SMS list) with its delivery state
 * in `meta`: sending → sent | failed (Sparrow's code and text) | unknown (no answer: Sparrow may
 * have queued it). A message already sent or unknown is never sent again: a retry of the same
 * text to the same number (the same code) is skipped, so a player never gets a code twice; only a
 * definite refusal may be retried.
 */
export class SparrowSmsSender implements SmsSender {
  readonly name = 'sparrow';
  constructor(
    private readonly db: Db,
    private readonly log: SmsLogger,
    private readonly opts: { token: string; from: string; url: string; timeoutMs?: number },
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const key = createHash('sha256').update(`${message.to}\n${message.text}`).digest('hex');
    const [seen] = await this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.channel, 'sms'),
          eq(outboxMessages.recipient, message.to),
          sql`${outboxMessages.meta}->>'key' = ${key}`,
          sql`${outboxMessages.meta}->>'status' in ('sending', 'sent', 'unknown')`,
        ),
      )
      .limit(1);
    if (seen) {
      this.log.info(
        { channel: 'sms', provider: 'sparrow', outboxId: seen.id },
        'sms already sent: not sent twice',
      );
      return;
    }
    const [row] = await this.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        recipient: message.to,
        body: masked(message.text),
        meta: { provider: 'sparrow', key, status: 'sending' },
      })
      .returning({ id: outboxMessages.id });
    const mark = (meta: Record<string, unknown>) =>
      this.db
        .update(outboxMessages)
        .set({ meta: { provider: 'sparrow', key, ...meta } })
        .where(eq(outboxMessages.id, row!.id));

    let res: Response;
    try {
      res = await fetch(this.opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: this.opts.token,
          from: this.opts.from,
          to: sparrowNumber(message.to),
          text: message.text,
        }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      await mark({ status: 'unknown', error: String((err as Error).message ?? err).slice(0, 200) });
      this.log.warn(
        { channel: 'sms', provider: 'sparrow', to: message.to },
        'sms delivery unknown: no answer from Sparrow',
      );
      throw new Error('Sparrow SMS did not answer');
    }
    const body = (await res.json().catch(() => null)) as {
      response_code?: unknown;
      response?: unknown;
    } | null;
    const code = typeof body?.response_code === 'number' ? body.response_code : null;
    if (res.status === 200 && code === 200) {
      await mark({ status: 'sent', responseCode: 200, response: String(body?.response ?? '').slice(0, 200) });
      this.log.info({ channel: 'sms', provider: 'sparrow', to: message.to }, 'sms sent');
      return;
    }
    const reason =
      code !== null ? (SPARROW_CODES[code] ?? String(body?.response ?? '')) : `HTTP ${res.status}`;
    await mark({ status: 'failed', responseCode: code ?? res.status, response: reason.slice(0, 200) });
    this.log.warn(
      {
        channel: 'sms',
        provider: 'sparrow',
        to: message.to,
        responseCode: code ?? res.status,
        response: reason,
      },
      'sms delivery failed',
    );
    // No credit is the provider's quota answer: SPEC §8 'Quota', as for the generic adapter.
    if (code !== null && CREDIT_ERRORS.has(code)) throw new AppError('QUOTA_EXCEEDED');
    throw new Error(`Sparrow SMS refused the message: ${code ?? res.status} ${reason}`);
  }
}
