import { AppError } from '../../http/errors.ts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from './schema.ts';

export interface SmsMessage {
  /** `+977 9812345678` */
  to: string;
  text: string;
}
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends text messages. The app never cares which provider is behind it. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Sends mail. */
export interface Mailer {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export interface LineLogger {
  info(obj: Record<string, unknown>, msg: string): void;
}

/**
 * The default provider when none is configured: the message lands in the `outbox_messages` table
 * (the operator console lists it, so the demo works offline) and a log line is written.
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: LineLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insert(outboxMessages)
      .values({ channel: 'sms', recipient: message.to, body: message.text });
    this.log.info({ channel: 'sms', to: message.to }, 'sms queued in outbox');
  }
}

export class OutboxMailer implements Mailer {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: LineLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
    this.log.info({ channel: 'email', to: message.to }, 'mail queued in outbox');
  }
}

/**
 * A generic HTTP SMS gateway: `POST SMS_PROVIDER_URL` with JSON `{to, text}` and
 * `Authorization: Bearer SMS_PROVIDER_TOKEN`; any 2xx is accepted. Most gateways take this shape
 * (or a small relay in front of them does).
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // 402 (no credit) and 429 (sending quota) are the provider's quota answers: SPEC §8 'Quota'.
    if (res.status === 402 || res.status === 429) throw new AppError('QUOTA_EXCEEDED');
    if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
  }
}

/** SMTP through nodemailer; `SMTP_URL` like `smtp://user:pass@mail.example.com:587`. */
export class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transport.close();
  }
}
