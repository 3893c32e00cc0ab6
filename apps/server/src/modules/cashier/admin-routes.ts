import {
  adjustmentInputSchema,
  adminDepositPageSchema,
  adminPaymentChannelSchema,
  adminWithdrawalPageSchema,
  channelInputSchema,
  channelUpdateSchema,
  depositListQuerySchema,
  depositSchema,
  envelopeSchema,
  pageQuerySchema,
  playerWalletSchema,
  reconciliationSchema,
  payWithdrawalInputSchema,
  rejectInputSchema,
  resolveInputSchema,
  reviewInputSchema,
  withdrawalListQuerySchema,
  withdrawalSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, cashierErrorHandler, multipartBody } from './http.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const accountParams = z.object({ account: z.string().min(1).max(100) });

/** The operator console's cashier: queues, a player's wallet, manual adjustment, channels. */
export const cashierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashier = app.services.cashier;
  const operator = requireRole(['operator'], 'cashier');
  const tags = ['admin: cashier'];
  const security = [{ token: [] }];
  cashierErrorHandler(app);

  app.get(
    '/wps/admin/cashier/deposits',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Deposit queue (status=pending: oldest first)',
        querystring: depositListQuerySchema,
        response: { 200: envelopeSchema(adminDepositPageSchema) },
      },
    },
    async (req) => ok(req, await cashier.depositQueue(req.query)),
  );

  app.post(
    '/wps/admin/cashier/deposits/:id/approve',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: "Approve: credits the member's cash",
        params: idParams,
        body: reviewInputSchema.nullish(),
        response: { 200: envelopeSchema(depositSchema) },
      },
    },
    async (req) => ok(req, await cashier.approveDeposit(actorOf(req), req.params.id, req.body?.note)),
  );

  app.post(
    '/wps/admin/cashier/deposits/:id/reject',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Reject with a note the member sees',
        params: idParams,
        body: rejectInputSchema,
        response: { 200: envelopeSchema(depositSchema) },
      },
    },
    async (req) => ok(req, await cashier.rejectDeposit(actorOf(req), req.params.id, req.body.note)),
  );

  app.get(
    '/wps/admin/cashier/withdrawals',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Withdrawal queue (status=pending) and investigations (receiptStatus=not_received)',
        querystring: withdrawalListQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalPageSchema) },
      },
    },
    async (req) => ok(req, await cashier.withdrawalQueue(req.query)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/pay',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Approve and mark paid: the hold posts out; the receipt clock starts',
        params: idParams,
        body: payWithdrawalInputSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (req) =>
      ok(req, await cashier.payWithdrawal(actorOf(req), req.params.id, req.body.reference, req.body.note)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/reject',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: "Reject: the hold returns to the member's cash",
        params: idParams,
        body: rejectInputSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (req) => ok(req, await cashier.rejectWithdrawal(actorOf(req), req.params.id, req.body.note)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/resolve',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Close a not-received investigation: paid_again, or refunded to cash',
        params: idParams,
        body: resolveInputSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (req) => ok(req, await cashier.resolveInvestigation(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/cashier/players/:account/wallet',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: "A player's accounts and postings",
        params: accountParams,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(playerWalletSchema) },
      },
    },
    async (req) =>
      ok(req, await cashier.playerWallet(req.params.account, req.query.pageNo, req.query.pageSize)),
  );

  app.post(
    '/wps/admin/cashier/players/:account/adjust',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Manual credit/debit of cash with a mandatory reason',
        params: accountParams,
        body: adjustmentInputSchema,
        response: {
          200: envelopeSchema(
            z.object({ transactionId: z.number(), balance: z.string(), replayed: z.boolean() }),
          ),
        },
      },
    },
    async (req) => ok(req, await cashier.adjust(actorOf(req), req.params.account, req.body)),
  );

  app.get(
    '/wps/admin/cashier/channels',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Every payment channel, enabled or not',
        response: { 200: envelopeSchema(z.array(adminPaymentChannelSchema)) },
      },
    },
    async (req) => ok(req, await cashier.adminChannels()),
  );

  app.post(
    '/wps/admin/cashier/channels',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Add a payment channel',
        body: channelInputSchema,
        response: { 200: envelopeSchema(adminPaymentChannelSchema) },
      },
    },
    async (req) => ok(req, await cashier.createChannel(actorOf(req), req.body)),
  );

  app.put(
    '/wps/admin/cashier/channels/:id',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Change a payment channel (account, limits, tutorial, enabled)',
        params: idParams,
        body: channelUpdateSchema,
        response: { 200: envelopeSchema(adminPaymentChannelSchema) },
      },
    },
    async (req) => ok(req, await cashier.updateChannel(actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/wps/admin/cashier/channels/:id/qr',
    {
      onRequest: operator,
      preValidation: multipartBody('qr'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: "Upload the channel's QR image (multipart field `qr`, png/jpg ≤ 5 MB)",
        params: idParams,
        response: { 200: envelopeSchema(adminPaymentChannelSchema) },
      },
    },
    async (req) => {
      if (!req.cashierUpload) {
        throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { qr: 'proofRequired' } });
      }
      return ok(req, await cashier.setChannelQr(actorOf(req), req.params.id, req.cashierUpload));
    },
  );

  app.get(
    '/wps/admin/ledger/reconciliation',
    {
      onRequest: operator,
      schema: {
        tags,
        security,
        summary: 'Run the ledger reconciliation (the same checks as npm run ledger:check)',
        response: { 200: envelopeSchema(reconciliationSchema) },
      },
    },
    async (req) => ok(req, await app.services.wallet.reconcile()),
  );
};
