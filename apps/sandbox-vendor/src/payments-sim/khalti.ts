import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifySchema } from 'fastify';
import { messagePage, payPage } from './page.ts';

/**
 * A local stand-in for Khalti's Web Checkout KPG-2 (issue 29), speaking only the documented
 * protocol (https://docs.khalti.com/khalti-epayment/): `POST /api/v2/epayment/initiate/` with
 * `Authorization: Key <secret>` answers pidx and payment_url; the payment page lets a person pay
 * or cancel and then sends the browser to return_url with pidx, transaction_id, tidx, txnId,
 * amount, total_amount, mobile, status, purchase_order_id and purchase_order_name; `POST
 * /api/v2/epayment/lookup/` answers the payment's state (Completed, Pending, Initiated, Refunded,
 * Expired, User canceled, Partially refunded), expiring links past expires_at.
 *
 * Failure modes, on the page and for tests: cancel (User canceled), let the link expire
 * (Expired), pay but tamper the return's amount, and through `setStatus` / `down` any state or
 * an outage.
 */
export const KHALTI_STATUS_VALUES = [
  'Completed',
  'Pending',
  'Initiated',
  'Refunded',
  'Expired',
  'User canceled',
  'Partially refunded',
] as const;
export type KhaltiSimStatus = (typeof KHALTI_STATUS_VALUES)[number];

const BRAND = 'Khalti';
const COLOUR = '#5c2d91';
/** The docs' example answers expires_in 1800: a payment link lives 30 minutes here. */
const LINK_SECONDS = 1800;

interface KhaltiPayment {
  pidx: string;
  amount: number;
  purchaseOrderId: string;
  purchaseOrderName: string;
  returnUrl: string;
  websiteUrl: string;
  status: KhaltiSimStatus;
  transactionId: string | null;
  expiresAt: Date;
}

export interface KhaltiSimulatorOptions {
  secretKey: string;
  /** The simulator's clock (tests move it to expire links). */
  now?: () => Date;
}

const pidxOf = () => randomBytes(16).toString('base64url').replace(/[-_]/g, 'x').slice(0, 22);

export class KhaltiSimulator {
  private readonly payments = new Map<string, KhaltiPayment>();
  /** While set, the lookup answers HTTP 503. */
  down = false;
  private readonly now: () => Date;

  constructor(readonly opts: KhaltiSimulatorOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  payment(pidx: string): Readonly<KhaltiPayment> | undefined {
    return this.payments.get(pidx);
  }

  setStatus(pidx: string, status: KhaltiSimStatus, amount?: number): void {
    const p = this.payments.get(pidx);
    if (!p) throw new Error(`khalti simulator: no payment ${pidx}`);
    p.status = status;
    if (amount !== undefined) p.amount = amount;
    if (status === 'Completed') p.transactionId ??= pidxOf();
  }

  /** Moves a link's expiry (tests). */
  expireAt(pidx: string, at: Date): void {
    const p = this.payments.get(pidx);
    if (p) p.expiresAt = at;
  }

  private live(p: KhaltiPayment): KhaltiPayment {
    if ((p.status === 'Initiated' || p.status === 'Pending') && this.now() > p.expiresAt)
      p.status = 'Expired';
    return p;
  }

  /** The return_url the browser is sent to after the page (tests call it without a browser). */
  returnUrl(pidx: string, opts: { tamperAmount?: number } = {}): string {
    const p = this.payments.get(pidx);
    if (!p) throw new Error(`khalti simulator: no payment ${pidx}`);
    const paid = p.status === 'Completed';
    const amount = String(opts.tamperAmount ?? p.amount);
    const q = new URLSearchParams({
      pidx: p.pidx,
      transaction_id: paid ? (p.transactionId ?? '') : '',
      tidx: paid ? (p.transactionId ?? '') : '',
      txnId: paid ? (p.transactionId ?? '') : '',
      amount,
      total_amount: amount,
      mobile: paid ? '98XXXXX001' : '',
      status: p.status,
      purchase_order_id: p.purchaseOrderId,
      purchase_order_name: p.purchaseOrderName,
    });
    return `${p.returnUrl}${p.returnUrl.includes('?') ? '&' : '?'}${q}`;
  }

  /** The person's "pay" on the page (tests): Completed, and the return URL. */
  pay(pidx: string, opts: { tamperAmount?: number } = {}): string {
    const p = this.payments.get(pidx);
    if (!p) throw new Error(`khalti simulator: no payment ${pidx}`);
    p.status = 'Completed';
    p.transactionId ??= pidxOf();
    return this.returnUrl(pidx, opts);
  }

  private authorised(header: unknown): boolean {
    const want = Buffer.from(`Key ${this.opts.secretKey}`);
    const got = Buffer.from(typeof header === 'string' ? header : '');
    return want.length === got.length && timingSafeEqual(want, got);
  }

  plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    const hide = { schema: { hide: true } as FastifySchema };
    const prefix = app.prefix;
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    const unauthorised = { detail: 'Invalid token.', status_code: 401 };

    app.post('/api/v2/epayment/initiate/', hide, async (req, reply) => {
      if (!this.authorised(req.headers.authorization)) return reply.status(401).send(unauthorised);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string[]> = {};
      for (const k of ['return_url', 'website_url', 'purchase_order_id', 'purchase_order_name']) {
        if (typeof b[k] !== 'string' || !(b[k] as string).trim()) errors[k] = ['This field is required.'];
      }
      for (const k of ['return_url', 'website_url']) {
        if (!errors[k] && !/^https?:\/\/[^\s]+$/.test(b[k] as string)) errors[k] = ['Enter a valid URL.'];
      }
      if (typeof b.amount !== 'number' || !Number.isInteger(b.amount))
        errors.amount = ['A valid integer is required.'];
      else if (b.amount < 1000) errors.amount = ['Amount should be greater than Rs. 10, that is 1000 paisa.'];
      if (Object.keys(errors).length)
        return reply.status(400).send({ ...errors, error_key: 'validation_error' });
      if (this.payments.size > 10_000) this.payments.clear();
      const pidx = pidxOf();
      const expiresAt = new Date(this.now().getTime() + LINK_SECONDS * 1000);
      this.payments.set(pidx, {
        pidx,
        amount: b.amount as number,
        purchaseOrderId: b.purchase_order_id as string,
        purchaseOrderName: b.purchase_order_name as string,
        returnUrl: b.return_url as string,
        websiteUrl: b.website_url as string,
        status: 'Initiated',
        transactionId: null,
        expiresAt,
      });
      return {
        pidx,
        payment_url: `${prefix}/pay/?pidx=${pidx}`,
        expires_at: expiresAt.toISOString(),
        expires_in: LINK_SECONDS,
      };
    });

    app.post('/api/v2/epayment/lookup/', hide, async (req, reply) => {
      if (!this.authorised(req.headers.authorization)) return reply.status(401).send(unauthorised);
      if (this.down) return reply.status(503).send({ detail: 'Service unavailable.' });
      const pidx = (req.body as { pidx?: unknown } | null)?.pidx;
      const p = typeof pidx === 'string' ? this.payments.get(pidx) : undefined;
      if (!p) return reply.status(404).send({ detail: 'Not found.', error_key: 'validation_error' });
      this.live(p);
      return {
        pidx: p.pidx,
        total_amount: p.amount,
        status: p.status,
        transaction_id: p.transactionId,
        fee: 0,
        refunded: p.status === 'Refunded' || p.status === 'Partially refunded',
      };
    });

    app.get('/pay/', hide, async (req, reply) => {
      const pidx = (req.query as { pidx?: unknown } | null)?.pidx;
      const p = typeof pidx === 'string' ? this.payments.get(pidx) : undefined;
      if (!p)
        return html(
          reply,
          404,
          messagePage(BRAND, COLOUR, 'Payment not found', 'This payment link is not valid.'),
        );
      this.live(p);
      if (p.status !== 'Initiated' && p.status !== 'Pending')
        return html(
          reply,
          409,
          messagePage(BRAND, COLOUR, 'Payment closed', `This payment is ${p.status}.`, {
            href: p.websiteUrl,
            label: 'Back to the merchant',
          }),
        );
      const base = `${prefix}/pay/${encodeURIComponent(p.pidx)}`;
      return html(
        reply,
        200,
        payPage({
          brand: BRAND,
          colour: COLOUR,
          title: `Pay NPR ${(p.amount / 100).toFixed(2)}`,
          lines: [
            ['Order', p.purchaseOrderName],
            ['Amount', `NPR ${(p.amount / 100).toFixed(2)}`],
            ['Payment id', p.pidx],
          ],
          buttons: [
            { action: `${base}/pay`, label: 'Pay with Khalti', tone: 'primary' },
            { action: `${base}/cancel`, label: 'Cancel payment', tone: 'danger' },
            { action: `${base}/expire`, label: 'Let the link expire' },
            { action: `${base}/tamper`, label: 'Pay, then tamper the return (test)' },
          ],
          note: 'A local simulator of Khalti KPG-2: no money moves. Test failure modes below the first two.',
        }),
      );
    });

    const act = (name: string, handle: (p: KhaltiPayment, reply: FastifyReply) => unknown) =>
      app.post(`/pay/:pidx/${name}`, hide, async (req, reply) => {
        const p = this.payments.get((req.params as { pidx: string }).pidx);
        if (!p)
          return html(
            reply,
            404,
            messagePage(BRAND, COLOUR, 'Payment not found', 'This payment link is not valid.'),
          );
        this.live(p);
        if (p.status !== 'Initiated' && p.status !== 'Pending')
          return html(
            reply,
            409,
            messagePage(BRAND, COLOUR, 'Payment closed', `This payment is ${p.status}.`),
          );
        return handle(p, reply);
      });
    act('pay', (p, reply) => reply.redirect(this.pay(p.pidx), 303));
    act('tamper', (p, reply) => reply.redirect(this.pay(p.pidx, { tamperAmount: p.amount * 10 }), 303));
    act('cancel', (p, reply) => {
      p.status = 'User canceled';
      return reply.redirect(this.returnUrl(p.pidx), 303);
    });
    act('expire', (p, reply) => {
      p.status = 'Expired';
      return html(
        reply,
        200,
        messagePage(
          BRAND,
          COLOUR,
          'Payment link expired',
          'This payment link has expired. Nothing was paid.',
          {
            href: p.websiteUrl,
            label: 'Back to the merchant',
          },
        ),
      );
    });
  };
}
