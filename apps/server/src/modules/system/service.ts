import {
  type Permission,
  type RegisterFieldRule,
  DEFAULT_SUPPORT_HOURS,
  SYSTEM_STATUS,
  type SupportHours,
  supportHoursSchema,
  type SystemStatusValue,
  type Whitelabel,
  type WhitelabelModule,
} from '@wps/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_FLAGS, DEFAULT_MODULES, DEFAULT_REGISTER_RULES, DEFAULT_SETTINGS } from './defaults.ts';
import { countryOf } from './geoip.ts';
import {
  blockedCountries,
  customerServiceEntries,
  featureFlags,
  registerFieldRules,
  systemResources,
  systemSettings,
  whitelabelModules,
} from './schema.ts';

interface Snapshot {
  loadedAt: number;
  flags: Record<string, boolean>;
  modules: Array<typeof whitelabelModules.$inferSelect>;
  rules: RegisterFieldRule[];
  settings: Record<string, unknown>;
  blocked: Set<string>;
  customerService: Array<typeof customerServiceEntries.$inferSelect>;
  resources: Array<typeof systemResources.$inferSelect>;
}

export interface Maintenance {
  enabled: boolean;
  message: string | null;
}
export interface DomainRoute {
  mainDomain: string;
  domains: string[];
}

/**
 * Settings are read on nearly every request (status, flags), so they are cached in process.
 * A write through this service drops the cache at once; the TTL bounds how long another
 * instance can serve a stale value (a Redis broadcast would make that immediate, see docs/limits.md).
 */
const CACHE_TTL_MS = 10_000;

export class SystemService {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async ensureDefaults(): Promise<void> {
    const db = this.db;
    await db
      .insert(featureFlags)
      .values(Object.entries(DEFAULT_FLAGS).map(([code, enabled]) => ({ code, enabled })))
      .onConflictDoNothing();
    await db
      .insert(registerFieldRules)
      .values(DEFAULT_REGISTER_RULES.map((r, i) => ({ ...r, sort: i })))
      .onConflictDoNothing();
    await db.insert(whitelabelModules).values(DEFAULT_MODULES).onConflictDoNothing();
    await db
      .insert(systemSettings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    this.invalidate();
  }

  /** SPEC §5: the age a registering player confirms (AGE_MIN, 18 or 21). */
  get ageMin(): 18 | 21 {
    return this.config.ageMin;
  }

  invalidate(): void {
    this.snapshot = null;
  }

  private async load(): Promise<Snapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.snapshot.loadedAt < CACHE_TTL_MS) return this.snapshot;
    // Concurrent requests after expiry share one reload instead of stampeding the database.
    this.loading ??= this.reload().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async reload(): Promise<Snapshot> {
    const db = this.db;
    const [flags, modules, rules, settings, blocked, cs, resources] = await Promise.all([
      db.select().from(featureFlags),
      db.select().from(whitelabelModules).orderBy(asc(whitelabelModules.sort)),
      db.select().from(registerFieldRules).orderBy(asc(registerFieldRules.sort)),
      db.select().from(systemSettings),
      db.select().from(blockedCountries),
      db.select().from(customerServiceEntries).orderBy(asc(customerServiceEntries.sort)),
      db.select().from(systemResources).orderBy(asc(systemResources.sort)),
    ]);
    const snap: Snapshot = {
      loadedAt: Date.now(),
      flags: Object.fromEntries(flags.map((f) => [f.code, f.enabled])),
      modules,
      rules: rules.map(({ sort: _sort, ...r }) => r),
      settings: Object.fromEntries(settings.map((s) => [s.key, s.value])),
      blocked: new Set(blocked.map((b) => b.countryCode)),
      customerService: cs.filter((c) => c.enabled),
      resources,
    };
    this.snapshot = snap;
    return snap;
  }

  async maintenance(): Promise<Maintenance> {
    const s = await this.load();
    return (s.settings.maintenance as Maintenance | undefined) ?? { enabled: false, message: null };
  }

  async isFlagEnabled(code: string): Promise<boolean> {
    return (await this.load()).flags[code] ?? false;
  }

  async flags(): Promise<Record<string, boolean>> {
    return (await this.load()).flags;
  }

  async blockedCountries(): Promise<string[]> {
    return [...(await this.load()).blocked].sort();
  }

  /** SPEC §2: 1 maintenance, 2 region-blocked, 0 normal; maintenance wins. */
  async status(ip: string): Promise<SystemStatusValue> {
    const s = await this.load();
    const maintenance = (s.settings.maintenance as Maintenance | undefined) ?? {
      enabled: false,
      message: null,
    };
    const country = countryOf(ip);
    let status: SystemStatusValue['status'] = SYSTEM_STATUS.normal;
    if (maintenance.enabled) status = SYSTEM_STATUS.maintenance;
    else if (country && s.blocked.has(country)) status = SYSTEM_STATUS.regionBlocked;
    return { status, ip, country, maintenanceMessage: maintenance.enabled ? maintenance.message : null };
  }

  async whitelabel(): Promise<Whitelabel> {
    const s = await this.load();
    const byParent = new Map<string | null, Snapshot['modules']>();
    for (const m of s.modules) {
      const list = byParent.get(m.parentId) ?? [];
      list.push(m);
      byParent.set(m.parentId, list);
    }
    const build = (parent: string | null): WhitelabelModule[] =>
      (byParent.get(parent) ?? []).map((m) => ({
        modId: m.modId,
        name: m.name,
        enabled: m.enabled,
        childrenNodes: build(m.modId),
      }));
    return { merchantCode: this.config.merchantCode, flags: s.flags, modules: build(null) };
  }

  async registerSettings(): Promise<RegisterFieldRule[]> {
    return (await this.load()).rules;
  }

  async registerRule(field: string): Promise<RegisterFieldRule | undefined> {
    return (await this.load()).rules.find((r) => r.field === field);
  }

  async domainRoute(): Promise<DomainRoute> {
    const s = await this.load();
    return (s.settings.domainRoute as DomainRoute | undefined) ?? { mainDomain: 'localhost', domains: [] };
  }

  /** The support team's hours (Nepal time); the default until an operator sets them. */
  async supportHours(): Promise<SupportHours> {
    const parsed = supportHoursSchema.safeParse((await this.load()).settings.supportHours);
    return parsed.success ? parsed.data : DEFAULT_SUPPORT_HOURS;
  }

  async setSupportHours(h: SupportHours, actor: string | null): Promise<void> {
    await this.putSetting('supportHours', { from: h.from, to: h.to }, actor);
  }

  async permission(ip: string): Promise<Permission> {
    const s = await this.load();
    const [status, whitelabel, domainRoute, supportHours] = await Promise.all([
      this.status(ip),
      this.whitelabel(),
      this.domainRoute(),
      this.supportHours(),
    ]);
    const resources: Permission['info']['resources'] = {};
    for (const r of s.resources) {
      const list = resources[r.resourceType] ?? [];
      list.push({ resourceType: r.resourceType, labelNameEn: r.labelNameEn, url: r.url });
      resources[r.resourceType] = list;
    }
    return {
      info: {
        customerService: s.customerService.map((c) => ({
          csPosition: c.csPosition,
          title: c.title,
          // SPEC says the path is "encrypted, decrypted on the client". It is a public link, so
          // base64 is honest about what it is: an encoding that keeps it out of naive scrapers.
          path: Buffer.from(c.url, 'utf8').toString('base64'),
        })),
        domainRoute,
        resources,
        whitelabel,
        register: s.rules,
        mainDomain: domainRoute.mainDomain,
        analyticsId: (s.settings.analytics as { id: string | null } | undefined)?.id ?? null,
        imageCDNs: this.config.imageCdns,
        launchGameCDNs: this.config.launchGameCdns,
        ageMin: this.config.ageMin,
        liveStreams: this.config.liveHosts.length > 0,
        supportHours,
        currencySymbol: this.config.currencySymbol,
        languages: this.config.siteLanguages,
        defaultLanguage: this.config.defaultLanguage,
      },
      location: { ip, country: status.country },
      maintenance: status.status === SYSTEM_STATUS.maintenance,
      regionRestriction: status.status === SYSTEM_STATUS.regionBlocked,
    };
  }

  private async putSetting(key: string, value: unknown, actor: string | null): Promise<void> {
    await this.db
      .insert(systemSettings)
      .values({ key, value, updatedBy: actor })
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value, updatedBy: actor, updatedAt: sql`now()` },
      });
    this.invalidate();
  }

  async setMaintenance(m: Maintenance, actor: string | null): Promise<void> {
    await this.putSetting('maintenance', { enabled: m.enabled, message: m.message ?? null }, actor);
  }

  async setDomainRoute(d: DomainRoute, actor: string | null): Promise<void> {
    await this.putSetting('domainRoute', d, actor);
  }

  async setBlockedCountries(countries: string[]): Promise<void> {
    const unique = [...new Set(countries.map((c) => c.toUpperCase()))];
    await this.db.transaction(async (tx) => {
      await tx.delete(blockedCountries);
      if (unique.length)
        await tx.insert(blockedCountries).values(unique.map((countryCode) => ({ countryCode })));
    });
    this.invalidate();
  }

  async setFlag(code: string, enabled: boolean): Promise<boolean> {
    const rows = await this.db
      .update(featureFlags)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(featureFlags.code, code))
      .returning({ code: featureFlags.code });
    this.invalidate();
    return rows.length > 0;
  }

  async updateRegisterRule(rule: RegisterFieldRule): Promise<boolean> {
    const { field, ...rest } = rule;
    const rows = await this.db
      .update(registerFieldRules)
      .set(rest)
      .where(eq(registerFieldRules.field, field))
      .returning({ field: registerFieldRules.field });
    this.invalidate();
    return rows.length > 0;
  }

  async setModuleEnabled(modId: string, enabled: boolean): Promise<boolean> {
    const rows = await this.db
      .update(whitelabelModules)
      .set({ enabled })
      .where(eq(whitelabelModules.modId, modId))
      .returning({ modId: whitelabelModules.modId });
    this.invalidate();
    return rows.length > 0;
  }

  async addCustomerService(entry: {
    csPosition: string;
    title: string;
    url: string;
    sort?: number;
  }): Promise<void> {
    await this.db.insert(customerServiceEntries).values(entry);
    this.invalidate();
  }

  async addResource(entry: {
    resourceType: string;
    labelNameEn: string;
    url: string;
    sort?: number;
  }): Promise<void> {
    await this.db.insert(systemResources).values(entry);
    this.invalidate();
  }
}
