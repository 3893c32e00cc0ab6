import {
  accountRecordPageSchema,
  accountRecordQuerySchema,
  consolidatedFundsSchema,
  depositInputSchema,
  depositBonusOfferSchema,
  depositListQuerySchema,
  depositPageSchema,
  depositSchema,
  envelopeSchema,
  paymentChannelSchema,
  payoutAccountInputSchema,
  payoutAccountSchema,
  creditReportQuerySchema,
  creditReportSchema,
  profitQuerySchema,
  profitSummarySchema,
  receiptInputSchema,
  TRANSFER_DIRECTIONS,
  transferInputSchema,
  transferResultSchema,
  transferTargetsSchema,
  walletBalanceSchema,
  withdrawalListQuerySchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawInputSchema,
  withdrawSettingsSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberPrincipal, requireLogin, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requireProfile } from '../members/profile-requirements.ts';
import { depositBonusOffer, joinOfferedBonus, languageOf } from './deposit-bonus.ts';
import { cashierErrorHandler, multipartBody } from './http.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const MULTIPART = ['application/json', 'multipart/form-data'];

/**
 * Member cashier calls. Balance paths are SPEC §7's; the pages' own calls live under
 * /wps/cashier/... Guards run at onRequest, before a body (or an upload) is read.
 */
export const cashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const cashier = app.services.cashier;
  const member = requireRole(['player', 'agent', 'trial']);
  // Promotions are for real accounts only (trial members have none).
  const account = requireRole(['player', 'agent']);
  const tags = ['cashier'];
  const security = [{ token: [] }];
  cashierErrorHandler(app);

  app.get(
    '/wps/v2/wallets/balance',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Header balance (trial members: play money)',
        response: { 200: envelopeSchema(walletBalanceSchema) },
      },
    },
    async (req) => {
      const p = memberPrincipal(req);
      return ok(req, await cashier.walletBalance(p.memberId, p.role === 'trial'));
    },
  );

  app.get(
    // SPEC §3 gives /funds/consolidated to the consolidated contract info (members module).
    '/wps/member/info/funds/wallets',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Every wallet of the member in one answer (cash, bonus, frozen, commission, total)',
        response: { 200: envelopeSchema(consolidatedFundsSchema) },
      },
    },
    async (req) => ok(req, await cashier.consolidated(memberPrincipal(req).memberId)),
  );

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'transferFund (to the downline) / transferUpline, with the payment password',
        body: transferInputSchema,
        response: { 200: envelopeSchema(transferResultSchema) },
      },
    },
    async (req) => ok(req, await cashier.transfer(memberPrincipal(req).memberId, req.body)),
  );

  app.get(
    '/wps/cashier/transfers/targets',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Who the member may transfer to: the downline, or the uplines',
        querystring: z.object({ direction: z.enum(TRANSFER_DIRECTIONS) }),
        response: { 200: envelopeSchema(transferTargetsSchema) },
      },
    },
    async (req) => ok(req, await cashier.transferTargets(memberPrincipal(req).memberId, req.query.direction)),
  );

  app.get(
    '/wps/cashier/channels',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Deposit channels (bank, eSewa, Khalti, IME Pay …) with account, QR and limits',
        response: { 200: envelopeSchema(z.array(paymentChannelSchema)) },
      },
    },
    async (req) => ok(req, await cashier.channels()),
  );

  app.get(
    '/wps/cashier/uploads/:id',
    {
      onRequest: requireLogin,
      schema: {
        tags,
        security,
        summary: 'An uploaded image (its owner, operators; channel QR codes)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const p = req.principal!;
      const image = await cashier.upload(
        req.params.id,
        p.kind === 'operator'
          ? { memberId: null, role: p.role, permissions: p.permissions }
          : { memberId: p.memberId, role: p.role, permissions: [] },
      );
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, max-age=300')
        .send(image.data);
    },
  );

  app.post(
    '/wps/cashier/deposits',
    {
      onRequest: member,
      preValidation: multipartBody('proof'),
      schema: {
        tags,
        security,
        consumes: MULTIPART,
        summary: 'Deposit request (JSON, or multipart with a png/jpg `proof` image ≤ 5 MB)',
        body: depositInputSchema,
        response: { 200: envelopeSchema(depositSchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      const { bonusPromotionId, ...input } = req.body;
      if (bonusPromotionId !== undefined) {
        // Before joining: a deposit the age rule would refuse must not leave the member joined.
        // (Player protection's deposit guard is a required part of the cashier: always on.)
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
      return ok(req, await cashier.requestDeposit(memberId, input, req.cashierUpload));
    },
  );

  app.get(
    '/wps/cashier/deposit-bonus',
    {
      onRequest: account,
      schema: {
        tags,
        security,
        summary:
          'The deposit bonus the next deposit can earn (issue 27): its number and the offer (join) or the joined bonus, else null',
        description:
          'The deposit form offers it (opt in by default); POST /wps/cashier/deposits with `bonusPromotionId` joins it as the promotions page does.',
        response: { 200: envelopeSchema(depositBonusOfferSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await depositBonusOffer(app.services, memberPrincipal(req).memberId, languageOf(req.headers.lang)),
      ),
  );

  app.get(
    '/wps/cashier/deposits',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The member's deposit requests",
        querystring: depositListQuerySchema,
        response: { 200: envelopeSchema(depositPageSchema) },
      },
    },
    async (req) => ok(req, await cashier.memberDeposits(memberPrincipal(req).memberId, req.query)),
  );

  app.get(
    '/wps/cashier/payout-accounts',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Bound payout accounts',
        response: { 200: envelopeSchema(z.array(payoutAccountSchema)) },
      },
    },
    async (req) => ok(req, await cashier.payoutAccounts(memberPrincipal(req).memberId)),
  );

  app.post(
    '/wps/cashier/payout-accounts',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Bind a bank or wallet account (holder name = real name)',
        body: payoutAccountInputSchema,
        response: { 200: envelopeSchema(payoutAccountSchema) },
      },
    },
    async (req) => ok(req, await cashier.addPayoutAccount(memberPrincipal(req).memberId, req.body)),
  );

  app.delete(
    '/wps/cashier/payout-accounts/:id',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Unbind a payout account',
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await cashier.removePayoutAccount(memberPrincipal(req).memberId, req.params.id);
      return ok(req, null);
    },
  );

  app.get(
    '/wps/cashier/withdraw/settings',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Withdrawal limits, today’s count and the balance',
        response: { 200: envelopeSchema(withdrawSettingsSchema) },
      },
    },
    async (req) => ok(req, await cashier.withdrawSettings(memberPrincipal(req).memberId)),
  );

  app.post(
    '/wps/cashier/withdrawals',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Withdrawal request: the amount is held until the operator pays or rejects',
        body: withdrawInputSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (req) => ok(req, await cashier.requestWithdrawal(memberPrincipal(req).memberId, req.body)),
  );

  app.get(
    '/wps/cashier/withdrawals',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The member's withdrawals with their receipt state",
        querystring: withdrawalListQuerySchema,
        response: { 200: envelopeSchema(withdrawalPageSchema) },
      },
    },
    async (req) => ok(req, await cashier.memberWithdrawals(memberPrincipal(req).memberId, req.query)),
  );

  app.post(
    '/wps/cashier/withdrawals/:id/receipt',
    {
      onRequest: member,
      preValidation: multipartBody('proof'),
      schema: {
        tags,
        security,
        consumes: MULTIPART,
        summary: 'Confirm receipt: received, partial (amount), not_received (proof image), all_received',
        params: idParams,
        body: receiptInputSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (req) =>
      ok(
        req,
        await cashier.confirmReceipt(
          memberPrincipal(req).memberId,
          req.params.id,
          req.body,
          req.cashierUpload,
        ),
      ),
  );

  app.get(
    '/wps/cashier/records',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Account record (transactionHistory): type filter, date range, pages',
        querystring: accountRecordQuerySchema,
        response: { 200: envelopeSchema(accountRecordPageSchema) },
      },
    },
    async (req) => ok(req, await cashier.records(memberPrincipal(req).memberId, req.query)),
  );

  app.get(
    '/wps/cashier/profit',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Profit and loss over a period (personalProfit)',
        querystring: profitQuerySchema,
        response: { 200: envelopeSchema(profitSummarySchema) },
      },
    },
    async (req) => ok(req, await cashier.profit(memberPrincipal(req).memberId, req.query)),
  );

  app.get(
    '/wps/cashier/credit-report',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Credit report: credit and debit by transaction type and by day, week or month',
        querystring: creditReportQuerySchema,
        response: { 200: envelopeSchema(creditReportSchema) },
      },
    },
    async (req) => ok(req, await cashier.creditReport(memberPrincipal(req).memberId, req.query)),
  );
};
