import { z } from 'zod';
import { safeString } from './safe.ts';
import { SYSTEM_STATUS } from './constants.ts';

export const systemStatusSchema = z.object({
  status: z.union([
    z.literal(SYSTEM_STATUS.normal),
    z.literal(SYSTEM_STATUS.maintenance),
    z.literal(SYSTEM_STATUS.regionBlocked),
  ]),
  ip: safeString(),
  country: safeString().nullable(),
  maintenanceMessage: safeString().nullable(),
});
export type SystemStatusValue = z.infer<typeof systemStatusSchema>;

export interface WhitelabelModule {
  modId: string;
  name: string;
  enabled: boolean;
  childrenNodes: WhitelabelModule[];
}
export const whitelabelModuleSchema: z.ZodType<WhitelabelModule> = z.lazy(() =>
  z.object({
    modId: safeString(),
    name: safeString(),
    enabled: z.boolean(),
    childrenNodes: z.array(whitelabelModuleSchema),
  }),
);

export const whitelabelSchema = z.object({
  merchantCode: safeString(),
  flags: z.record(z.string(), z.boolean()),
  modules: z.array(whitelabelModuleSchema),
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

/** Per-field registration rule (SPEC §3 public store, §5). */
export const registerFieldRuleSchema = z.object({
  field: safeString(),
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: safeString(),
  patternId: safeString(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;
export const registerSettingsSchema = z.array(registerFieldRuleSchema);

export const customerServiceSchema = z.object({
  csPosition: safeString(),
  title: safeString(),
  /** Spec says "encrypted, decrypted on the client": we send base64 so the client can decode; it is not a secret. */
  path: safeString(),
});
export const resourceSchema = z.object({
  resourceType: safeString(),
  labelNameEn: safeString(),
  url: safeString(),
});

export const domainRouteSchema = z.object({ mainDomain: safeString(), domains: z.array(safeString()) });
/** A host name (no scheme, port or path): letters, digits, dots and hyphens, or an IPv4 address. */
const hostName = safeString()
  .trim()
  .max(253)
  .regex(/^(?=.{1,253}$)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/);
/** PUT /wps/admin/system/domain-route. */
export const domainRouteUpdateSchema = z.object({
  mainDomain: hostName,
  domains: z.array(hostName).max(100),
});

/** PUT /wps/admin/content/support-hours and the permission payload (see support-hours.ts). */
const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);
export const supportHoursSchema = z
  .object({
    from: clockTime,
    to: z.union([clockTime, z.literal('24:00')]),
  })
  .refine((h) => h.from !== h.to, { message: 'badRequest', path: ['to'] });

export const permissionSchema = z.object({
  info: z.object({
    customerService: z.array(customerServiceSchema),
    domainRoute: domainRouteSchema,
    resources: z.record(z.string(), z.array(resourceSchema)),
    whitelabel: whitelabelSchema,
    register: registerSettingsSchema,
    mainDomain: safeString(),
    analyticsId: safeString().nullable(),
    imageCDNs: z.array(safeString()),
    launchGameCDNs: z.array(safeString()),
    /** SPEC §5: the age the register form asks the player to confirm (18 or 21, configured). */
    ageMin: z.union([z.literal(18), z.literal(21)]),
    /** SPEC §7 Live: hosts are configured, so menus may lead to the live-stream page. */
    liveStreams: z.boolean().optional(),
    /** The support team's hours (Nepal time), as the help centre states them. */
    supportHours: supportHoursSchema.optional(),
    /** SPEC §3 public store: the symbol amounts carry (configured, CURRENCY_SYMBOL). */
    currencySymbol: safeString(),
    /** SPEC §9: the languages the site offers (configured, SITE_LANGUAGES), the default first. */
    languages: z.array(safeString()).min(1),
    defaultLanguage: safeString(),
  }),
  location: z.object({ ip: safeString(), country: safeString().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** Operator-editable system settings. */
export const maintenanceUpdateSchema = z.object({
  enabled: z.boolean(),
  message: safeString().trim().max(500).nullable().optional(),
});
export const blockedCountriesUpdateSchema = z.object({
  countries: z.array(safeString().regex(/^[A-Z]{2}$/)).max(250),
});
