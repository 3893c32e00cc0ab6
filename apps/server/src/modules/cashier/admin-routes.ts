import {
  adjustmentInputSchema,
  adminDepositPageSchema,
  adminPaymentChannelSchema,
  adminWithdrawalPageSchema,
  channelInputSchema,
  channelUpdateSchema,
  depositListQuerySchema,
  depositSchema,
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
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, cashierErrorHandler, multipartBody } from './http.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const accountParams = z.object({ account: z.string().min(1).max(100) });

const consoleRoute = operatorConsole({ tag: 'admin: cashier', permission: 'cashier' });

/** The operator console's cashier: queues, a player's wallet, manual adjustment, channels. */
export const cashierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashier = app.services.cashier;
  cashierErrorHandler(app);

  app.get(
    '/wps/admin/cashier/deposits',
    consoleRoute({
      summary: 'Deposit queue (status=pending: oldest first)',
      querystring: depositListQuerySchema,
      response: adminDepositPageSchema,
    }),
    // A provider deposit (eSewa, Khalti) shows its references and reconciliation beside the request.
    async (req) => {
      const page = await cashier.depositQueue(req.query);
      return ok(req, { ...page, content: await app.services.payments.annotate(page.content) });
    },
  );

  app.post(
    '/wps/admin/cashier/deposits/:id/approve',
    consoleRoute({
      summary: "Approve: credits the member's cash",
      params: idParams,
      body: reviewInputSchema.nullish(),
      response: depositSchema,
    }),
    async (req) => ok(req, await cashier.approveDeposit(actorOf(req), req.params.id, req.body?.note)),
  );

  app.post(
    '/wps/admin/cashier/deposits/:id/reject',
    consoleRoute({
      summary: 'Reject with a note the member sees',
      params: idParams,
      body: rejectInputSchema,
      response: depositSchema,
    }),
    async (req) => ok(req, await cashier.rejectDeposit(actorOf(req), req.params.id, req.body.note)),
  );

  app.get(
    '/wps/admin/cashier/withdrawals',
    consoleRoute({
      summary: 'Withdrawal queue (status=pending) and investigations (receiptStatus=not_received)',
      querystring: withdrawalListQuerySchema,
      response: adminWithdrawalPageSchema,
    }),
    async (req) => ok(req, await cashier.withdrawalQueue(req.query)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/pay',
    consoleRoute({
      summary: 'Approve and mark paid: the hold posts out; the receipt clock starts',
      params: idParams,
      body: payWithdrawalInputSchema,
      response: withdrawalSchema,
    }),
    async (req) =>
      ok(req, await cashier.payWithdrawal(actorOf(req), req.params.id, req.body.reference, req.body.note)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/reject',
    consoleRoute({
      summary: "Reject: the hold returns to the member's cash",
      params: idParams,
      body: rejectInputSchema,
      response: withdrawalSchema,
    }),
    async (req) => ok(req, await cashier.rejectWithdrawal(actorOf(req), req.params.id, req.body.note)),
  );

  app.post(
    '/wps/admin/cashier/withdrawals/:id/resolve',
    consoleRoute({
      summary: 'Close a not-received investigation: paid_again, or refunded to cash',
      params: idParams,
      body: resolveInputSchema,
      response: withdrawalSchema,
    }),
    async (req) => ok(req, await cashier.resolveInvestigation(actorOf(req), req.params.id, req.body)),
  );

  app.get(
    '/wps/admin/cashier/players/:account/wallet',
    consoleRoute({
      summary: "A player's accounts and postings",
      params: accountParams,
      querystring: pageQuerySchema,
      response: playerWalletSchema,
    }),
    async (req) =>
      ok(req, await cashier.playerWallet(req.params.account, req.query.pageNo, req.query.pageSize)),
  );

  app.post(
    '/wps/admin/cashier/players/:account/adjust',
    consoleRoute({
      summary: 'Manual credit/debit of cash with a mandatory reason',
      params: accountParams,
      body: adjustmentInputSchema,
      response: z.object({ transactionId: z.number(), balance: z.string(), replayed: z.boolean() }),
    }),
    async (req) => ok(req, await cashier.adjust(actorOf(req), req.params.account, req.body)),
  );

  app.get(
    '/wps/admin/cashier/channels',
    consoleRoute({
      summary: 'Every payment channel, enabled or not',
      response: z.array(adminPaymentChannelSchema),
    }),
    async (req) => ok(req, await cashier.adminChannels()),
  );

  app.post(
    '/wps/admin/cashier/channels',
    consoleRoute({
      summary: 'Add a payment channel',
      body: channelInputSchema,
      response: adminPaymentChannelSchema,
    }),
    async (req) => ok(req, await cashier.createChannel(actorOf(req), req.body)),
  );

  app.put(
    '/wps/admin/cashier/channels/:id',
    consoleRoute({
      summary: 'Change a payment channel (account, limits, tutorial, enabled)',
      params: idParams,
      body: channelUpdateSchema,
      response: adminPaymentChannelSchema,
    }),
    async (req) => ok(req, await cashier.updateChannel(actorOf(req), req.params.id, req.body)),
  );

  app.post(
    '/wps/admin/cashier/channels/:id/qr',
    consoleRoute(
      {
        consumes: ['multipart/form-data'],
        summary: "Upload the channel's QR image (multipart field `qr`, png/jpg ≤ 5 MB)",
        params: idParams,
        response: adminPaymentChannelSchema,
      },
      { preValidation: multipartBody('qr') },
    ),
    async (req) => {
      if (!req.cashierUpload) {
        throw new AppError('VALIDATION', { messageKey: 'proofRequired', fields: { qr: 'proofRequired' } });
      }
      return ok(req, await cashier.setChannelQr(actorOf(req), req.params.id, req.cashierUpload));
    },
  );

  app.get(
    '/wps/admin/ledger/reconciliation',
    consoleRoute({
      summary: 'Run the ledger reconciliation (the same checks as npm run ledger:check)',
      response: reconciliationSchema,
    }),
    async (req) => ok(req, await app.services.wallet.reconcile()),
  );
};
