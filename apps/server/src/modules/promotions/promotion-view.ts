import {
  type ActivityStatus,
  type CompleteLocale,
  type ContentImage,
  fromMinor,
  isAgentType,
  isTrialType,
  type Promotion,
  type PromotionCategory,
  type PromotionClosedReason,
  type PromotionInput,
} from '@wps/contract';
import { AppError } from '../../http/errors.ts';
import { localized } from '../../http/i18n.ts';
import type { ContentService } from '../content/service.ts';
import type { Member, MembersService } from '../members/service.ts';
import type { promotionParticipations, promotions } from './schema.ts';

/**
 * What every part of the promotions service shares: the row types, whether a promotion is open
 * and for whom, a member's SPEC §4 status in it, and the API shape of a promotion. Pure, no I/O
 * beyond the two lookups at the end.
 */

export type PromotionRow = typeof promotions.$inferSelect;
/** The fields the reload/cashback/image work added: optional for callers written before them. */
type AddedKeys = 'imageId' | 'announcementImageIds' | 'period' | 'claimLimit' | 'minLoss' | 'autoCredit';
export type PromotionDraft = Omit<PromotionInput, AddedKeys> & Partial<Pick<PromotionInput, AddedKeys>>;
export type ParticipationRow = typeof promotionParticipations.$inferSelect;
export interface Actor {
  id: number;
  account: string;
  ip?: string | null;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const money = (v: bigint | null) => (v === null ? null : fromMinor(v));
const NEW_PLAYER_DAYS = 30;

export const fail = (
  messageKey:
    | 'promotionNotOpen'
    | 'promotionNotForYou'
    | 'promotionAlreadyJoined'
    | 'promotionNothingToClaim'
    | 'promotionWrongAction',
) => new AppError('CONFLICT', { messageKey });

/** The signed-in member, who must hold a real account (trial accounts have no promotions). */
export async function realMember(members: MembersService, memberId: number): Promise<Member> {
  const m = await members.getById(memberId);
  if (!m) throw new AppError('UNAUTHORIZED');
  if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
  return m;
}

export function isOpen(p: PromotionRow, now = new Date()): boolean {
  return p.enabled && p.startsAt <= now && (!p.endsAt || p.endsAt > now);
}

export function inAudience(p: PromotionRow, m: Member, now = new Date()): boolean {
  switch (p.audience) {
    case 'agents':
      return isAgentType(m.type);
    case 'players':
      return !isAgentType(m.type);
    case 'new_players':
      return !isAgentType(m.type) && now.getTime() - m.createdAt.getTime() < NEW_PLAYER_DAYS * 86_400_000;
    default:
      return true;
  }
}

/** SPEC §4 status of one promotion for one member (null member: a visitor, no status). */
export function statusOf(
  p: PromotionRow,
  part: ParticipationRow | undefined,
  m: Member | null,
  deposits: number,
  pending = 0n,
  now = new Date(),
): ActivityStatus | null {
  if (!m) return null;
  if (part) {
    // Recurring kinds stay joined; a computed cashback waits for the member's click.
    if (p.kind === 'cashback' && pending > 0n) return 'claim';
    if (part.status === 'issued' && p.kind !== 'deposit_bonus') return 'claimed';
    return part.status as ActivityStatus;
  }
  if (p.enabled && p.startsAt > now) return 'comingSoon';
  if (!isOpen(p, now) || !inAudience(p, m, now)) return 'closed';
  if (p.kind === 'deposit_bonus' || (p.kind === 'tickets' && p.depositNth))
    return deposits >= (p.depositNth ?? 1) ? 'closed' : 'join';
  if (p.kind === 'reload' || p.kind === 'cashback') return 'join';
  if (p.kind === 'free_bonus' || p.kind === 'tickets') return 'claim';
  return 'join';
}

/**
 * Why `statusOf` says closed (issue 27: "Closed" alone gave the player no reason); null when it
 * does not. A joined promotion closes when a deposit did not meet its terms, or when it ended.
 */
export function closedReasonOf(
  p: PromotionRow,
  part: ParticipationRow | undefined,
  m: Member,
  deposits: number,
  now = new Date(),
): PromotionClosedReason | null {
  if (part) return part.status !== 'closed' ? null : isOpen(p, now) ? 'notQualified' : 'ended';
  if (!isOpen(p, now)) return p.enabled && p.startsAt > now ? null : 'ended';
  if (!inAudience(p, m, now))
    return p.audience === 'agents'
      ? 'agentsOnly'
      : p.audience === 'players'
        ? 'playersOnly'
        : 'newPlayersOnly';
  if (
    (p.kind === 'deposit_bonus' || (p.kind === 'tickets' && p.depositNth)) &&
    deposits >= (p.depositNth ?? 1)
  )
    return 'depositMade';
  return null;
}

/** An image's widest WebP: what a plain `url` names. */
const widestOf = (image: ContentImage | null | undefined) => image?.variants[image.variants.length - 1]?.url;

export function toPromotion(
  p: PromotionRow,
  status: ActivityStatus | null,
  /** The uploaded images this promotion names (imagesOf); without them, none is shown. */
  images: ReadonlyMap<string, ContentImage> = new Map(),
  pending: bigint | null = null,
  /** The reader's language: the Nepali texts when written, the English otherwise (issue 27). */
  locale: CompleteLocale = 'en',
): Promotion {
  const image = (p.imageId && images.get(p.imageId)) || null;
  const widest = widestOf(image);
  // In the operator's order; an image no longer stored is skipped, the rest keep their sequence.
  const announcementImages = (p.announcementImageIds ?? []).flatMap((id) => {
    const img = images.get(id);
    const url = widestOf(img);
    return img && url ? [{ image: img, url }] : [];
  });
  return {
    id: p.id,
    title: localized(locale, p.title, p.titleNe),
    summary: localized(locale, p.summary, p.summaryNe),
    body: localized(locale, p.body, p.bodyNe),
    category: p.category as PromotionCategory,
    labels: p.labels as Promotion['labels'],
    imageUrl: widest ?? p.imageUrl,
    image,
    announcementImages: announcementImages.map((a, i) => ({ sequence: i + 1, ...a })),
    kind: p.kind as Promotion['kind'],
    startsAt: iso(p.startsAt),
    endsAt: p.endsAt ? iso(p.endsAt) : null,
    depositNth: p.depositNth,
    percent: p.percent,
    cap: money(p.cap),
    minDeposit: money(p.minDeposit),
    bonusAmount: money(p.bonusAmount),
    period: p.period as Promotion['period'],
    claimLimit: p.claimLimit,
    minLoss: money(p.minLoss),
    autoCredit: p.autoCredit,
    wageringMultiplier: p.wageringMultiplier,
    expiryDays: p.expiryDays,
    contributions: p.contributions,
    pendingAmount: pending && pending > 0n ? fromMinor(pending) : null,
    ticketKind: p.ticketKind as Promotion['ticketKind'],
    ticketCount: p.ticketCount,
    status,
  };
}

/** Uploaded images of many promotions in the content module's two queries. */
export async function imagesOf(
  content: ContentService,
  rows: PromotionRow[],
): Promise<Map<string, ContentImage>> {
  const ids = rows
    .flatMap((p) => [p.imageId, ...(p.announcementImageIds ?? [])])
    .filter((id): id is string => !!id);
  return ids.length ? content.imagesFor(ids) : new Map();
}
