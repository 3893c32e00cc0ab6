import {
  envelopeSchema,
  INVITE_LINKS_MAX,
  inviteLinkCreateSchema,
  inviteLinkIdParamsSchema,
  inviteLinkListSchema,
  inviteLinkSchema,
  inviteLinkUpdateSchema,
} from '@wps/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberPrincipal, requireRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

/** Link management (issue 31): a member's own invite links; agents and referrers, not trial accounts. */
export const linksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links } = app.services;
  const member = requireRole(['player', 'agent']);
  const security = [{ token: [] }];
  const tags = ['referral'];

  app.get(
    '/wps/invite-links',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'My invite links with their names, channels and registration counts',
        response: { 200: envelopeSchema(inviteLinkListSchema) },
      },
    },
    async (req) =>
      ok(req, { content: await links.list(memberPrincipal(req).memberId), max: INVITE_LINKS_MAX }),
  );

  app.post(
    '/wps/invite-links',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Create an invite link with a name and a channel',
        body: inviteLinkCreateSchema,
        response: { 200: envelopeSchema(inviteLinkSchema) },
      },
    },
    async (req) => ok(req, await links.create(memberPrincipal(req).memberId, req.body)),
  );

  app.patch(
    '/wps/invite-links/:id',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'Rename an own invite link, change its channel, disable or enable it',
        params: inviteLinkIdParamsSchema,
        body: inviteLinkUpdateSchema,
        response: { 200: envelopeSchema(inviteLinkSchema) },
      },
    },
    async (req) => ok(req, await links.update(memberPrincipal(req).memberId, req.params.id, req.body)),
  );
};
