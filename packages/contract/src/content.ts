import { z } from 'zod';
import { SPEC } from './constants.ts';
import { intFromText, safeString } from './safe.ts';
import { pageOf, pageQuerySchema } from './wallet.ts';

/**
 * Site content (issue 13): banners, announcements and notices, the help centre, feedback and
 * live hosts. Public reads are cacheable (ETag, short max-age); the console edits them.
 */

/** SPEC §3 banner groups: the home carousel, the side menu, and the three account popups. */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];
/** What a click on a banner does: nothing, open an external URL, or an in-app route (/promotions). */
export const BANNER_LINK_TYPES = ['none', 'url', 'route'] as const;

/** SPEC §7 notice types: B (banner notice), PL, PU, PR, H. */
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
/** SPEC §3 execution: A every session, B at start-up (marquee/startup), F on first-time login. */
export const NOTICE_EXECUTIONS = ['A', 'B', 'F'] as const;
export type NoticeExecution = (typeof NOTICE_EXECUTIONS)[number];

/** SPEC §3 question types with their numeric codes. */
export const FEEDBACK_TYPES = {
  other: 0,
  deposit: 1,
  withdraw: 2,
  game: 3,
  service: 4,
  applyAgent: 6,
} as const;
export const FEEDBACK_TYPE_CODES = [1, 2, 3, 4, 6, 0] as const;
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
/** The inbox message kind of an operator's reply to a feedback ticket (its title is shown translated). */
export const FEEDBACK_MESSAGE_KIND = 'feedback';

/** Content language: a SPEC language code ('EN', 'NE'), or null for every language. */
const languageCode = safeString()
  .trim()
  .toUpperCase()
  .max(10)
  .regex(/^[A-Z-]{2,10}$/);
const isoDate = z.string().describe('ISO date-time');

/** One encoded width of an uploaded image. */
export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const contentImageSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** WebP widths (a proof: its own format), ascending by width, for srcset. */
  variants: z.array(imageVariantSchema),
  /** AVIF at the same widths, ascending (empty for images stored before AVIF): a `<picture>` source. */
  avif: z.array(imageVariantSchema),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  url: z.string().describe('Default image URL (the widest WebP variant)'),
  image: contentImageSchema,
  linkageType: z.enum(BANNER_LINK_TYPES),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannersQuerySchema = z.object({
  language: safeString().max(10).optional(),
  group: z.enum(BANNER_GROUPS).optional(),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  execution: z.enum(NOTICE_EXECUTIONS),
  title: z.string(),
  /** Sanitised on save: no scripts, no event handlers, links open with rel=noopener. */
  content: z.string(),
  /** SPEC §3 format yyyy-MM-dd hh:mm:ss (UTC). */
  timestamp: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeQuerySchema = z.object({
  /** Comma separated: 'B,PL,PU,PR,H' (dialog) or 'B,PL,PU,PR' (start-up). */
  types: safeString().max(40).optional(),
  execution: z.enum(NOTICE_EXECUTIONS).optional(),
  platform: safeString().max(10).optional(),
  language: safeString().max(10).optional(),
});

export const noticeReadStateSchema = z.object({
  readIds: z.array(z.number().int()),
  unread: z.number().int(),
});
export const noticeIdParamsSchema = z.object({
  id: intFromText(z.number().int().positive().max(2_147_483_647)),
});

export const helpArticleSchema = z.object({
  id: z.number().int(),
  /** The /help#term anchor. */
  anchor: z.string(),
  title: z.string(),
  content: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
export const helpQuerySchema = z.object({
  lang: safeString().max(10).optional(),
  device: safeString().max(10).optional(),
  q: safeString().trim().max(100).optional(),
});

/** PUT /wps/feedback body (SPEC §7): the fields inside `data`. */
export const feedbackInputSchema = z.object({
  data: z.object({
    content: safeString().max(2000).optional(),
    sender: safeString().max(64).optional(),
    /** Missing or null is reported with the other empty fields ('type, content is empty'). */
    type: intFromText(z.number().int().min(-1).max(1000)).nullable().optional(),
    captcha: safeString().max(20).optional(),
    captchaKey: safeString().max(64).optional(),
    /** A proof image id from POST /wps/feedback/proof (withdrawal not received). */
    proofId: safeString().max(64).optional(),
  }),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>['data'];

export const feedbackReplySchema = z.object({
  id: z.number().int(),
  author: z.enum(['operator', 'member']),
  body: z.string(),
  createdAt: isoDate,
});
export const feedbackTicketSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  sender: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  hasProof: z.boolean(),
  createdAt: isoDate,
  replies: z.array(feedbackReplySchema),
});
export type FeedbackTicket = z.infer<typeof feedbackTicketSchema>;
export const feedbackTicketPageSchema = pageOf(feedbackTicketSchema);
export const feedbackListQuerySchema = pageQuerySchema;

export const liveHostSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  online: z.boolean(),
});
export type LiveHost = z.infer<typeof liveHostSchema>;
export const liveLaunchSchema = z.object({ chatUrl: z.string() });
export const liveLaunchQuerySchema = z.object({ id: safeString().max(64) });

// ---- Operator console ----

const optionalDate = z.union([z.iso.datetime({ offset: true }), z.null()]).optional();

export const bannerInputSchema = z.object({
  groupName: z.enum(BANNER_GROUPS),
  title: safeString().trim().max(120).default(''),
  imageId: safeString().max(64),
  linkageType: z.enum(BANNER_LINK_TYPES).default('none'),
  link: safeString().trim().max(500).nullable().optional(),
  language: languageCode.nullable().optional(),
  startsAt: optionalDate,
  endsAt: optionalDate,
  sort: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;
export const adminBannerSchema = bannerSchema.extend({
  imageId: z.string(),
  language: z.string().nullable(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const noticeInputSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  execution: z.enum(NOTICE_EXECUTIONS).default('A'),
  title: safeString().trim().min(1).max(200),
  content: safeString().max(50_000),
  languages: z.array(languageCode).max(40).default([]),
  startsAt: optionalDate,
  endsAt: optionalDate,
  sort: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});
export type NoticeInput = z.infer<typeof noticeInputSchema>;
export const adminNoticeSchema = noticeSchema.extend({
  languages: z.array(z.string()),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const helpInputSchema = z.object({
  language: languageCode,
  device: z.enum(['WEB', 'ALL']).default('ALL'),
  anchor: safeString()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
  title: safeString().trim().min(1).max(200),
  content: safeString().max(50_000),
  sort: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});
export type HelpInput = z.infer<typeof helpInputSchema>;
export const adminHelpSchema = helpArticleSchema.extend({
  language: z.string(),
  device: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});

export const feedbackReplyInputSchema = z.object({
  body: safeString().trim().min(1).max(2000),
  /** Close the ticket with this reply. */
  close: z.boolean().default(false),
});
export const adminFeedbackQuerySchema = pageQuerySchema.extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
});
export const adminFeedbackTicketSchema = feedbackTicketSchema.extend({
  memberAccount: z.string().nullable(),
});
export const adminFeedbackPageSchema = pageOf(adminFeedbackTicketSchema);
export const contentIdParamsSchema = z.object({
  id: intFromText(z.number().int().positive().max(2_147_483_647)),
});

/** Feedback description bounds (SPEC §5, §9), shared by the popup's counter and the server. */
export const FEEDBACK_LIMITS = SPEC.feedback;

// ---- Customer-service entries and resources (SPEC §3), edited in the console ----

/** SPEC §2 side-menu contacts: live chat, Telegram 1 to 3, Facebook 1, WhatsApp. */
export const CS_POSITIONS = [
  'LIVECHAT',
  'TELEGRAM1',
  'TELEGRAM2',
  'TELEGRAM3',
  'FACEBOOK1',
  'WHATSAPP',
] as const;
/**
 * A path of this site that stays on it once a browser resolves it. Browsers read `\` as `/` in
 * http(s) URLs, so `/\evil.example` opens another host, as `//evil.example` does (issue 28).
 */
const staysOnSite = (path: string): boolean => {
  try {
    return new URL(path, 'https://site.invalid').host === 'site.invalid';
  } catch {
    return false;
  }
};
/** An https:// (or http://) link or a path of this site; what the client will open. No backslash. */
const contactUrl = safeString()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/[^\s/\\]+[^\s\\]*|\/(?![/\\])[^\s\\]*)$/i)
  .refine((v) => /^https?:/i.test(v) || staysOnSite(v), 'badRequest');

export const contactInputSchema = z.object({
  csPosition: z.enum(CS_POSITIONS),
  title: safeString().trim().min(1).max(80),
  url: contactUrl,
  sort: z.number().int().min(0).max(10_000).default(0),
  enabled: z.boolean().default(true),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export const adminContactSchema = contactInputSchema.extend({ id: z.number().int(), csPosition: z.string() });

export const resourceInputSchema = z.object({
  /** APP (iOS/Android download links of the side menu), WHATSAPP … */
  resourceType: safeString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9_]{0,31}$/),
  labelNameEn: safeString().trim().min(1).max(80),
  url: contactUrl,
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type ResourceInput = z.infer<typeof resourceInputSchema>;
export const adminResourceSchema = resourceInputSchema.extend({ id: z.number().int() });
