import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CompleteLocale } from '@wps/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { outboxMessages, verificationCodes } from './schema.ts';
import {
  HttpSmsSender,
  type Mailer,
  OutboxMailer,
  OutboxSmsSender,
  type SmsSender,
  SmtpMailer,
} from './senders.ts';
import { SparrowSmsSender } from './sparrow.ts';

/** What a code is for. A code only works for the purpose (and address) it was sent for. */
export type CodePurpose = 'login' | 'noLogin' | 'register' | 'bindMobile' | 'bindEmail' | 'secondFactor';
export type CodeChannel = 'sms' | 'email';

/** SPEC `value.expiredMinutes`: the client counts down expiredMinutes × 60 s. */
export const CODE_TTL_MINUTES = 5;
/** Wrong guesses a code survives; 5 guesses at 10^-6 each keep brute force hopeless. */
export const CODE_MAX_ATTEMPTS = 5;

export interface IssueCodeInput {
  purpose: CodePurpose;
  channel: CodeChannel;
  destination: string;
  memberId?: number | null;
  locale: CompleteLocale;
}

export interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
  /**
   * A provider's delivery record (Sparrow SMS: `{provider, status: sending | sent | failed |
   * unknown, responseCode?, response?}`), so the console sees failures; null for outbox messages.
   */
  delivery: Record<string, unknown> | null;
}

/**
 * One-time codes by SMS or mail. Codes are random, single use, stored only as an HMAC, compared
 * in constant time, and die after a few wrong guesses or CODE_TTL_MINUTES.
 */
export class VerificationService {
  readonly sms: SmsSender;
  readonly mailer: Mailer;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    senders: { sms?: SmsSender; mailer?: Mailer } = {},
  ) {
    const log = pino({ level: config.logLevel, name: 'verification' });
    this.sms =
      senders.sms ??
      (config.sparrowSms
        ? new SparrowSmsSender(db, log, config.sparrowSms)
        : config.smsProviderUrl
          ? new HttpSmsSender(config.smsProviderUrl, config.smsProviderToken)
          : new OutboxSmsSender(db, log));
    this.mailer =
      senders.mailer ??
      (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db, log));
  }

  private hash(purpose: string, destination: string, code: string): Buffer {
    return createHmac('sha256', this.config.appSecret).update(`${purpose}\n${destination}\n${code}`).digest();
  }

  /** Creates a code, retires older ones for the same purpose and address, and delivers it. */
  async issue(input: IssueCodeInput): Promise<{ expiredMinutes: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(verificationCodes.purpose, input.purpose),
            eq(verificationCodes.destination, input.destination),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        memberId: input.memberId ?? null,
        codeHash: this.hash(input.purpose, input.destination, code).toString('hex'),
        expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      });
    });
    const text = translate(input.locale, 'smsCodeText', [code, CODE_TTL_MINUTES]);
    if (input.channel === 'sms') {
      await this.sms.send({ to: input.destination, text });
    } else {
      await this.mailer.send({
        to: input.destination,
        subject: translate(input.locale, 'mailCodeSubject'),
        text,
      });
    }
    return { expiredMinutes: CODE_TTL_MINUTES };
  }

  /**
   * Checks and consumes the latest code for (purpose, destination). Missing, wrong, used and
   * expired codes each get the spec's message. `memberId`, when given, must match the code's.
   */
  async consume(input: {
    purpose: CodePurpose;
    destination: string;
    code: string | null | undefined;
    memberId?: number;
  }): Promise<void> {
    const code = (input.code ?? '').trim();
    if (!code) {
      throw new AppError('VALIDATION', {
        messageKey: 'codeMissing',
        fields: { verificationCode: 'codeMissing' },
      });
    }
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, input.purpose),
          eq(verificationCodes.destination, input.destination),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    const invalid = () => new AppError('CODE_INVALID', { fields: { verificationCode: 'codeInvalid' } });
    if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw invalid();
    if (input.memberId !== undefined && row.memberId !== input.memberId) throw invalid();
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new AppError('CODE_EXPIRED', { fields: { verificationCode: 'codeExpired' } });
    }
    // The guess is reserved before the code is compared, in one conditional statement: parallel
    // guesses are counted one by one, and no more than CODE_MAX_ATTEMPTS are ever compared.
    const [reserved] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, row.id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      )
      .returning({ codeHash: verificationCodes.codeHash });
    if (!reserved) throw invalid();
    const expected = Buffer.from(reserved.codeHash, 'hex');
    const given = this.hash(input.purpose, input.destination, code.slice(0, 64));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    // Only one of two racing uses of the same code gets through.
    const used = await this.db
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (used.length === 0) throw invalid();
  }

  /** Mail something other than a code (the temporary password of forgot-by-email). */
  async mail(to: string, subject: string, text: string): Promise<void> {
    await this.mailer.send({ to, subject, text });
  }

  /** The default outbox, newest first (operator console; tests read codes from it). */
  async outbox(opts: { recipient?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
    const rows = await this.db
      .select({
        meta: outboxMessages.meta,
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        createdAt: outboxMessages.createdAt,
      })
      .from(outboxMessages)
      .where(opts.recipient ? eq(outboxMessages.recipient, opts.recipient) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(Math.min(Math.max(opts.limit ?? 50, 1), 500));
    return rows.map(({ meta, ...r }) => {
      // The dedupe key identifies a code's text: never shown.
      const { key: _key, ...delivery } = meta ?? {};
      return { ...r, delivery: meta?.provider ? delivery : null };
    });
  }

  close(): void {
    this.mailer.close?.();
  }
}
