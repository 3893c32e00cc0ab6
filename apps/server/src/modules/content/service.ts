import {
  type Banner,
  type BannerInput,
  type ContentImage,
  type HelpArticle,
  type HelpInput,
  type LiveHost,
  NOTICE_TYPES,
  type Notice,
  type NoticeExecution,
  type NoticeInput,
  type NoticeType,
  roomPath,
} from '@wps/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { MessagesService } from '../messages/service.ts';
import type { Actor, StoredImage } from './types.ts';
import { BannerCache } from './banner-cache.ts';
import { Feedback } from './feedback.ts';
import { type HeroAudience, type HomeShell, homeShell } from './home-shell.ts';
import { htmlText, sanitizeContentHtml } from './html.ts';
import { type EncodedImage, encodeContentImage, encodeProofImage } from './images.ts';
import {
  banners,
  contentImages,
  contentImageVariants,
  helpArticles,
  noticeReads,
  notices,
} from './schema.ts';

export type { Actor, StoredImage } from './types.ts';

type BannerRow = typeof banners.$inferSelect;
type NoticeRow = typeof notices.$inferSelect;
type HelpRow = typeof helpArticles.$inferSelect;

const AVIF = 'image/avif';
/** Where one stored width is served: WebP (or a proof's own format) and AVIF beside it. */
const imageUrl = (id: string, width: number, avif: boolean) =>
  avif ? `/wps/content/images/${id}/${width}/avif` : `/wps/content/images/${id}/${width}`;

/** yyyy-MM-dd hh:mm:ss in UTC (SPEC §3 notice timestamp). */
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Rows whose schedule covers now: open ends count as always. */
const scheduled = (t: { startsAt: AnyPgColumn; endsAt: AnyPgColumn }) =>
  and(or(isNull(t.startsAt), lte(t.startsAt, sql`now()`)), or(isNull(t.endsAt), gt(t.endsAt, sql`now()`)));

/** The home carousel's `sizes` (the web's banner-carousel.tsx says the same). */
const HOME_BANNER_SIZES = '(min-width: 1024px) 960px, 100vw';

/** The content language for a client code: complete catalogues only, English otherwise. */
export function contentLanguage(code: string | undefined): string {
  const v = (code ?? '').trim().toUpperCase();
  return v === 'NE' || v.startsWith('NE-') ? 'NE' : 'EN';
}

export class ContentService {
  /** Banners showing now, per language (see banner-cache.ts for when an entry goes stale). */
  private readonly bannerCache = new BannerCache<Banner[]>();
  /** Feedback tickets and their replies (feedback.ts). */
  readonly feedback: Feedback;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly deps: { audit: AuditService; auth: AuthService; messages: MessagesService },
  ) {
    this.feedback = new Feedback(db, {
      humanCheck: config.humanCheck,
      auth: deps.auth,
      messages: deps.messages,
      audit: deps.audit,
      imageWidest: (id) => this.imageWidest(id),
    });
  }

  private get imageLimits() {
    return { maxBytes: this.config.uploadLimitBytes, maxSide: this.config.imageMaxSide };
  }

  // ---- images ----

  private async saveImage(img: EncodedImage, uploadedBy: string, isPublic: boolean): Promise<string> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(contentImages)
        .values({ id: img.id, width: img.width, height: img.height, uploadedBy, public: isPublic });
      await tx.insert(contentImageVariants).values(img.variants.map((v) => ({ imageId: img.id, ...v })));
    });
    return img.id;
  }

  /** An operator's banner or notice image: checked, re-encoded, stored with its WebP widths. */
  async uploadImage(data: Buffer, actor: Actor) {
    const img = await encodeContentImage(data, this.imageLimits, 'image');
    await this.saveImage(img, actor.account, true);
    return this.imageInfo(img.id);
  }

  /** A member's proof for a not-received withdrawal: private, seen by operators only. */
  async uploadProof(data: Buffer, memberAccount: string): Promise<{ id: string }> {
    const img = await encodeProofImage(data, this.imageLimits, 'proof');
    return { id: await this.saveImage(img, `member:${memberAccount}`, false) };
  }

  async imageInfo(id: string) {
    const info = (await this.imagesFor([id])).get(id);
    if (!info) throw new AppError('NOT_FOUND');
    return info;
  }

  /** One stored width in one format (AVIF, or the other one). Private images only for operators. */
  async imageVariant(
    id: string,
    width: number,
    operator: boolean,
    format: 'avif' | 'default' = 'default',
  ): Promise<StoredImage> {
    const [row] = await this.db
      .select({
        data: contentImageVariants.data,
        mime: contentImageVariants.mime,
        public: contentImages.public,
      })
      .from(contentImageVariants)
      .innerJoin(contentImages, eq(contentImages.id, contentImageVariants.imageId))
      .where(
        and(
          eq(contentImageVariants.imageId, id),
          eq(contentImageVariants.width, width),
          format === 'avif' ? eq(contentImageVariants.mime, AVIF) : ne(contentImageVariants.mime, AVIF),
        ),
      );
    if (!row || (!row.public && !operator)) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The widest stored variant (a proof's only one), for the console. */
  async imageWidest(id: string): Promise<StoredImage> {
    const [row] = await this.db
      .select({ width: contentImageVariants.width })
      .from(contentImageVariants)
      .where(and(eq(contentImageVariants.imageId, id), ne(contentImageVariants.mime, AVIF)))
      .orderBy(desc(contentImageVariants.width))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return this.imageVariant(id, row.width, true);
  }

  // ---- banners ----

  /**
   * Images with their widths for many rows in two queries (not two per banner): `variants` are
   * the WebP widths (a proof's own format), `avif` the AVIF ones (none for older uploads).
   */
  async imagesFor(ids: string[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map<string, ContentImage>();
    const imgs = await this.db.select().from(contentImages).where(inArray(contentImages.id, unique));
    const variants = await this.db
      .select({
        imageId: contentImageVariants.imageId,
        width: contentImageVariants.width,
        height: contentImageVariants.height,
        mime: contentImageVariants.mime,
      })
      .from(contentImageVariants)
      .where(inArray(contentImageVariants.imageId, unique))
      .orderBy(asc(contentImageVariants.width));
    const of = (id: string, avif: boolean) =>
      variants
        .filter((v) => v.imageId === id && (v.mime === AVIF) === avif)
        .map((v) => ({ width: v.width, height: v.height, url: imageUrl(id, v.width, avif) }));
    return new Map(
      imgs.map((img) => [
        img.id,
        {
          id: img.id,
          width: img.width,
          height: img.height,
          variants: of(img.id, false),
          avif: of(img.id, true),
        },
      ]),
    );
  }

  private async bannerViews(rows: BannerRow[]): Promise<Banner[]> {
    const images = await this.imagesFor(rows.map((r) => r.imageId));
    return rows.flatMap((row) => {
      const image = images.get(row.imageId);
      if (!image) return [];
      return [
        {
          id: row.id,
          groupName: row.groupName as Banner['groupName'],
          title: row.title,
          url: image.variants[image.variants.length - 1]?.url ?? '',
          image,
          linkageType: row.linkageType as Banner['linkageType'],
          link: row.link,
        },
      ];
    });
  }

  /**
   * The home page's server-rendered parts (its first banner as a sized `<picture>`, and the
   * banners for the app to start from), from the cached banners: no query per page view.
   * English, as a first visit reads; the app re-reads the banners in another language.
   */
  async homeShell(audience: HeroAudience = 'everyone'): Promise<HomeShell> {
    return homeShell(await this.publicBanners('EN'), 'EN', HOME_BANNER_SIZES, audience);
  }

  /** Banners showing now in this language (or every language), by group and order. */
  async publicBanners(language: string | undefined, group?: string): Promise<Banner[]> {
    const lang = contentLanguage(language);
    const all = await this.bannerCache.get(lang, () => this.loadBanners(lang));
    return group ? all.filter((b) => b.groupName === group) : all;
  }

  private async loadBanners(lang: string): Promise<{ value: Banner[]; nextChange: number | null }> {
    const rows = await this.db
      .select()
      .from(banners)
      .where(
        and(
          eq(banners.enabled, true),
          scheduled(banners),
          or(isNull(banners.language), eq(banners.language, lang)),
        ),
      )
      .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
    // The next moment an enabled banner starts or ends: the cached list is wrong from then on.
    const [next] = await this.db
      .select({
        at: sql<Date | string | null>`least(
          min(${banners.startsAt}) filter (where ${banners.startsAt} > now()),
          min(${banners.endsAt}) filter (where ${banners.endsAt} > now()))`,
      })
      .from(banners)
      .where(eq(banners.enabled, true));
    const at = next?.at ? new Date(next.at).getTime() : null;
    return { value: await this.bannerViews(rows), nextChange: at };
  }

  private checkLink(input: { linkageType: string; link?: string | null | undefined }): string | null {
    const link = input.link?.trim() || null;
    if (input.linkageType === 'none') return null;
    const valid =
      input.linkageType === 'url'
        ? !!link && /^https:\/\/[^\s]+$/i.test(link)
        : !!link && /^\/[A-Za-z0-9/_\-?=&#.%]*$/.test(link) && !link.startsWith('//');
    if (!valid) throw new AppError('VALIDATION', { fields: { link: 'badRequest' } });
    return link;
  }

  async adminBanners() {
    const rows = await this.db
      .select()
      .from(banners)
      .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
    const views = new Map((await this.bannerViews(rows)).map((v) => [v.id, v]));
    return rows.flatMap((r) => {
      const view = views.get(r.id);
      if (!view) return [];
      return [
        {
          ...view,
          imageId: r.imageId,
          language: r.language,
          startsAt: iso(r.startsAt),
          endsAt: iso(r.endsAt),
          sort: r.sort,
          enabled: r.enabled,
        },
      ];
    });
  }

  async saveBanner(id: number | null, input: BannerInput, actor: Actor) {
    const link = this.checkLink(input);
    await this.imageInfo(input.imageId).catch(() => {
      throw new AppError('VALIDATION', { fields: { imageId: 'notFound' } });
    });
    const values = {
      groupName: input.groupName,
      title: input.title,
      imageId: input.imageId,
      linkageType: input.linkageType,
      link,
      language: input.language ?? null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      sort: input.sort,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    checkSchedule(values.startsAt, values.endsAt);
    const [row] =
      id === null
        ? await this.db.insert(banners).values(values).returning()
        : await this.db.update(banners).set(values).where(eq(banners.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.bannerCache.clear();
    await this.audit(
      actor,
      id === null ? 'content.banner.create' : 'content.banner.update',
      'banner',
      row.id,
      values,
    );
    return row.id;
  }

  async deleteBanner(id: number, actor: Actor) {
    const [row] = await this.db.delete(banners).where(eq(banners.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    this.bannerCache.clear();
    await this.audit(actor, 'content.banner.delete', 'banner', id, row);
  }

  // ---- notices ----

  private noticeView(r: NoticeRow): Notice {
    return {
      id: r.id,
      type: r.type as NoticeType,
      execution: r.execution as NoticeExecution,
      title: r.title,
      content: r.content,
      timestamp: stamp(r.startsAt ?? r.createdAt),
    };
  }

  private noticeWhere(language: string | undefined, types?: string, execution?: NoticeExecution): SQL {
    const wanted = (types ?? NOTICE_TYPES.join(','))
      .split(',')
      .map((t) => t.trim().toUpperCase())
      .filter((t): t is NoticeType => (NOTICE_TYPES as readonly string[]).includes(t));
    const lang = contentLanguage(language);
    const where: SQL[] = [
      eq(notices.enabled, true),
      scheduled(notices) as SQL,
      inArray(notices.type, wanted.length ? wanted : ['__none__']),
      sql`(cardinality(${notices.languages}) = 0 or ${lang} = any(${notices.languages}))`,
    ];
    if (execution) where.push(eq(notices.execution, execution));
    return and(...where) as SQL;
  }

  /** SPEC §7 GET notice: current notices of these types (and execution), newest first within order. */
  async publicNotices(q: {
    types?: string;
    execution?: NoticeExecution;
    language?: string;
  }): Promise<Notice[]> {
    const rows = await this.db
      .select()
      .from(notices)
      .where(this.noticeWhere(q.language, q.types, q.execution))
      .orderBy(asc(notices.sort), desc(notices.id))
      .limit(200);
    return rows.map((r) => this.noticeView(r));
  }

  /** The member's read notices among the current ones, and how many current ones are unread. */
  async readState(memberId: number, language: string | undefined) {
    const current = await this.db.select({ id: notices.id }).from(notices).where(this.noticeWhere(language));
    const ids = current.map((r) => r.id);
    if (!ids.length) return { readIds: [], unread: 0 };
    const read = await this.db
      .select({ id: noticeReads.noticeId })
      .from(noticeReads)
      .where(and(eq(noticeReads.memberId, memberId), inArray(noticeReads.noticeId, ids)));
    return { readIds: read.map((r) => r.id), unread: ids.length - read.length };
  }

  async markRead(memberId: number, noticeId: number) {
    const [n] = await this.db.select({ id: notices.id }).from(notices).where(eq(notices.id, noticeId));
    if (!n) throw new AppError('NOT_FOUND');
    await this.db.insert(noticeReads).values({ memberId, noticeId }).onConflictDoNothing();
  }

  async adminNotices() {
    const rows = await this.db.select().from(notices).orderBy(desc(notices.id)).limit(500);
    return rows.map((r) => ({
      ...this.noticeView(r),
      languages: r.languages,
      startsAt: iso(r.startsAt),
      endsAt: iso(r.endsAt),
      sort: r.sort,
      enabled: r.enabled,
    }));
  }

  async saveNotice(id: number | null, input: NoticeInput, actor: Actor) {
    const content = sanitizeContentHtml(input.content);
    if (!htmlText(content) && !content.includes('<img')) {
      throw new AppError('VALIDATION', { messageKey: 'htmlEmpty', fields: { content: 'htmlEmpty' } });
    }
    const values = {
      type: input.type,
      execution: input.execution,
      title: input.title,
      content,
      languages: [...new Set(input.languages.map((l) => contentLanguage(l)))],
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      sort: input.sort,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    checkSchedule(values.startsAt, values.endsAt);
    const [row] =
      id === null
        ? await this.db.insert(notices).values(values).returning()
        : await this.db.update(notices).set(values).where(eq(notices.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await this.audit(
      actor,
      id === null ? 'content.notice.create' : 'content.notice.update',
      'notice',
      row.id,
      values,
    );
    return row.id;
  }

  async deleteNotice(id: number, actor: Actor) {
    const [row] = await this.db.delete(notices).where(eq(notices.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await this.audit(actor, 'content.notice.delete', 'notice', id, row);
  }

  // ---- help ----

  private helpView = (r: HelpRow): HelpArticle => ({
    id: r.id,
    anchor: r.anchor,
    title: r.title,
    content: r.content,
  });

  /**
   * SPEC §7 help {lang, device}: the language's articles for the device (or every device),
   * English when the language has none; `q` searches titles and text.
   */
  async help(q: { lang?: string; device?: string; q?: string }): Promise<HelpArticle[]> {
    const device = (q.device ?? 'WEB').toUpperCase() === 'WEB' ? 'WEB' : 'ALL';
    const load = async (language: string) => {
      const where: SQL[] = [
        eq(helpArticles.enabled, true),
        eq(helpArticles.language, language),
        inArray(helpArticles.device, device === 'WEB' ? ['WEB', 'ALL'] : ['ALL']),
      ];
      const rows = await this.db
        .select()
        .from(helpArticles)
        .where(and(...where))
        .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
      return rows;
    };
    const lang = contentLanguage(q.lang);
    let rows = await load(lang);
    if (!rows.length && lang !== 'EN') rows = await load('EN');
    const term = q.q?.trim().toLowerCase();
    if (term)
      rows = rows.filter(
        (r) => r.title.toLowerCase().includes(term) || htmlText(r.content).toLowerCase().includes(term),
      );
    return rows.map(this.helpView);
  }

  async adminHelp() {
    const rows = await this.db
      .select()
      .from(helpArticles)
      .orderBy(asc(helpArticles.language), asc(helpArticles.sort), asc(helpArticles.id));
    return rows.map((r) => ({
      ...this.helpView(r),
      language: r.language,
      device: r.device,
      sort: r.sort,
      enabled: r.enabled,
    }));
  }

  async saveHelp(id: number | null, input: HelpInput, actor: Actor) {
    const values = {
      language: contentLanguage(input.language),
      device: input.device,
      anchor: input.anchor,
      title: input.title,
      content: sanitizeContentHtml(input.content),
      sort: input.sort,
      enabled: input.enabled,
      updatedAt: new Date(),
    };
    const [clash] = await this.db
      .select({ id: helpArticles.id })
      .from(helpArticles)
      .where(
        and(
          eq(helpArticles.language, values.language),
          eq(helpArticles.device, values.device),
          eq(helpArticles.anchor, values.anchor),
        ),
      );
    if (clash && clash.id !== id) {
      throw new AppError('CONFLICT', {
        messageKey: 'helpAnchorTaken',
        fields: { anchor: 'helpAnchorTaken' },
      });
    }
    const [row] =
      id === null
        ? await this.db.insert(helpArticles).values(values).returning()
        : await this.db.update(helpArticles).set(values).where(eq(helpArticles.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await this.audit(
      actor,
      id === null ? 'content.help.create' : 'content.help.update',
      'help',
      row.id,
      values,
    );
    return row.id;
  }

  async deleteHelp(id: number, actor: Actor) {
    const [row] = await this.db.delete(helpArticles).where(eq(helpArticles.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await this.audit(actor, 'content.help.delete', 'help', id, row);
  }

  // ---- live ----

  liveHosts(): LiveHost[] {
    return this.config.liveHosts.map((h) => ({
      id: h.id,
      name: h.name,
      avatarUrl: h.avatarUrl,
      online: h.online,
    }));
  }

  /** SPEC's "launch chat": the host's room in the site (modules/rooms), no longer an external page. */
  liveLaunch(id: string): { chatUrl: string } {
    if (!this.config.liveHosts.length) throw new AppError('NOT_ENABLED', { messageKey: 'liveNotConfigured' });
    const host = this.config.liveHosts.find((h) => h.id === id);
    if (!host) throw new AppError('NOT_FOUND');
    return { chatUrl: roomPath(host.id) };
  }

  private audit(actor: Actor, action: string, type: string, id: number, after: unknown) {
    return this.deps.audit.record({
      actor: { id: actor.id, account: actor.account },
      action,
      target: { type, id },
      before: null,
      after,
      ip: actor.ip,
    });
  }
}

function checkSchedule(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new AppError('VALIDATION', { fields: { endsAt: 'badRequest' } });
  }
}
