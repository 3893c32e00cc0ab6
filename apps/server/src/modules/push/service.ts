import { createECDH } from 'node:crypto';
import {
  type CompleteLocale,
  PUSH_SUBSCRIPTIONS_MAX,
  type PushKey,
  type PushNotification,
  type PushSubscribeInput,
} from '@wps/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pino } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { pushSubscriptions } from './schema.ts';
import { fetchTransport, type PushTransport, sendPush } from './sender.ts';

/** A key the browser gave that is no point on P-256 would make every send to it fail: refused at once. */
function isP256Point(b64: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(b64, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Web Push to members' devices (issue 31): the subscriptions (at most PUSH_SUBSCRIPTIONS_MAX per
 * member, the oldest dropped) and the sending. Sending is never part of a caller's transaction and
 * never fails the caller: `dispatch` runs it in the background, logs what goes wrong, and a push
 * service's "gone" (404/410) deletes the subscription. Off (no VAPID subject) it stores nothing.
 */
export class PushService {
  /** Where requests go; tests replace it with a stand-in push service. */
  transport: PushTransport = fetchTransport;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log;

  constructor(
    private readonly db: Db,
    private readonly config: Config['webPush'],
    logLevel: string,
  ) {
    this.log = pino({ level: logLevel, name: 'push' });
  }

  get enabled(): boolean {
    return this.config.subject !== null;
  }

  key(): PushKey {
    return { enabled: this.enabled, publicKey: this.enabled ? this.config.publicKey : null };
  }

  /**
   * This device for this member. An endpoint already known (the same device, perhaps another
   * account before) now belongs to the caller: a device notifies whoever subscribed on it last.
   */
  async subscribe(memberId: number, input: PushSubscribeInput, locale: CompleteLocale): Promise<void> {
    if (!this.enabled) throw new AppError('NOT_ENABLED');
    if (!isP256Point(input.keys.p256dh)) {
      throw new AppError('VALIDATION', { fields: { 'keys.p256dh': 'badRequest' } });
    }
    const values = {
      memberId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      locale,
      createdAt: new Date(),
    };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      const keep = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, memberId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(PUSH_SUBSCRIPTIONS_MAX);
      await tx.delete(pushSubscriptions).where(
        and(
          eq(pushSubscriptions.memberId, memberId),
          notInArray(
            pushSubscriptions.id,
            keep.map((k) => k.id),
          ),
        ),
      );
    });
  }

  /** Only the caller's own device: another member's endpoint is left alone, and the answer is the same. */
  async unsubscribe(memberId: number, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async count(memberId: number): Promise<number> {
    const rows = await this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId));
    return rows.length;
  }

  /**
   * Runs `task` in the background (after the caller's commit: callers dispatch once their
   * transaction is done). A failure is logged, never thrown into the caller.
   */
  dispatch(task: () => Promise<void>): void {
    const p: Promise<void> = task()
      .catch((err: unknown) => this.log.warn({ err }, 'push task failed'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Resolves once every dispatched task has finished (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Sends one notification, in the language each device subscribed in, to all of a member's devices. */
  async notifyMember(
    memberId: number,
    build: (locale: CompleteLocale) => PushNotification,
    topic?: string,
  ): Promise<void> {
    const subject = this.config.subject;
    if (subject === null) return;
    const vapid = { subject, publicKey: this.config.publicKey, privateKey: this.config.privateKey };
    const subs = await this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId));
    await Promise.all(
      subs.map(async (s) => {
        try {
          const status = await sendPush(s, build(s.locale as CompleteLocale), vapid, this.transport, topic);
          if (status === 404 || status === 410) {
            // The browser dropped the subscription (unsubscribed, site data cleared): forget it.
            await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
          } else if (status >= 400) {
            this.log.warn({ status, subscription: s.id }, 'push service refused a message');
          }
        } catch (err) {
          this.log.warn({ err, subscription: s.id }, 'push not delivered');
        }
      }),
    );
  }
}
