import {
  envelopeSchema,
  paymentCheckSchema,
  paymentGatewaySchema,
  paymentProviderSchema,
  paymentsStatusSchema,
  providerDepositInputSchema,
  providerDepositSchema,
  type PaymentOutcome,
  type PaymentProvider,
} from '@wps/contract';
import { EsewaSimulator, KhaltiSimulator } from '@wps/sandbox-vendor/payments-sim';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { ownAddress } from '../../http/own-address.ts';
import { actorOf, cashierErrorHandler } from '../cashier/http.ts';
import { joinOfferedBonus, languageOf } from '../cashier/deposit-bonus.ts';
import { requireProfile } from '../members/profile-requirements.ts';
import { ESEWA_DOCS } from './esewa.ts';
import { fetchTransport, type HttpTransport } from './http.ts';
import { KHALTI_DOCS } from './khalti.ts';
import { DEPOSIT_PAGE, ESEWA_SIM_BASE, KHALTI_SIM_BASE } from './service.ts';

/** The local simulators, when a provider runs in simulator mode (development, tests). */
export interface PaymentSimulators {
  esewa: EsewaSimulator | null;
  khalti: KhaltiSimulator | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    paymentSims: PaymentSimulators;
  }
}

/**
 * Registers deposits through eSewa and Khalti (issue 29): the player's routes, the return pages
 * the providers send the browser to, the console's, and in simulator mode the local simulators
 * under /payments-sim/{esewa,khalti} (outside production only; their secrets are generated per
 * process, config.ts). The reconciliation job is registered with the other jobs (jobs/payments.ts).
 */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { esewa, khalti } = app.config;
  const sims: PaymentSimulators = { esewa: null, khalti: null };
  if (esewa.mode === 'simulator') {
    sims.esewa = new EsewaSimulator({ secretKey: esewa.secretKey, productCode: esewa.productCode });
    await app.register(sims.esewa.plugin, { prefix: ESEWA_SIM_BASE });
  }
  if (khalti.mode === 'simulator') {
    sims.khalti = new KhaltiSimulator({ secretKey: khalti.secretKey });
    await app.register(sims.khalti.plugin, { prefix: KHALTI_SIM_BASE });
  }
  // The simulators are paths on this server: real HTTP once it listens, app.inject before (tests).
  const local: HttpTransport = async (req) => {
    if (app.server.listening) return fetchTransport({ ...req, url: `${ownAddress(app)}${req.url}` });
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers ?? {},
      ...(req.body !== undefined ? { payload: req.body } : {}),
    });
    return { status: res.statusCode, body: res.body };
  };
  app.services.payments.attachLocalTransport(local);
  app.decorate('paymentSims', sims);
  await app.services.payments.ensureChannels();
  await app.register(paymentRoutes);
  await app.register(paymentReturnRoutes);
  await app.register(paymentAdminRoutes);
}

/** The address the provider sends the player back to: PUBLIC_URL, else the one this request came to. */
const siteUrl = (app: FastifyInstance, req: FastifyRequest) =>
  app.config.publicUrl ?? `${req.protocol}://${req.host}`;

const providerParams = z.object({ provider: paymentProviderSchema });

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  // Real accounts only: a trial member has no money to deposit.
  const account = requireRole(['player', 'agent']);
  const tags = ['payments'];
  const security = [{ token: [] }];
  cashierErrorHandler(app);

  app.get(
    '/wps/payments/channels',
    {
      onRequest: account,
      schema: {
        tags,
        security,
        summary: 'The providers a player can deposit through now (eSewa, Khalti), with their limits',
        response: { 200: envelopeSchema(z.array(paymentGatewaySchema)) },
      },
    },
    async (req) => ok(req, await payments.gateways()),
  );

  app.post(
    '/wps/payments/:provider/deposits',
    {
      onRequest: account,
      schema: {
        tags,
        security,
        summary: 'Start a deposit through eSewa or Khalti: what the browser needs to go and pay',
        description: `A deposit request on the provider's channel (the same limits and checks as any deposit) and an order
at the provider. eSewa (${ESEWA_DOCS}): \`redirect\` is the signed form to POST. Khalti (${KHALTI_DOCS}): the
server has already called initiate; \`redirect.url\` is the payment_url. The deposit is credited once the
provider's own status / lookup API confirms it. The same requestId answers the same deposit and redirect.`,
        params: providerParams,
        body: providerDepositInputSchema,
        response: { 200: envelopeSchema(providerDepositSchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      const { bonusPromotionId, ...input } = req.body;
      if (bonusPromotionId !== undefined) {
        // As the manual deposit form: the age rule first, then the promotions service's own Join.
        const m = await app.services.members.getById(memberId);
        if (m) requireProfile(m, ['birthday']);
        await joinOfferedBonus(
          app.services,
          memberId,
          bonusPromotionId,
          input.amount,
          languageOf(req.headers.lang),
        );
      }
      return ok(req, await payments.startDeposit(memberId, req.params.provider, input, siteUrl(app, req)));
    },
  );
};

const returnQuery = {
  esewa: z.object({
    data: z.string().max(4096).optional().describe('eSewa success redirect: base64 JSON, signed'),
    failed: z.string().max(100).optional().describe('Our failure_url: the order id'),
  }),
  khalti: z.object({
    pidx: z.string().max(100).optional(),
    transaction_id: z.string().max(100).optional(),
    tidx: z.string().max(100).optional(),
    txnId: z.string().max(100).optional(),
    amount: z.string().max(40).optional(),
    total_amount: z.string().max(40).optional(),
    mobile: z.string().max(40).optional(),
    status: z.string().max(40).optional(),
    purchase_order_id: z.string().max(100).optional(),
    purchase_order_name: z.string().max(200).optional(),
  }),
};

/**
 * Where the providers send the browser back. No session (the player's token is not sent on a
 * navigation): a return proves nothing by itself; it only names the order to ask the provider
 * about. Open in maintenance (a payment made must still be settled), rate-limited per address.
 */
const paymentReturnRoutes: FastifyPluginAsync = async (app) => {
  const payments = app.services.payments;
  const tags = ['payments'];
  const back = (
    reply: FastifyReply,
    provider: PaymentProvider,
    r: { outcome: PaymentOutcome; depositId: number | null },
  ) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(
        `${DEPOSIT_PAGE}&payment=${provider}&outcome=${r.outcome}${r.depositId ? `&deposit=${r.depositId}` : ''}`,
        303,
      );
  // Per address, generous: many players in Nepal share a carrier's address. Only a return that
  // names a pending order of ours (and, for eSewa, carries our signature) reaches the provider's API.
  const config = { alwaysOpen: true, rateLimit: { max: 300, timeWindow: '1 minute' } };

  app.get(
    '/wps/payments/esewa/return',
    {
      config,
      schema: {
        tags,
        summary:
          "eSewa's success_url and failure_url: verified, checked with the status API, then back to the deposit page",
        querystring: returnQuery.esewa,
      },
    },
    async (req, reply) => {
      const q = req.query as z.infer<typeof returnQuery.esewa>;
      return back(reply, 'esewa', await payments.esewaReturn(q, clientIp(req)));
    },
  );

  app.get(
    '/wps/payments/khalti/return',
    {
      config,
      schema: {
        tags,
        summary:
          "Khalti's return_url: the pidx is looked up (the lookup API decides), then back to the deposit page",
        querystring: returnQuery.khalti,
      },
    },
    async (req, reply) => {
      const q = req.query as z.infer<typeof returnQuery.khalti>;
      return back(reply, 'khalti', await payments.khaltiReturn(q, clientIp(req)));
    },
  );
};

const consoleRoute = operatorConsole({ tag: 'admin: payments', permission: 'cashier' });

const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  cashierErrorHandler(app);

  app.get(
    '/wps/admin/payments/status',
    consoleRoute({
      summary: 'eSewa and Khalti: mode (live, simulator, disabled), where each is reached, pending deposits',
      response: paymentsStatusSchema,
    }),
    async (req) => ok(req, await payments.status()),
  );

  app.post(
    '/wps/admin/payments/deposits/:id/check',
    consoleRoute({
      summary:
        "Ask the provider about one deposit now and settle it by the answer (the reconciliation job's step)",
      params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      response: paymentCheckSchema,
    }),
    async (req) => ok(req, await payments.checkNow(req.params.id, actorOf(req))),
  );
};
