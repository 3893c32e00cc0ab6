import {
  adminContactSchema,
  adminResourceSchema,
  contactInputSchema,
  contentIdParamsSchema,
  resourceInputSchema,
  supportHoursSchema,
} from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { actorOf } from '../cashier/http.ts';

/** What a save answers: the row's id. */
const idValue = z.object({ id: z.number().int() });

const consoleRoute = operatorConsole({ tag: 'admin:content', permission: 'content' });

/**
 * Console: the side menu's customer-service entries and the resources (app download links …)
 * of SPEC §3, stored by the system module, edited under content with the 'content' permission.
 * Every change is audited with before and after.
 */
export function registerContactRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const contacts = app.services.systemContacts;
  const audit = (
    req: Parameters<typeof actorOf>[0],
    action: string,
    id: number,
    before: unknown,
    after: unknown,
  ) => {
    const actor = actorOf(req);
    return app.services.audit.record({
      actor: { id: actor.id, account: actor.account },
      action,
      target: { type: action.split('.')[1] ?? 'contact', id },
      before,
      after,
      ip: actor.ip,
    });
  };

  app.get(
    '/wps/admin/content/contacts',
    consoleRoute({
      summary: 'Customer-service entries (live chat, Telegram 1–3, Facebook, WhatsApp)',
      response: z.array(adminContactSchema),
    }),
    async (req) => ok(req, await contacts.contacts()),
  );
  app.post(
    '/wps/admin/content/contacts',
    consoleRoute({ body: contactInputSchema, response: idValue }),
    async (req) => {
      const row = await contacts.saveContact(null, req.body);
      await audit(req, 'content.contact.create', row.id, null, row);
      return ok(req, { id: row.id });
    },
  );
  app.put(
    '/wps/admin/content/contacts/:id',
    consoleRoute({
      params: contentIdParamsSchema,
      body: contactInputSchema,
      response: idValue,
    }),
    async (req) => {
      const before = (await contacts.contacts()).find((c) => c.id === req.params.id) ?? null;
      const row = await contacts.saveContact(req.params.id, req.body);
      await audit(req, 'content.contact.update', row.id, before, row);
      return ok(req, { id: row.id });
    },
  );
  app.delete(
    '/wps/admin/content/contacts/:id',
    consoleRoute({ params: contentIdParamsSchema }),
    async (req) => {
      const row = await contacts.deleteContact(req.params.id);
      await audit(req, 'content.contact.delete', row.id, row, null);
      return ok(req, null);
    },
  );

  // The support hours the help centre states (system setting; the contacts screen edits them).
  app.get(
    '/wps/admin/content/support-hours',
    consoleRoute({
      summary: "The support team's daily hours, Nepal time (00:00–24:00 is round the clock)",
      response: supportHoursSchema,
    }),
    async (req) => ok(req, await app.services.system.supportHours()),
  );
  app.put(
    '/wps/admin/content/support-hours',
    consoleRoute({ body: supportHoursSchema, response: supportHoursSchema }),
    async (req) => {
      const before = await app.services.system.supportHours();
      await app.services.system.setSupportHours(req.body, actorOf(req).account);
      const after = await app.services.system.supportHours();
      await audit(req, 'content.supportHours.update', 0, before, after);
      return ok(req, after);
    },
  );

  app.get(
    '/wps/admin/content/resources',
    consoleRoute({
      summary: 'Resources by type (APP: the iOS and Android download links of the QR codes)',
      response: z.array(adminResourceSchema),
    }),
    async (req) => ok(req, await contacts.resources()),
  );
  app.post(
    '/wps/admin/content/resources',
    consoleRoute({ body: resourceInputSchema, response: idValue }),
    async (req) => {
      const row = await contacts.saveResource(null, req.body);
      await audit(req, 'content.resource.create', row.id, null, row);
      return ok(req, { id: row.id });
    },
  );
  app.put(
    '/wps/admin/content/resources/:id',
    consoleRoute({
      params: contentIdParamsSchema,
      body: resourceInputSchema,
      response: idValue,
    }),
    async (req) => {
      const before = (await contacts.resources()).find((r) => r.id === req.params.id) ?? null;
      const row = await contacts.saveResource(req.params.id, req.body);
      await audit(req, 'content.resource.update', row.id, before, row);
      return ok(req, { id: row.id });
    },
  );
  app.delete(
    '/wps/admin/content/resources/:id',
    consoleRoute({ params: contentIdParamsSchema }),
    async (req) => {
      const row = await contacts.deleteResource(req.params.id);
      await audit(req, 'content.resource.delete', row.id, row, null);
      return ok(req, null);
    },
  );
}
