import { randomInt } from 'node:crypto';
import { INVITE_LINKS_MAX, type InviteLink, type InviteLinkChannel } from '@wps/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { inviteLinkSignups, inviteLinks } from './schema.ts';

// Letters and digits that cannot be mistaken for each other when read aloud or off a poster.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const isUniqueViolation = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

type Row = typeof inviteLinks.$inferSelect;
const toLink = (r: Row, registrations: number): InviteLink => ({
  id: Number(r.id),
  code: r.code,
  name: r.name,
  channel: r.channel as InviteLinkChannel,
  enabled: r.enabled,
  registrations,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * Invite links (issue 31): a member's named links, each with its channel and the count of members
 * who registered through it. Only the owner reads or changes its links; registration (members
 * module) resolves a code and records the sign-up here.
 */
export class LinksService {
  constructor(private readonly db: Db) {}

  async list(ownerId: number): Promise<InviteLink[]> {
    const rows = await this.db
      .select({ link: inviteLinks, n: sql<string>`count(${inviteLinkSignups.memberId})::text` })
      .from(inviteLinks)
      .leftJoin(inviteLinkSignups, eq(inviteLinkSignups.linkId, inviteLinks.id))
      .where(eq(inviteLinks.ownerId, ownerId))
      .groupBy(inviteLinks.id)
      .orderBy(asc(inviteLinks.id));
    return rows.map((r) => toLink(r.link, Number(r.n)));
  }

  async create(ownerId: number, input: { name: string; channel: InviteLinkChannel }): Promise<InviteLink> {
    return this.db.transaction(async (tx) => {
      // One owner's creations queue here, so two at once cannot both pass the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invite_links'), ${ownerId})`);
      const [held] = await tx
        .select({ n: count() })
        .from(inviteLinks)
        .where(eq(inviteLinks.ownerId, ownerId));
      if ((held?.n ?? 0) >= INVITE_LINKS_MAX)
        throw new AppError('LIMIT_EXCEEDED', { messageKey: 'inviteLinksMax', args: [INVITE_LINKS_MAX] });
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await tx
            .insert(inviteLinks)
            .values({ ownerId, code: newCode(), name: input.name, channel: input.channel })
            .returning();
          return toLink(row!, 0);
        } catch (err) {
          // A code already taken (32^10 codes: practically never): draw again.
          if (!isUniqueViolation(err) || attempt >= 3) throw err;
        }
      }
    });
  }

  async update(
    ownerId: number,
    id: number,
    patch: {
      name?: string | undefined;
      channel?: InviteLinkChannel | undefined;
      enabled?: boolean | undefined;
    },
  ): Promise<InviteLink> {
    const [row] = await this.db
      .update(inviteLinks)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.channel !== undefined ? { channel: patch.channel } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        updatedAt: new Date(),
      })
      // Another member's link answers exactly as a missing one: its id tells nothing.
      .where(and(eq(inviteLinks.id, id), eq(inviteLinks.ownerId, ownerId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const [n] = await this.db
      .select({ n: count() })
      .from(inviteLinkSignups)
      .where(eq(inviteLinkSignups.linkId, row.id));
    return toLink(row, n?.n ?? 0);
  }

  /** An enabled link by its code (registration): its id and owner, or null. */
  async resolve(code: string): Promise<{ id: number; ownerId: number } | null> {
    const key = code.trim().toUpperCase();
    if (!key || key.length > 64) return null;
    const [row] = await this.db
      .select({ id: inviteLinks.id, ownerId: inviteLinks.ownerId })
      .from(inviteLinks)
      .where(and(eq(inviteLinks.code, key), eq(inviteLinks.enabled, true)));
    return row ? { id: Number(row.id), ownerId: row.ownerId } : null;
  }

  /** The new member registered through the link (once per member). */
  async recordSignup(linkId: number, memberId: number, ex: DbOrTx = this.db): Promise<void> {
    await ex.insert(inviteLinkSignups).values({ linkId, memberId }).onConflictDoNothing();
  }
}
