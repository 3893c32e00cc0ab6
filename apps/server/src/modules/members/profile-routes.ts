import {
  consolidatedContractSchema,
  envelopeSchema,
  isAgentType,
  LANGUAGES,
  memberIconSchema,
  memberLanguageUpdateSchema,
  type MemberMenu,
  memberMenuSchema,
  memberProfileUpdateSchema,
  memberStoreSchema,
  PROFILE_FIELDS,
  type ProfileField,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { requestContext } from '../auth/routes.ts';
import { multipartBody } from '../cashier/http.ts';
import { normalizePersonName, samePersonName } from './normalize.ts';
import { FieldErrors } from './validation.ts';

const member = requireRole(['player', 'trial', 'agent']);
/** The real name is the member's to set once; then only an operator changes it. */
const realNameLocked = () =>
  new AppError('CONFLICT', { messageKey: 'realNameLocked', fields: { payeeName: 'realNameLocked' } });
/** Trial members skip the store counters and the consolidated call (SPEC §4); the server refuses them. */
const account = requireRole(['player', 'agent']);

/**
 * Identity calls of SPEC §7 beyond login and registration: the avatar (`icon`), the account menu,
 * the language update, the profile fields of SPEC §3, the public store's counters and the
 * consolidated contract info.
 */
export const memberProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.services;
  const tags = ['member'];
  const security = [{ token: [] }];

  const current = async (memberId: number) => {
    const m = await s.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    return m;
  };

  app.get(
    '/wps/member/info/icon',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The member's avatar (`iconUrl`, null until one is uploaded)",
        response: { 200: envelopeSchema(memberIconSchema) },
      },
    },
    async (req) => {
      const m = await current(memberPrincipal(req).memberId);
      return ok(req, { iconUrl: s.members.info(m, false).iconUrl });
    },
  );

  app.post(
    '/wps/member/info/icon',
    {
      onRequest: account,
      preValidation: multipartBody('file'),
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Upload an avatar: multipart `file`, png/jpg ≤ 5 MB, decoded and re-encoded by the server',
        response: { 200: envelopeSchema(memberIconSchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      const id = await s.cashier.storeAvatar(memberId, req.cashierUpload);
      await s.members.setIcon(memberId, id);
      return ok(req, { iconUrl: `/wps/cashier/uploads/${id}` });
    },
  );

  app.put(
    '/wps/member/language',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'SPEC §4: the language the member chose (a code of SPEC §3 such as EN or NE)',
        body: memberLanguageUpdateSchema,
      },
    },
    async (req) => {
      const code = req.body.language.toUpperCase();
      if (!LANGUAGES.some((l) => l.code === code)) {
        const e = new FieldErrors(requestContext(req).locale);
        e.add('language', 'badRequest');
        e.throwIfAny();
      }
      await s.members.setLanguage(memberPrincipal(req).memberId, code);
      return ok(req, null);
    },
  );

  app.put(
    '/wps/member/profile',
    {
      onRequest: account,
      schema: {
        tags: ['member:security'],
        security,
        summary:
          'Profile fields of SPEC §3 (Telegram, Zalo, birthday, address, nationality, occupation, source of income) under the register rules, and the real name (`payeeName`) while it is empty',
        description:
          'payeeName: the real name payout accounts must match, checked by the register rule of that name. The member sets it once; once set it answers 409 `realNameLocked` (an operator changes it in the players console, audited). A birthday under the minimum age is refused (403).',
        body: memberProfileUpdateSchema,
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      const rules = new Map((await s.system.registerSettings()).map((r) => [r.field, r]));
      const e = new FieldErrors(requestContext(req).locale);
      const values: Partial<Record<ProfileField, string | null>> = {};
      for (const field of PROFILE_FIELDS) {
        const raw = req.body[field];
        if (raw === undefined) continue;
        // Required-ness is the register form's; here an empty value clears the field.
        values[field] = e.checkRule(field, raw, rules.get(field), { required: false });
      }
      const m = await current(memberId);
      let payeeName: string | null = null;
      if (req.body.payeeName !== undefined) {
        const name = normalizePersonName(req.body.payeeName);
        if (m.payeeName) {
          // Sending the name already on file again is not a change; anything else is.
          if (!samePersonName(m.payeeName, name)) throw realNameLocked();
        } else if (name) {
          payeeName = e.checkRule('payeeName', name, rules.get('payeeName'), { required: true });
        }
      }
      e.throwIfAny();
      if (values.birthday) {
        try {
          s.protection.checkAge(values.birthday);
        } catch (err) {
          // The field reads like the message ('at least 18'), as the form shows it under the field.
          if (!isAppError(err) || !err.fields?.birthday) throw err;
          throw new AppError(err.code, {
            messageKey: err.messageKey,
            args: err.args,
            fields: { birthday: translate(requestContext(req).locale, err.messageKey, err.args) },
          });
        }
      }
      // A name and birth date given now are an identity, as at registration: a person excluded
      // under another account cannot take them on here.
      const name = payeeName ?? m.payeeName;
      const birthday = values.birthday === undefined ? m.birthday : values.birthday;
      if ((payeeName || values.birthday) && name && birthday)
        await s.protection.exclusions.checkRegistration({ name, birthday });
      await s.members.updateProfile(memberId, values);
      if (payeeName && !(await s.members.setPayeeNameOnce(memberId, payeeName))) {
        const now = await current(memberId);
        if (!samePersonName(now.payeeName, payeeName)) throw realNameLocked();
      }
      return ok(req, null);
    },
  );

  app.get(
    '/wps/member/menu',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: "The member's account menu under the flags (PTSYS3, MANPLAYREB3, agents)",
        response: { 200: envelopeSchema(memberMenuSchema) },
      },
    },
    async (req) => {
      const m = await current(memberPrincipal(req).memberId);
      const flags = await s.system.flags();
      const items: Array<MemberMenu[number] & { show: boolean }> = [
        { key: 'bettingRecord', path: '/member?page=personalHistoryCopy', show: true },
        { key: 'accountRecord', path: '/member?page=transactionHistory', show: true },
        { key: 'profitLoss', path: '/member?page=personalProfit', show: true },
        { key: 'rewardCenter', path: '/member?page=rewardCenter', show: true },
        { key: 'points', path: '/pointMall', show: flags.PTSYS3 === true },
        { key: 'myAccount', path: '/member?page=securityCenter', show: true },
        { key: 'agentCentre', path: '/agentHome', show: isAgentType(m.type) },
        { key: 'manualRebate', path: '/member?page=manualRebate', show: flags.MANPLAYREB3 === true },
      ];
      return ok(
        req,
        items.filter((i) => i.show).map(({ key, path }) => ({ key, path })),
      );
    },
  );

  app.get(
    '/wps/member/info/store',
    {
      onRequest: account,
      schema: {
        tags,
        security,
        summary: 'Public store counters of SPEC §3: hasVip, unread message count, available promo count',
        description: 'hasVip: the member has reached at least VIP level 1.',
        response: { 200: envelopeSchema(memberStoreSchema) },
      },
    },
    async (req) => {
      const memberId = memberPrincipal(req).memberId;
      await current(memberId);
      const [unreadMessageCount, availablePromoCount, vipLevel] = await Promise.all([
        s.messages.unreadCount(memberId),
        s.promotions.claimableCount(memberId),
        s.vip.levelOf(memberId),
      ]);
      return ok(req, { hasVip: vipLevel > 0, unreadMessageCount, availablePromoCount });
    },
  );

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      onRequest: account,
      schema: {
        tags: ['agent'],
        security,
        summary:
          'Consolidated contract info of SPEC §3 (AGENTPOLICY3; never for trial members): open request kinds and active contracts',
        response: { 200: envelopeSchema(consolidatedContractSchema) },
      },
    },
    async (req) => {
      if (!(await s.system.isFlagEnabled('AGENTPOLICY3'))) throw new AppError('NOT_ENABLED');
      const m = await current(memberPrincipal(req).memberId);
      // Contracts are offered by an upline (SPEC §1): an agent, or a member with one above.
      const offered = isAgentType(m.type) || m.parentId !== null;
      // The agents module owns contracts and their open requests.
      return ok(req, {
        ...(await s.agents.consolidated(m.id)),
        enableSalary: offered,
        enableContract: offered,
      });
    },
  );
};
