import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifySchema } from 'fastify';
import { esc, messagePage, payPage } from './page.ts';

/**
 * A local stand-in for eSewa ePay v2 (issue 29), speaking only the documented protocol
 * (https://developer.esewa.com.np/pages/Epay-V2): it takes the merchant's signed form at
 * `/api/epay/main/v2/form` (and refuses a bad signature, as eSewa does), shows a payment page on
 * which a person pays or cancels, sends the browser to success_url with the base64 JSON `data`
 * signed over its signed_field_names, or to failure_url, and answers the status check at
 * `/api/epay/transaction/status/`. It holds the merchant's secret key, as eSewa does.
 *
 * Failure modes, on the page and for tests: cancel (CANCELED), let the session expire
 * (NOT_FOUND), pay but tamper the return's amount (the signature no longer matches; eSewa's own
 * record stays right), and through `setStatus` / `down` any status or an outage.
 */
export const ESEWA_STATUS_VALUES = [
  'PENDING',
  'COMPLETE',
  'FULL_REFUND',
  'PARTIAL_REFUND',
  'AMBIGUOUS',
  'NOT_FOUND',
  'CANCELED',
] as const;
export type EsewaSimStatus = (typeof ESEWA_STATUS_VALUES)[number];

const BRAND = 'eSewa';
const COLOUR = '#41a124';
const REQUIRED = [
  'amount',
  'tax_amount',
  'total_amount',
  'transaction_uuid',
  'product_code',
  'product_service_charge',
  'product_delivery_charge',
  'success_url',
  'failure_url',
  'signed_field_names',
  'signature',
] as const;
const CALLBACK_SIGNED =
  'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

interface EsewaTxn {
  uuid: string;
  productCode: string;
  /** As the form sent it ("500.00"): eSewa's record of the amount. */
  totalAmount: string;
  successUrl: string;
  failureUrl: string;
  status: EsewaSimStatus;
  refId: string | null;
}

export interface EsewaSimulatorOptions {
  secretKey: string;
  productCode: string;
}

export const esewaSignature = (secret: string, fields: Record<string, string>, names: string): string =>
  createHmac('sha256', secret)
    .update(
      names
        .split(',')
        .map((n) => `${n}=${fields[n] ?? ''}`)
        .join(','),
    )
    .digest('base64');

/** eSewa writes amounts with one decimal in its answers ("500.0"). */
const oneDecimal = (amount: string): string => {
  const n = Number(amount);
  return Number.isFinite(n) ? (Number.isInteger(n) ? n.toFixed(1) : String(n)) : amount;
};

export class EsewaSimulator {
  private readonly txns = new Map<string, EsewaTxn>();
  /** While set, the status check answers eSewa's outage message. */
  down = false;

  constructor(readonly opts: EsewaSimulatorOptions) {}

  /** A transaction's record (tests). */
  transaction(uuid: string): Readonly<EsewaTxn> | undefined {
    return this.txns.get(uuid);
  }

  /** Sets what the status check will answer (tests: refunds, AMBIGUOUS, a different amount). */
  setStatus(uuid: string, status: EsewaSimStatus, totalAmount?: string): void {
    const t = this.txns.get(uuid);
    if (!t) {
      this.txns.set(uuid, {
        uuid,
        productCode: this.opts.productCode,
        totalAmount: totalAmount ?? '0',
        successUrl: '',
        failureUrl: '',
        status,
        refId: status === 'COMPLETE' ? this.ref() : null,
      });
      return;
    }
    t.status = status;
    if (totalAmount !== undefined) t.totalAmount = totalAmount;
    if (status === 'COMPLETE' && !t.refId) t.refId = this.ref();
  }

  /** The person's "pay" on the page, without a browser: the success redirect's URL (tests). */
  pay(uuid: string, opts: { tamperAmount?: string } = {}): string {
    const t = this.txns.get(uuid);
    if (!t) throw new Error(`esewa simulator: no session ${uuid}`);
    t.status = 'COMPLETE';
    t.refId ??= this.ref();
    return this.successUrl(t, opts.tamperAmount);
  }

  private ref(): string {
    return randomBytes(4).toString('hex').toUpperCase().slice(0, 7);
  }

  /** success_url?data=<base64 JSON>, the JSON written as eSewa writes it (total_amount 500.0, a number). */
  private successUrl(t: EsewaTxn, tamperAmount?: string): string {
    const signedValues: Record<string, string> = {
      transaction_code: t.refId ?? '',
      status: t.status,
      total_amount: oneDecimal(t.totalAmount),
      transaction_uuid: t.uuid,
      product_code: t.productCode,
      signed_field_names: CALLBACK_SIGNED,
    };
    const signature = esewaSignature(this.opts.secretKey, signedValues, CALLBACK_SIGNED);
    const amountText = tamperAmount ?? signedValues.total_amount!;
    const json = `{"transaction_code":${JSON.stringify(signedValues.transaction_code)},"status":"${t.status}","total_amount":${amountText},"transaction_uuid":${JSON.stringify(t.uuid)},"product_code":${JSON.stringify(t.productCode)},"signed_field_names":"${CALLBACK_SIGNED}","signature":"${signature}"}`;
    const data = Buffer.from(json, 'utf8').toString('base64');
    return `${t.successUrl}${t.successUrl.includes('?') ? '&' : '?'}data=${encodeURIComponent(data)}`;
  }

  plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    const hide = { schema: { hide: true } as FastifySchema };
    const prefix = app.prefix;
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

    // The payment request: the merchant's page POSTs the signed form here (form-urlencoded).
    app.post('/api/epay/main/v2/form', hide, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const f: Record<string, string> = {};
      for (const k of REQUIRED) {
        if (typeof b[k] !== 'string' || b[k] === '')
          return html(
            reply,
            400,
            messagePage(BRAND, COLOUR, 'Invalid payment request', `Missing field: ${k}`),
          );
        f[k] = b[k] as string;
      }
      if (esewaSignature(this.opts.secretKey, f, f.signed_field_names!) !== f.signature)
        return html(reply, 400, messagePage(BRAND, COLOUR, 'Invalid payment request', 'Invalid signature.'));
      if (f.product_code !== this.opts.productCode)
        return html(reply, 400, messagePage(BRAND, COLOUR, 'Invalid payment request', 'Unknown merchant.'));
      if (!/^[A-Za-z0-9-]{1,100}$/.test(f.transaction_uuid!))
        return html(
          reply,
          400,
          messagePage(BRAND, COLOUR, 'Invalid payment request', 'Invalid transaction_uuid.'),
        );
      const total = Number(f.total_amount);
      const parts = ['amount', 'tax_amount', 'product_service_charge', 'product_delivery_charge'].map((k) =>
        Number(f[k]),
      );
      if (
        !(total > 0) ||
        parts.some((n) => !Number.isFinite(n)) ||
        Math.abs(parts.reduce((a, c) => a + c, 0) - total) > 0.001
      )
        return html(
          reply,
          400,
          messagePage(BRAND, COLOUR, 'Invalid payment request', 'The amounts do not add up.'),
        );
      let t = this.txns.get(f.transaction_uuid!);
      if (t && t.status !== 'PENDING' && t.status !== 'NOT_FOUND')
        return html(
          reply,
          409,
          messagePage(BRAND, COLOUR, 'Already processed', `This payment is ${t.status}.`),
        );
      if (!t || t.status === 'NOT_FOUND') {
        if (this.txns.size > 10_000) this.txns.clear();
        t = {
          uuid: f.transaction_uuid!,
          productCode: f.product_code!,
          totalAmount: f.total_amount!,
          successUrl: f.success_url!,
          failureUrl: f.failure_url!,
          status: 'PENDING',
          refId: null,
        };
        this.txns.set(t.uuid, t);
      }
      const base = `${prefix}/session/${encodeURIComponent(t.uuid)}`;
      return html(
        reply,
        200,
        payPage({
          brand: BRAND,
          colour: COLOUR,
          title: `Pay NPR ${esc(t.totalAmount)}`,
          lines: [
            ['Merchant', t.productCode],
            ['Amount', `NPR ${t.totalAmount}`],
            ['Transaction', t.uuid],
          ],
          buttons: [
            { action: `${base}/pay`, label: 'Pay with eSewa', tone: 'primary' },
            { action: `${base}/cancel`, label: 'Cancel payment', tone: 'danger' },
            { action: `${base}/expire`, label: 'Let the session expire' },
            { action: `${base}/tamper`, label: 'Pay, then tamper the return (test)' },
          ],
          note: 'A local simulator of eSewa ePay v2: no money moves. Test failure modes below the first two.',
        }),
      );
    });

    const session = (id: string) => this.txns.get(id);
    const act = (name: string, handle: (t: EsewaTxn, reply: FastifyReply) => unknown) =>
      app.post(`/session/:id/${name}`, hide, async (req, reply) => {
        const t = session((req.params as { id: string }).id);
        if (!t?.successUrl)
          return html(
            reply,
            404,
            messagePage(BRAND, COLOUR, 'Session not found', 'This payment session does not exist.'),
          );
        if (t.status !== 'PENDING')
          return html(
            reply,
            409,
            messagePage(BRAND, COLOUR, 'Already processed', `This payment is ${t.status}.`),
          );
        return handle(t, reply);
      });
    act('pay', (t, reply) => reply.redirect(this.pay(t.uuid), 303));
    act('tamper', (t, reply) => {
      const paid = Number(t.totalAmount);
      return reply.redirect(this.pay(t.uuid, { tamperAmount: (paid * 10).toFixed(1) }), 303);
    });
    act('cancel', (t, reply) => {
      t.status = 'CANCELED';
      return reply.redirect(t.failureUrl, 303);
    });
    act('expire', (t, reply) => {
      t.status = 'NOT_FOUND';
      return reply.redirect(t.failureUrl, 303);
    });

    // The status check: the source of truth for the merchant.
    app.get('/api/epay/transaction/status/', hide, async (req, reply) => {
      if (this.down)
        return reply.status(503).send({ code: 0, error_message: 'Service is currently unavailable' });
      const q = (req.query ?? {}) as Record<string, unknown>;
      const uuid = typeof q.transaction_uuid === 'string' ? q.transaction_uuid : '';
      const productCode = typeof q.product_code === 'string' ? q.product_code : '';
      const asked = typeof q.total_amount === 'string' ? q.total_amount : '';
      if (!uuid || !productCode || !asked)
        return reply.status(400).send({ code: 0, error_message: 'Invalid request parameters' });
      const t = this.txns.get(uuid);
      if (!t || t.productCode !== productCode)
        return {
          product_code: productCode,
          transaction_uuid: uuid,
          total_amount: Number(asked),
          status: 'NOT_FOUND',
          ref_id: null,
        };
      return {
        product_code: t.productCode,
        transaction_uuid: t.uuid,
        total_amount: Number(t.totalAmount),
        status: t.status,
        ref_id: t.refId,
      };
    });
  };
}
