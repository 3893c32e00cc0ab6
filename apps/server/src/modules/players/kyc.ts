import { createHash } from 'node:crypto';
import { KYC_MAX_BYTES, type KycDocument, type KycStatus } from '@wps/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import { reencodeImage, sniffImage } from '../cashier/images.ts';
import type { MemberAdmin } from '../members/admin.ts';
import { playerKycDocuments } from './schema.ts';

type DocRow = typeof playerKycDocuments.$inferSelect;
type Kind = KycDocument['kind'];
interface Actor {
  id: number;
  account: string;
  ip?: string | null | undefined;
}

const PDF = Buffer.from('%PDF-');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const wrongType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'kycFileType', fields: { file: 'kycFileType' } });
const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', { messageKey: 'kycFileTooLarge', fields: { file: 'kycFileTooLarge' } });

/**
 * A PDF is judged by its bytes: the `%PDF-` signature and an `%%EOF` trailer near the end. It is
 * not rewritten (there is no safe re-encoder for it), so it is only ever served as a download
 * with `nosniff`, never inline.
 */
function checkPdf(data: Buffer): void {
  if (!data.subarray(0, PDF.length).equals(PDF)) throw wrongType();
  if (!data.subarray(Math.max(0, data.length - 1024)).includes('%%EOF')) throw wrongType();
}

/** KYC documents of a player: upload (operator), review with a reason, and the overall status. */
export class PlayerKyc {
  constructor(
    private readonly db: Db,
    private readonly deps: { admin: MemberAdmin; audit: AuditService },
    private readonly uploadLimitBytes: number,
  ) {}

  private out(r: DocRow): KycDocument {
    return {
      id: r.id,
      kind: r.kind as Kind,
      mime: r.mime,
      size: r.size,
      status: r.status as KycDocument['status'],
      reason: r.reason,
      uploadedBy: r.uploadedBy,
      reviewedBy: r.reviewedBy,
      reviewedAt: iso(r.reviewedAt),
      createdAt: r.createdAt.toISOString(),
      url: `/wps/admin/players/${r.memberId}/kyc/documents/${r.id}`,
    };
  }

  async list(memberId: number): Promise<KycDocument[]> {
    const rows = await this.db
      .select()
      .from(playerKycDocuments)
      .where(eq(playerKycDocuments.memberId, memberId))
      .orderBy(desc(playerKycDocuments.createdAt))
      .limit(100);
    return rows.map((r) => this.out(r));
  }

  /** approved: at least one approved document and none waiting; pending: any waiting. */
  async summary(memberId: number): Promise<{ status: KycStatus; documents: KycDocument[] }> {
    const documents = await this.list(memberId);
    const status: KycStatus = documents.some((d) => d.status === 'pending')
      ? 'pending'
      : documents.some((d) => d.status === 'approved')
        ? 'approved'
        : documents.length
          ? 'rejected'
          : 'none';
    return { status, documents };
  }

  async upload(actor: Actor, memberId: number, kind: Kind, data: Buffer | undefined): Promise<KycDocument> {
    if (!data || data.length === 0) throw wrongType();
    const limit = Math.min(KYC_MAX_BYTES, this.uploadLimitBytes);
    if (data.length > limit) throw tooLarge();
    let stored: { mime: string; data: Buffer };
    if (sniffImage(data) === 'image/png' || sniffImage(data) === 'image/jpeg') {
      const image = await reencodeImage(data, { maxBytes: limit, maxSide: 8000 }, 'file');
      stored = { mime: image.mime, data: image.data };
    } else if (data.subarray(0, PDF.length).equals(PDF)) {
      checkPdf(data);
      stored = { mime: 'application/pdf', data };
    } else {
      throw wrongType();
    }
    const [row] = await this.db.transaction(async (tx) => {
      if (!(await this.deps.admin.lock(tx, memberId))) throw new AppError('NOT_FOUND');
      const inserted = await tx
        .insert(playerKycDocuments)
        .values({
          memberId,
          kind,
          mime: stored.mime,
          size: stored.data.length,
          sha256: createHash('sha256').update(stored.data).digest('hex'),
          data: stored.data,
          uploadedBy: actor.account,
        })
        .returning();
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: 'player.kyc.upload',
          target: { type: 'member', id: memberId },
          after: { documentId: inserted[0]!.id, kind, mime: stored.mime, size: stored.data.length },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return inserted;
    });
    return this.out(row!);
  }

  async file(memberId: number, docId: string): Promise<{ mime: string; data: Buffer }> {
    const [row] = await this.db
      .select({ mime: playerKycDocuments.mime, data: playerKycDocuments.data })
      .from(playerKycDocuments)
      .where(and(eq(playerKycDocuments.id, docId), eq(playerKycDocuments.memberId, memberId)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Approve or reject a waiting document; a rejection needs a reason (the player is told why). */
  async review(actor: Actor, memberId: number, docId: string, approve: boolean, reason: string | undefined) {
    if (!approve && !reason?.trim()) {
      throw new AppError('VALIDATION', {
        messageKey: 'kycReasonRequired',
        fields: { reason: 'kycReasonRequired' },
      });
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: playerKycDocuments.status })
        .from(playerKycDocuments)
        .where(and(eq(playerKycDocuments.id, docId), eq(playerKycDocuments.memberId, memberId)))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'pending') throw new AppError('CONFLICT', { messageKey: 'kycAlreadyReviewed' });
      const status = approve ? 'approved' : 'rejected';
      const [updated] = await tx
        .update(playerKycDocuments)
        .set({ status, reason: reason?.trim() || null, reviewedBy: actor.account, reviewedAt: new Date() })
        .where(eq(playerKycDocuments.id, docId))
        .returning();
      await this.deps.audit.record(
        {
          actor: { id: actor.id, account: actor.account },
          action: approve ? 'player.kyc.approve' : 'player.kyc.reject',
          target: { type: 'member', id: memberId },
          before: { documentId: docId, status: 'pending' },
          after: { documentId: docId, status, reason: reason ?? null },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return this.out(updated!);
    });
  }
}
