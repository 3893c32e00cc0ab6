import { randomBytes } from 'node:crypto';
import {
  type DepositGateway,
  fromMinor,
  type PaymentGateway,
  type PaymentOrderState,
  type PaymentOutcome,
  type PaymentProvider,
  PAYMENT_PROVIDERS,
  type ProviderDeposit,
} from '@wps/contract';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { CashierService } from '../cashier/service.ts';
import { ESEWA_FORM_PATH, esewaForm, esewaStatusCheck, readEsewaCallback } from './esewa.ts';
import { fetchTransport, type HttpTransport, paisaOf } from './http.ts';
import { KHALTI_MIN_PAISA, khaltiInitiate, khaltiLookup } from './khalti.ts';
import { type PaymentOrderRow, paymentOrders } from './schema.ts';

/** Where the local simulators are mounted on this server (development and tests only). */
export const ESEWA_SIM_BASE = '/payments-sim/esewa';
export const KHALTI_SIM_BASE = '/payments-sim/khalti';
export const RETURN_PATH = (p: PaymentProvider) => `/wps/payments/${p}/return`;
/** The deposit page the return pages send the player back to. */
export const DEPOSIT_PAGE = '/member?page=depositv2';

/** eSewa: "If a response is not received within five minutes, the status check API can be used" (Epay page, flow step 6). */
export const FIRST_CHECK_MS = 5 * 60_000;
/** Later checks back off (5, 10, 20, 40 minutes), then hourly while the provider still says pending. */
const MAX_CHECK_GAP_MS = 60 * 60_000;
/**
 * eSewa answers NOT_FOUND for an order it has no session of: one the player never reached, or
 * whose session expired (Epay page, status list). Early on the player may still be on their way,
 * so NOT_FOUND closes an order only this long after it was made.
 */
export const ESEWA_NOT_FOUND_AFTER_MS = 30 * 60_000;
/** An order the provider cannot find (Khalti 404, or no pidx: initiate never answered) is closed after this. */
const UNKNOWN_AFTER_MS = 60 * 60_000;

const GATEWAY_CHANNELS: Record<PaymentProvider, { code: string; name: string; sort: number }> = {
  esewa: { code: 'ESEWA_EPAY', name: 'eSewa ePay', sort: 0 },
  khalti: { code: 'KHALTI_KPG', name: 'Khalti ePayment', sort: 1 },
};

/** What the provider's own API said about an order. */
type Verdict =
  | { kind: 'paid'; status: string; ref: string | null; mismatch: string | null }
  | { kind: 'open'; status: string }
  | { kind: 'closed'; status: string; state: 'canceled' | 'expired' }
  | { kind: 'error'; error: string };

export interface SettleResult {
  outcome: PaymentOutcome;
  order: PaymentOrderRow;
  /** True when the order was settled before this call (a replayed callback, a second job run). */
  replay: boolean;
}

const OUTCOME_OF_STATE: Record<PaymentOrderState, PaymentOutcome> = {
  pending: 'pending',
  credited: 'already',
  canceled: 'canceled',
  expired: 'expired',
  refused: 'refused',
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function gatewayOut(o: PaymentOrderRow): DepositGateway {
  return {
    provider: o.provider as PaymentProvider,
    orderId: o.orderId,
    providerRef: o.providerRef,
    pidx: o.pidx,
    providerStatus: o.providerStatus,
    state: o.state as PaymentOrderState,
    checks: o.checks,
    lastCheckedAt: iso(o.lastCheckedAt),
    nextCheckAt: o.state === 'pending' ? iso(o.nextCheckAt) : null,
    lastError: o.lastError,
  };
}

/**
 * Deposits through eSewa and Khalti (issue 29). A deposit is the cashier's ordinary deposit
 * request on the provider's channel (so the same limits, pending cap and protection checks apply
 * when it is made), with an order row here. It is credited exactly once, only by
 * `cashier.approveConfirmed` (the same approval, ledger posting, bonus and mission listeners and
 * audit as an operator's), and only after the provider's own status / lookup API confirmed our
 * order id and the amount. Every settlement locks the order row and goes on only while it is
 * pending, so callbacks, replays, the reconciliation job and an operator's check can race freely.
 */
export class PaymentsService {
  private local: HttpTransport | null = null;
  private now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'esewa' | 'khalti' | 'publicUrl'>,
    private readonly deps: { cashier: CashierService; audit: AuditService },
    opts: { now?: () => Date } = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Tests move the clock the reconciliation reads (due checks, the age of an order). */
  setClock(now: () => Date): void {
    this.now = now;
  }

  /** How the simulators on this server are reached (registerPayments attaches it). */
  attachLocalTransport(t: HttpTransport): void {
    this.local = t;
  }

  private http: HttpTransport = (req) => {
    if (req.url.startsWith('/')) {
      if (!this.local) throw new Error('payments: the local simulator transport is not attached');
      return this.local(req);
    }
    return fetchTransport(req);
  };

  mode(provider: PaymentProvider): 'live' | 'simulator' | 'disabled' {
    return this.config[provider].mode;
  }

  /** The provider's API base: configured, or the simulator on this server. */
  baseUrl(provider: PaymentProvider): string {
    if (provider === 'esewa') return this.config.esewa.baseUrl ?? ESEWA_SIM_BASE;
    return this.config.khalti.baseUrl ?? `${KHALTI_SIM_BASE}/api/v2`;
  }

  /**
   * Creates the channel of each provider that is on and has none yet (the operator then owns it).
   * A live provider's channel starts switched off: the operator reviews its name and limits, then
   * switches it on; the simulators' start on, so development and the journeys have them.
   */
  async ensureChannels(): Promise<void> {
    for (const provider of PAYMENT_PROVIDERS) {
      if (this.mode(provider) === 'disabled') continue;
      await this.deps.cashier.ensureGatewayChannel({
        gateway: provider,
        ...GATEWAY_CHANNELS[provider],
        // Khalti refuses under Rs 10; eSewa documents no minimum, the same floor keeps both alike.
        minAmount: KHALTI_MIN_PAISA,
        maxAmount: 10_000_000n,
        enabled: this.mode(provider) === 'simulator',
      });
    }
  }

  /** The providers a player can deposit through now: on, with an enabled channel. */
  async gateways(): Promise<PaymentGateway[]> {
    const out: PaymentGateway[] = [];
    for (const provider of PAYMENT_PROVIDERS) {
      const mode = this.mode(provider);
      if (mode === 'disabled') continue;
      const c = await this.deps.cashier.gatewayChannel(provider);
      if (!c?.enabled) continue;
      out.push({
        provider,
        channelId: c.id,
        name: c.name,
        min: fromMinor(BigInt(c.minAmount)),
        max: fromMinor(BigInt(c.maxAmount)),
        mode,
      });
    }
    return out;
  }

  private async order(where: SQL | undefined): Promise<PaymentOrderRow | null> {
    const [row] = await this.db.select().from(paymentOrders).where(where);
    return row ?? null;
  }

  // ------------------------------------------------------------------ starting a deposit

  /**
   * The player's deposit: the cashier's request on the provider's channel (limits, pending cap,
   * protection), the order in the same transaction, then what the browser needs to pay. A retry
   * with the same requestId answers the same deposit and the same redirect.
   */
  async startDeposit(
    memberId: number,
    provider: PaymentProvider,
    input: { amount: unknown; requestId: string },
    siteUrl: string,
  ): Promise<ProviderDeposit> {
    if (this.mode(provider) === 'disabled')
      throw new AppError('NOT_ENABLED', { messageKey: 'paymentProviderDisabled' });
    const channel = await this.deps.cashier.gatewayChannel(provider);
    if (!channel?.enabled) throw new AppError('NOT_FOUND', { messageKey: 'channelUnavailable' });
    // Letters, digits and hyphens only (eSewa's transaction_uuid rule); unique per order.
    const orderId = `WPS-${randomBytes(8).toString('hex').toUpperCase()}`;
    const deposit = await this.deps.cashier.requestDeposit(
      memberId,
      { channelId: channel.id, amount: input.amount, reference: orderId, requestId: input.requestId },
      undefined,
      {
        provider,
        within: async (tx, row) => {
          await tx.insert(paymentOrders).values({
            provider,
            orderId: row.reference,
            depositId: row.id,
            memberId,
            amount: BigInt(row.amount),
            nextCheckAt: new Date(this.now().getTime() + FIRST_CHECK_MS),
          });
        },
      },
    );
    let order = await this.order(eq(paymentOrders.depositId, deposit.id));
    if (!order || order.provider !== provider) throw new AppError('IDEMPOTENCY_CONFLICT');
    if (order.state !== 'pending' || deposit.status !== 'pending')
      throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
    const base = {
      depositId: deposit.id,
      orderId: order.orderId,
      provider,
      amount: fromMinor(order.amount),
    };
    if (provider === 'esewa') {
      const fields = esewaForm({
        secret: this.config.esewa.secretKey,
        productCode: this.config.esewa.productCode,
        orderId: order.orderId,
        amount: order.amount,
        successUrl: `${siteUrl}${RETURN_PATH('esewa')}`,
        failureUrl: `${siteUrl}${RETURN_PATH('esewa')}?failed=${order.orderId}`,
      });
      return {
        ...base,
        redirect: { method: 'POST', url: `${this.baseUrl('esewa')}${ESEWA_FORM_PATH}`, fields },
      };
    }
    if (!order.paymentUrl) order = await this.initiateKhalti(order, siteUrl);
    return { ...base, redirect: { method: 'GET', url: order.paymentUrl! } };
  }

  /** KPG-2 initiate, server side. A refusal closes the order and its deposit: nothing can be paid. */
  private async initiateKhalti(order: PaymentOrderRow, siteUrl: string): Promise<PaymentOrderRow> {
    const answer = await khaltiInitiate(this.http, this.baseUrl('khalti'), this.config.khalti.secretKey, {
      return_url: `${siteUrl}${RETURN_PATH('khalti')}`,
      website_url: siteUrl,
      amount: Number(order.amount),
      purchase_order_id: order.orderId,
      purchase_order_name: `Deposit ${order.orderId}`,
    });
    if (!answer.ok) {
      await this.db.transaction(async (tx) => {
        const [closed] = await tx
          .update(paymentOrders)
          .set({
            state: 'canceled',
            providerStatus: 'initiate refused',
            lastError: answer.error,
            settledAt: sql`now()`,
          })
          .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, 'pending')))
          .returning();
        if (closed)
          await this.deps.cashier.rejectConfirmed(
            tx,
            { id: null, account: 'khalti' },
            order.depositId,
            'Khalti did not open the payment. Nothing was paid.',
          );
      });
      throw new AppError('INTERNAL', { messageKey: 'paymentProviderError', status: 502 });
    }
    const [stored] = await this.db
      .update(paymentOrders)
      .set({ pidx: answer.pidx, paymentUrl: answer.paymentUrl, expiresAt: answer.expiresAt })
      .where(and(eq(paymentOrders.id, order.id), sql`${paymentOrders.pidx} is null`))
      .returning();
    // A twin request initiated first: its payment page is the order's.
    return stored ?? (await this.order(eq(paymentOrders.id, order.id)))!;
  }

  // ------------------------------------------------------------------ the provider's answer

  private async ask(order: PaymentOrderRow): Promise<Verdict> {
    const age = this.now().getTime() - new Date(order.createdAt).getTime();
    if (order.provider === 'esewa') {
      const productCode = this.config.esewa.productCode;
      const a = await esewaStatusCheck(this.http, this.baseUrl('esewa'), {
        productCode,
        amount: order.amount,
        orderId: order.orderId,
      });
      if (!a.ok) return { kind: 'error', error: a.error };
      switch (a.status) {
        case 'COMPLETE': {
          const mismatch =
            a.transactionUuid !== order.orderId
              ? `transaction_uuid ${a.transactionUuid}`
              : a.productCode !== productCode
                ? `product_code ${a.productCode}`
                : a.totalAmount !== order.amount
                  ? `total_amount ${a.totalAmount === null ? '?' : fromMinor(a.totalAmount)}`
                  : null;
          return { kind: 'paid', status: a.status, ref: a.refId, mismatch };
        }
        case 'PENDING':
        case 'AMBIGUOUS':
          return { kind: 'open', status: a.status };
        case 'NOT_FOUND':
          return age >= ESEWA_NOT_FOUND_AFTER_MS
            ? { kind: 'closed', status: a.status, state: 'expired' }
            : { kind: 'open', status: a.status };
        case 'CANCELED':
        case 'FULL_REFUND':
        case 'PARTIAL_REFUND':
          return { kind: 'closed', status: a.status, state: 'canceled' };
        default:
          return { kind: 'error', error: `unknown status ${a.status.slice(0, 40)}` };
      }
    }
    if (!order.pidx) {
      // Initiate never answered: no payment page was handed out, so nothing can have been paid.
      return age >= UNKNOWN_AFTER_MS
        ? { kind: 'closed', status: 'not initiated', state: 'expired' }
        : { kind: 'open', status: 'not initiated' };
    }
    const a = await khaltiLookup(this.http, this.baseUrl('khalti'), this.config.khalti.secretKey, order.pidx);
    if (!a.ok) {
      if (a.notFound && age >= UNKNOWN_AFTER_MS)
        return { kind: 'closed', status: 'Not found', state: 'expired' };
      return { kind: 'error', error: a.error };
    }
    switch (a.status) {
      case 'Completed': {
        const mismatch =
          a.pidx !== null && a.pidx !== order.pidx
            ? `pidx ${a.pidx}`
            : a.totalAmount !== order.amount
              ? `total_amount ${a.totalAmount === null ? '?' : fromMinor(a.totalAmount)}`
              : a.refunded
                ? 'refunded'
                : null;
        return { kind: 'paid', status: a.status, ref: a.transactionId, mismatch };
      }
      case 'Pending':
      case 'Initiated':
        return { kind: 'open', status: a.status };
      case 'Expired':
        return { kind: 'closed', status: a.status, state: 'expired' };
      case 'User canceled':
      case 'Refunded':
      case 'Partially refunded':
        return { kind: 'closed', status: a.status, state: 'canceled' };
      default:
        return { kind: 'error', error: `unknown status ${a.status.slice(0, 40)}` };
    }
  }

  private nextCheck(checks: number): Date {
    const gap = Math.min(FIRST_CHECK_MS * 2 ** Math.max(0, checks - 1), MAX_CHECK_GAP_MS);
    return new Date(this.now().getTime() + gap);
  }

  /**
   * Asks the provider about one order and settles it by the answer, exactly once: the order row
   * is locked and changed only while pending, and the credit is the cashier's approval in the
   * same transaction (its ledger key `deposit:<id>` is the second guard).
   */
  async settle(
    order: PaymentOrderRow,
    source: 'return' | 'job' | 'operator',
    ip?: string | null,
  ): Promise<SettleResult> {
    if (order.state !== 'pending')
      return { outcome: OUTCOME_OF_STATE[order.state as PaymentOrderState], order, replay: true };
    const verdict = await this.ask(order);
    const provider = order.provider as PaymentProvider;
    const actor = { id: null, account: provider, ip: ip ?? null };
    const label = provider === 'esewa' ? 'eSewa' : 'Khalti';
    return this.db.transaction(async (tx) => {
      const [cur] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)).for('update');
      if (!cur) throw new AppError('NOT_FOUND');
      if (cur.state !== 'pending')
        return { outcome: OUTCOME_OF_STATE[cur.state as PaymentOrderState], order: cur, replay: true };
      const checked = { checks: cur.checks + 1, lastCheckedAt: this.now() };
      const finish = async (set: Partial<typeof paymentOrders.$inferInsert>) => {
        const [row] = await tx
          .update(paymentOrders)
          .set({ ...checked, ...set })
          .where(eq(paymentOrders.id, cur.id))
          .returning();
        return row!;
      };
      switch (verdict.kind) {
        case 'paid': {
          if (verdict.mismatch) {
            const row = await finish({
              state: 'refused',
              providerStatus: verdict.status,
              providerRef: verdict.ref,
              lastError: `provider answer differs from the order: ${verdict.mismatch}`,
              settledAt: this.now(),
            });
            await this.deps.cashier.rejectConfirmed(
              tx,
              actor,
              cur.depositId,
              `${label} confirmed a payment that differs from this deposit (${verdict.mismatch}); nothing was credited. Support will contact you.`,
            );
            await this.deps.audit.record(
              {
                actor,
                action: 'payment.amount_mismatch',
                target: { type: 'payment_order', id: cur.orderId },
                before: { state: 'pending', amount: fromMinor(cur.amount), depositId: cur.depositId },
                after: { state: 'refused', provider: verdict.mismatch, ref: verdict.ref, source },
                ip: ip ?? null,
              },
              tx,
            );
            return { outcome: 'refused' as const, order: row, replay: false };
          }
          const row = await finish({
            state: 'credited',
            providerStatus: verdict.status,
            providerRef: verdict.ref,
            lastError: null,
            settledAt: this.now(),
          });
          await this.deps.cashier.approveConfirmed(
            tx,
            actor,
            cur.depositId,
            `${label} ${verdict.status}, ref ${verdict.ref ?? '-'} (${source === 'job' ? 'reconciliation' : source === 'operator' ? 'checked by operator' : 'status check on return'})`,
          );
          return { outcome: 'credited' as const, order: row, replay: false };
        }
        case 'closed': {
          const row = await finish({
            state: verdict.state,
            providerStatus: verdict.status,
            lastError: null,
            settledAt: this.now(),
          });
          await this.deps.cashier.rejectConfirmed(
            tx,
            actor,
            cur.depositId,
            verdict.state === 'expired'
              ? `${label}: the payment was not made in time (${verdict.status}). Nothing was paid.`
              : `${label}: the payment was not completed (${verdict.status}).`,
          );
          return { outcome: verdict.state, order: row, replay: false };
        }
        case 'open': {
          const row = await finish({
            providerStatus: verdict.status,
            lastError: null,
            nextCheckAt: this.nextCheck(checked.checks),
          });
          return { outcome: 'pending' as const, order: row, replay: false };
        }
        default: {
          const row = await finish({ lastError: verdict.error, nextCheckAt: this.nextCheck(checked.checks) });
          return { outcome: 'pending' as const, order: row, replay: false };
        }
      }
    });
  }

  // ------------------------------------------------------------------ the provider sends the player back

  private async refuse(
    provider: PaymentProvider,
    reason: string,
    detail: Record<string, unknown>,
    ip: string | null,
    order?: PaymentOrderRow | null,
  ): Promise<{ outcome: PaymentOutcome; depositId: number | null }> {
    await this.deps.audit.record({
      actor: { id: null, account: provider },
      action: 'payment.callback_refused',
      target: { type: 'payment_order', id: order?.orderId ?? 'unknown' },
      after: { reason, ...detail },
      ip,
    });
    return { outcome: 'refused', depositId: order?.depositId ?? null };
  }

  private async replayed(
    order: PaymentOrderRow,
    ip: string | null,
  ): Promise<{ outcome: PaymentOutcome; depositId: number | null }> {
    await this.deps.audit.record({
      actor: { id: null, account: order.provider },
      action: 'payment.callback_replay',
      target: { type: 'payment_order', id: order.orderId },
      after: { state: order.state },
      ip,
    });
    return { outcome: OUTCOME_OF_STATE[order.state as PaymentOrderState], depositId: order.depositId };
  }

  private async fromReturn(order: PaymentOrderRow, ip: string | null) {
    if (order.state !== 'pending') return this.replayed(order, ip);
    const r = await this.settle(order, 'return', ip);
    if (r.replay) return this.replayed(r.order, ip);
    return { outcome: r.outcome, depositId: order.depositId };
  }

  /**
   * eSewa's success redirect (`data`) or our failure URL (`failed=<order id>`). The signature is
   * checked and the fields compared with the order; only then is the status check asked. A
   * tampered, foreign or mismatched callback is refused and audited; a repeated one changes nothing.
   */
  async esewaReturn(
    q: { data?: string | undefined; failed?: string | undefined },
    ip: string | null,
  ): Promise<{ outcome: PaymentOutcome; depositId: number | null }> {
    if (this.mode('esewa') === 'disabled') return { outcome: 'refused', depositId: null };
    if (q.data) {
      const read = readEsewaCallback(q.data, this.config.esewa.secretKey);
      if (!read.ok) return this.refuse('esewa', read.reason, {}, ip);
      const f = read.fields;
      const order = await this.order(
        and(eq(paymentOrders.provider, 'esewa'), eq(paymentOrders.orderId, f.transaction_uuid ?? '')),
      );
      if (!order) return this.refuse('esewa', 'unknown_order', { transaction_uuid: f.transaction_uuid }, ip);
      if (f.product_code !== this.config.esewa.productCode)
        return this.refuse('esewa', 'product_code_mismatch', { product_code: f.product_code }, ip, order);
      if (paisaOf(f.total_amount) !== order.amount)
        return this.refuse(
          'esewa',
          'amount_mismatch',
          { total_amount: f.total_amount, order: fromMinor(order.amount) },
          ip,
          order,
        );
      return this.fromReturn(order, ip);
    }
    if (q.failed) {
      const order = await this.order(
        and(eq(paymentOrders.provider, 'esewa'), eq(paymentOrders.orderId, q.failed)),
      );
      if (!order) return this.refuse('esewa', 'unknown_order', { failed: q.failed.slice(0, 100) }, ip);
      // The failure URL carries no proof: only the status check decides, as for any pending order.
      return this.fromReturn(order, ip);
    }
    return this.refuse('esewa', 'malformed', {}, ip);
  }

  /**
   * Khalti's return: nothing in it is signed, so it only names the pidx to look up. A pidx we did
   * not get from initiate, or an order id or amount other than the order's, is refused and audited.
   */
  async khaltiReturn(
    q: Record<string, string | undefined>,
    ip: string | null,
  ): Promise<{ outcome: PaymentOutcome; depositId: number | null }> {
    if (this.mode('khalti') === 'disabled') return { outcome: 'refused', depositId: null };
    const pidx = q.pidx ?? '';
    const order = pidx
      ? await this.order(and(eq(paymentOrders.provider, 'khalti'), eq(paymentOrders.pidx, pidx)))
      : null;
    if (!order) return this.refuse('khalti', 'unknown_pidx', { pidx: pidx.slice(0, 100) }, ip);
    if (q.purchase_order_id !== undefined && q.purchase_order_id !== order.orderId)
      return this.refuse(
        'khalti',
        'order_mismatch',
        { purchase_order_id: q.purchase_order_id.slice(0, 100) },
        ip,
        order,
      );
    for (const field of ['total_amount', 'amount'] as const) {
      const v = q[field];
      // KPG-2 amounts are paisa, whole numbers.
      if (v !== undefined && v !== '' && !(/^\d{1,15}$/.test(v) && BigInt(v) === order.amount))
        return this.refuse(
          'khalti',
          'amount_mismatch',
          { [field]: v.slice(0, 40), order: String(order.amount) },
          ip,
          order,
        );
    }
    return this.fromReturn(order, ip);
  }

  // ------------------------------------------------------------------ reconciliation and the console

  /** Asks the provider about every pending order that is due, and settles each by the answer. */
  async reconcileDue(
    limit = 50,
  ): Promise<{ asked: number; credited: number; closed: number; pending: number }> {
    const live = PAYMENT_PROVIDERS.filter((p) => this.mode(p) !== 'disabled');
    if (live.length === 0) return { asked: 0, credited: 0, closed: 0, pending: 0 };
    const due = await this.db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.state, 'pending'),
          inArray(paymentOrders.provider, live),
          lte(paymentOrders.nextCheckAt, this.now()),
        ),
      )
      .orderBy(asc(paymentOrders.nextCheckAt))
      .limit(limit);
    const out = { asked: 0, credited: 0, closed: 0, pending: 0, failed: 0 };
    for (const order of due) {
      out.asked++;
      try {
        const r = await this.settle(order, 'job');
        if (r.outcome === 'credited') out.credited++;
        else if (r.outcome === 'pending') out.pending++;
        else if (!r.replay) out.closed++;
      } catch (err) {
        // One order's fault (a database error, a refused approval) must not hold back the others:
        // it is recorded on the order, asked again later, and shows in the console.
        out.failed++;
        await this.db
          .update(paymentOrders)
          .set({
            lastError: `settling failed: ${(err as Error).message}`.slice(0, 300),
            nextCheckAt: this.nextCheck(order.checks + 1),
          })
          .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, 'pending')))
          .catch(() => undefined);
      }
    }
    return out;
  }

  /** The console's "ask the provider now" for one deposit: same settlement; a settled order is only read. */
  async checkNow(
    depositId: number,
    actor: { id: number; account: string; ip?: string | null },
  ): Promise<{ outcome: PaymentOutcome; gateway: DepositGateway }> {
    const order = await this.order(eq(paymentOrders.depositId, depositId));
    if (!order) throw new AppError('NOT_FOUND');
    if (this.mode(order.provider as PaymentProvider) === 'disabled')
      throw new AppError('NOT_ENABLED', { messageKey: 'paymentProviderDisabled' });
    const r = await this.settle(order, 'operator', actor.ip ?? null);
    await this.deps.audit.record({
      actor: { id: actor.id, account: actor.account },
      action: 'payment.check',
      target: { type: 'payment_order', id: order.orderId },
      after: { outcome: r.outcome, state: r.order.state, providerStatus: r.order.providerStatus },
      ip: actor.ip ?? null,
    });
    return {
      outcome: r.replay ? OUTCOME_OF_STATE[r.order.state as PaymentOrderState] : r.outcome,
      gateway: gatewayOut(r.order),
    };
  }

  /** The console's deposit queue rows, each with its provider order when it has one. */
  async annotate<T extends { id: number }>(
    rows: T[],
  ): Promise<Array<T & { gateway: DepositGateway | null }>> {
    const ids = rows.map((r) => r.id);
    const orders = ids.length
      ? await this.db.select().from(paymentOrders).where(inArray(paymentOrders.depositId, ids))
      : [];
    const by = new Map(orders.map((o) => [o.depositId, o]));
    return rows.map((r) => {
      const o = by.get(r.id);
      return { ...r, gateway: o ? gatewayOut(o) : null };
    });
  }

  async status() {
    const counts = await this.db
      .select({ provider: paymentOrders.provider, n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(eq(paymentOrders.state, 'pending'))
      .groupBy(paymentOrders.provider);
    return PAYMENT_PROVIDERS.map((provider) => ({
      provider,
      mode: this.mode(provider),
      baseUrl: this.mode(provider) === 'disabled' ? null : this.baseUrl(provider),
      productCode:
        provider === 'esewa' && this.mode(provider) !== 'disabled' ? this.config.esewa.productCode : null,
      pending: counts.find((c) => c.provider === provider)?.n ?? 0,
    }));
  }

  /** One order by our order id (tests, the simulators' fixtures). */
  orderOf(depositId: number): Promise<PaymentOrderRow | null> {
    return this.order(eq(paymentOrders.depositId, depositId));
  }
}
