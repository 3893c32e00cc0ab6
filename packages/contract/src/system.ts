import { z } from 'zod';
import { SYSTEM_STATUS } from './constants.ts';

export const systemStatusSchema = z.object({
  status: z.union([
    z.literal(SYSTEM_STATUS.normal),
    z.literal(SYSTEM_STATUS.maintenance),
    z.literal(SYSTEM_STATUS.regionBlocked),
  ]),
  ip: z.string(),
  country: z.string().nullable(),
  maintenanceMessage: z.string().nullable(),
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
    modId: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    childrenNodes: z.array(whitelabelModuleSchema),
  }),
);

export const whitelabelSchema = z.object({
  merchantCode: z.string(),
  flags: z.record(z.string(), z.boolean()),
  modules: z.array(whitelabelModuleSchema),
});
export type Whitelabel = z.infer<typeof whitelabelSchema>;

/** Per-field registration rule (SPEC §3 public store, §5). */
export const registerFieldRuleSchema = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRuleSchema>;
export const registerSettingsSchema = z.array(registerFieldRuleSchema);

export const customerServiceSchema = z.object({
  csPosition: z.string(),
  title: z.string(),
  /** Spec says "encrypted, decrypted on the client": we send base64 so the client can decode; it is not a secret. */
  path: z.string(),
});
export const resourceSchema = z.object({
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});

export const domainRouteSchema = z.object({ mainDomain: z.string(), domains: z.array(z.string()) });

export const permissionSchema = z.object({
  info: z.object({
    customerService: z.array(customerServiceSchema),
    domainRoute: domainRouteSchema,
    resources: z.record(z.string(), z.array(resourceSchema)),
    whitelabel: whitelabelSchema,
    register: registerSettingsSchema,
    mainDomain: z.string(),
    analyticsId: z.string().nullable(),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** Operator-editable system settings. */
export const maintenanceUpdateSchema = z.object({
  enabled: z.boolean(),
  message: z.string().trim().max(500).nullable().optional(),
});
export const blockedCountriesUpdateSchema = z.object({
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
});
