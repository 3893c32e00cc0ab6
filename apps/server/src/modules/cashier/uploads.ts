import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { fieldError } from './amount.ts';
import { lockMember, type Viewer } from './core.ts';
import { type ImageMime, reencodeImage } from './images.ts';
import { cashierUploads } from './schema.ts';

/** A decoded and re-encoded image, ready to store. */
export type CleanImage = { mime: ImageMime; data: Buffer };

/**
 * Image uploads: proofs, receipts, channel QR codes and avatars, each re-encoded and counted
 * against its member's caps. Deposits, receipts and channels store their images through it.
 */
export class CashierUploads {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /** Decodes and re-encodes an uploaded image (outside any transaction: it is CPU work). */
  image(data: Buffer, field: string): Promise<CleanImage> {
    return reencodeImage(
      data,
      { maxBytes: this.config.uploadLimitBytes, maxSide: this.config.imageMaxSide },
      field,
    );
  }

  /** Stores a re-encoded image; a member's uploads are capped per rolling hour and in total bytes. */
  async store(
    tx: Tx,
    owner: { type: 'member' | 'operator'; id: number },
    purpose: string,
    image: CleanImage,
    field: string,
  ): Promise<string> {
    if (owner.type === 'member') {
      await lockMember(tx, owner.id);
      const [usage] = await tx
        .select({
          recent: sql<number>`(count(*) filter (where ${cashierUploads.createdAt} > now() - interval '1 hour'))::int`,
          total: sql<string>`coalesce(sum(${cashierUploads.size}), 0)::text`,
        })
        .from(cashierUploads)
        .where(and(eq(cashierUploads.ownerType, 'member'), eq(cashierUploads.ownerId, owner.id)));
      if ((usage?.recent ?? 0) >= this.config.uploadsPerHour) {
        throw new AppError('RATE_LIMITED', {
          messageKey: 'uploadsPerHourLimit',
          fields: { [field]: 'uploadsPerHourLimit' },
        });
      }
      if (BigInt(usage?.total ?? '0') + BigInt(image.data.length) > BigInt(this.config.uploadQuotaBytes)) {
        throw new AppError('PAYLOAD_TOO_LARGE', {
          messageKey: 'uploadQuotaExceeded',
          fields: { [field]: 'uploadQuotaExceeded' },
        });
      }
    }
    const [row] = await tx
      .insert(cashierUploads)
      .values({
        ownerType: owner.type,
        ownerId: owner.id,
        purpose,
        mime: image.mime,
        size: image.data.length,
        sha256: createHash('sha256').update(image.data).digest('hex'),
        data: image.data,
      })
      .returning({ id: cashierUploads.id });
    return row!.id;
  }

  /**
   * A member's avatar (SPEC §7 `/wps/member/info/icon`), through the same pipeline as proofs:
   * sniffed, decoded and re-encoded by sharp, counted against the member's upload caps. Answers
   * the upload id; the members module keeps which one is the avatar.
   */
  async storeAvatar(memberId: number, data: Buffer | undefined): Promise<string> {
    if (!data) throw fieldError('file', 'imageWrongType', [], 'VALIDATION');
    const image = await this.image(data, 'file');
    return this.db.transaction((tx) =>
      this.store(tx, { type: 'member', id: memberId }, 'avatar', image, 'file'),
    );
  }

  /** An image, for its owner, an operator with the cashier permission, or anyone signed in for a channel QR. */
  async upload(id: string, viewer: Viewer): Promise<{ mime: string; data: Buffer }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
    const [row] = await this.db.select().from(cashierUploads).where(eq(cashierUploads.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    const operator =
      viewer.role === 'operator' &&
      (viewer.permissions.includes('cashier') || viewer.permissions.includes('*'));
    const owner = row.ownerType === 'member' && viewer.role !== 'operator' && row.ownerId === viewer.memberId;
    if (!(operator || owner || row.purpose === 'channel_qr')) throw new AppError('NOT_FOUND');
    return { mime: row.mime, data: row.data };
  }
}
