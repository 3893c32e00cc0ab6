import {
  blockedCountriesUpdateSchema,
  domainRouteSchema,
  domainRouteUpdateSchema,
  envelopeSchema,
  maintenanceUpdateSchema,
  permissionSchema,
  registerFieldRuleSchema,
  registerSettingsSchema,
  systemStatusSchema,
  whitelabelSchema,
} from '@wps/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorPrincipal } from '../../http/auth.ts';
import { operatorConsole } from '../../http/console-route.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { clientIp } from '../../http/client-ip.ts';

const consoleRoute = operatorConsole({ tag: 'admin:system', permission: 'system' });

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const system = app.services.system;
  const tags = ['system'];

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'Whole-app state: 0 normal, 1 maintenance, 2 region-blocked',
        response: { 200: envelopeSchema(systemStatusSchema) },
      },
    },
    async (req) => ok(req, await system.status(clientIp(req))),
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags,
        summary: 'Module tree and feature flags',
        response: { 200: envelopeSchema(whitelabelSchema) },
      },
    },
    async (req) => ok(req, await system.whitelabel()),
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Per-field registration rules',
        response: { 200: envelopeSchema(registerSettingsSchema) },
      },
    },
    async (req) => ok(req, await system.registerSettings()),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: 'Main domain and allowed domains',
        response: { 200: envelopeSchema(domainRouteSchema) },
      },
    },
    async (req) => ok(req, await system.domainRoute()),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags,
        summary: 'Start-up permission payload (SPEC §3)',
        response: { 200: envelopeSchema(permissionSchema) },
      },
    },
    async (req) => ok(req, await system.permission(clientIp(req))),
  );

  // Operator console: system controls. Every change lands in the append-only audit log with before/after.
  const audit = (req: FastifyRequest, action: string, target: string, before: unknown, after: unknown) =>
    app.services.audit.record({
      actor: { id: operatorPrincipal(req).operatorId, account: operatorPrincipal(req).account },
      action,
      target: { type: 'system', id: target },
      before,
      after,
      ip: clientIp(req),
    });

  app.get('/wps/admin/system', consoleRoute({ summary: 'Current system controls' }), async (req) =>
    ok(req, {
      maintenance: await system.maintenance(),
      blockedCountries: await system.blockedCountries(),
      flags: await system.flags(),
      register: await system.registerSettings(),
      domainRoute: await system.domainRoute(),
    }),
  );

  app.put('/wps/admin/system/maintenance', consoleRoute({ body: maintenanceUpdateSchema }), async (req) => {
    const before = await system.maintenance();
    await system.setMaintenance(
      { enabled: req.body.enabled, message: req.body.message ?? null },
      req.principal!.account,
    );
    const after = await system.maintenance();
    await audit(req, 'system.maintenance', 'maintenance', before, after);
    return ok(req, after);
  });

  // The web app refuses to run on a host outside this list (SPEC §8 'Invalid URL'), so the
  // operator must be able to set it before serving a real domain.
  app.put(
    '/wps/admin/system/domain-route',
    consoleRoute({
      summary: 'Main domain and allowed domains',
      body: domainRouteUpdateSchema,
    }),
    async (req) => {
      const before = await system.domainRoute();
      await system.setDomainRoute(
        {
          mainDomain: req.body.mainDomain.trim().toLowerCase(),
          domains: [...new Set(req.body.domains.map((d) => d.trim().toLowerCase()))],
        },
        req.principal!.account,
      );
      const after = await system.domainRoute();
      await audit(req, 'system.domainRoute', 'domainRoute', before, after);
      return ok(req, after);
    },
  );

  app.put(
    '/wps/admin/system/blocked-countries',
    consoleRoute({ body: blockedCountriesUpdateSchema }),
    async (req) => {
      const before = await system.blockedCountries();
      await system.setBlockedCountries(req.body.countries);
      const after = await system.blockedCountries();
      await audit(req, 'system.blockedCountries', 'blockedCountries', before, after);
      return ok(req, after);
    },
  );

  app.put(
    '/wps/admin/system/flags/:code',
    consoleRoute({
      params: z.object({ code: z.string().max(40) }),
      body: z.object({ enabled: z.boolean() }),
    }),
    async (req) => {
      const before = (await system.flags())[req.params.code];
      if (!(await system.setFlag(req.params.code, req.body.enabled))) throw new AppError('NOT_FOUND');
      await audit(req, 'system.flag', req.params.code, before, req.body.enabled);
      return ok(req, await system.flags());
    },
  );

  app.put(
    '/wps/admin/system/register-rules/:field',
    consoleRoute({
      params: z.object({ field: z.string().max(40) }),
      body: registerFieldRuleSchema.omit({ field: true }),
    }),
    async (req) => {
      const before = await system.registerRule(req.params.field);
      if (!before) throw new AppError('NOT_FOUND');
      await system.updateRegisterRule({ field: req.params.field, ...req.body });
      const after = await system.registerRule(req.params.field);
      await audit(req, 'system.registerRule', req.params.field, before, after);
      return ok(req, await system.registerSettings());
    },
  );
};
