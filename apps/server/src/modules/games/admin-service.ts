import { fromMinor, type Page } from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditActor, AuditService } from '../admin/service.ts';
import type { MembersService } from '../members/service.ts';
import { roundTransactions } from '../seamless/queries.ts';
import type { SeamlessService } from '../seamless/service.ts';
import { toGame } from './catalogue.ts';
import type { BettingRecords, RecordQuery } from './records.ts';
import { gameVendors, games } from './schema.ts';
import type { GamesService } from './service.ts';

export interface GamePatch {
  enabled?: boolean | undefined;
  maintenance?: boolean | undefined;
  isHot?: boolean | undefined;
  isNew?: boolean | undefined;
  sort?: number | undefined;
}
export interface VendorPatch {
  enabled?: boolean | undefined;
  maintenance?: boolean | undefined;
  sort?: number | undefined;
  launchUrlTemplate?: string | undefined;
  walletVendor?: string | null | undefined;
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The operator's games console: catalogue switches (audited) and the rounds search. */
export class GamesAdminService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      games: GamesService;
      records: BettingRecords;
      audit: AuditService;
      members: MembersService;
      seamless: SeamlessService;
    },
  ) {}

  async listGames(q: {
    keyword?: string | undefined;
    vendor?: string | undefined;
    gameType?: string | undefined;
    pageNo: number;
    pageSize: number;
  }) {
    const snap = await this.deps.games.catalogue.snapshot();
    const k = q.keyword?.toLowerCase();
    const rows = snap.games.filter(
      (g) =>
        (!q.vendor || g.vendor === q.vendor) &&
        (!q.gameType || g.gameType === q.gameType) &&
        (!k ||
          g.nameEn.toLowerCase().includes(k) ||
          g.gameCode.toLowerCase().includes(k) ||
          g.nodeId === q.keyword),
    );
    const start = (q.pageNo - 1) * q.pageSize;
    const content = rows
      .slice(start, start + q.pageSize)
      .map((g) => ({ ...toGame(g, 'en'), enabled: g.enabled, sort: g.sort }));
    return {
      content,
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: rows.length,
      totalPages: Math.ceil(rows.length / q.pageSize),
    } satisfies Page<(typeof content)[number]>;
  }

  async patchGame(actor: AuditActor, ip: string, gameId: number, patch: GamePatch) {
    const changes = defined(patch);
    const after = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(games).where(eq(games.id, gameId)).for('update');
      if (!before) throw new AppError('NOT_FOUND', { messageKey: 'gameNotFound' });
      const [row] = await tx
        .update(games)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(games.id, gameId))
        .returning();
      await this.deps.audit.record(
        { actor, action: 'games.game.update', target: { type: 'game', id: gameId }, before, after: row, ip },
        tx,
      );
      return row!;
    });
    this.deps.games.catalogue.invalidate();
    return { ...toGame(after, 'en'), enabled: after.enabled, sort: after.sort };
  }

  async listVendors() {
    const snap = await this.deps.games.catalogue.snapshot();
    const signing = await this.signingVendors();
    return snap.vendors.map((v) =>
      this.vendorView(v, snap.games.filter((g) => g.vendor === v.code).length, signing),
    );
  }

  /** Seamless vendors that can sign today: a secret (environment or database) and enabled. */
  private async signingVendors(): Promise<Set<string>> {
    const list = await this.deps.seamless.vendors.list();
    return new Set(list.filter((v) => v.enabled && v.secretSource !== 'none').map((v) => v.code));
  }

  private vendorView(v: typeof gameVendors.$inferSelect, gameCount: number, signing: Set<string>) {
    return {
      code: v.code,
      nameEn: v.nameEn,
      nameNe: v.nameNe,
      categories: v.categories,
      enabled: v.enabled,
      maintenance: v.maintenance,
      sort: v.sort,
      launchUrlTemplate: v.launchUrlTemplate,
      walletVendor: v.walletVendor,
      markText: v.markText,
      markColor: v.markColor,
      gameCount,
      // Same source as the seamless signature check: SEAMLESS_VENDOR_SECRETS, SANDBOX_VENDOR_SECRET or
      // the per-installation secret in seamless_vendors (a disabled seamless vendor cannot sign).
      secretConfigured: signing.has(v.walletVendor ?? v.code),
    };
  }

  async patchVendor(actor: AuditActor, ip: string, code: string, patch: VendorPatch) {
    const changes = defined(patch);
    const after = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(gameVendors).where(eq(gameVendors.code, code)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      const [row] = await tx
        .update(gameVendors)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(gameVendors.code, code))
        .returning();
      await this.deps.audit.record(
        {
          actor,
          action: 'games.vendor.update',
          target: { type: 'game_vendor', id: code },
          before,
          after: row,
          ip,
        },
        tx,
      );
      return row!;
    });
    this.deps.games.catalogue.invalidate();
    const snap = await this.deps.games.catalogue.snapshot();
    return this.vendorView(
      after,
      snap.games.filter((g) => g.vendor === code).length,
      await this.signingVendors(),
    );
  }

  async rounds(q: RecordQuery & { account?: string | undefined; roundId?: string | undefined }) {
    let memberId: number | undefined;
    if (q.account) {
      const m = await this.deps.members.getByAccount(q.account);
      if (!m)
        return {
          content: [],
          pageNum: q.pageNo,
          pageSize: q.pageSize,
          total: 0,
          totalPages: 0,
          totals: this.deps.records.totals({ count: 0, stake: 0n, payout: 0n, validStake: 0n }),
        };
      memberId = m.id;
    }
    const page = await this.deps.records.list({ memberId, roundId: q.roundId }, q, 'en');
    const accounts = new Map<number, string>();
    for (const id of new Set(page.content.map((r) => r.memberId)))
      accounts.set(id, (await this.deps.members.getById(id))?.account ?? '');
    return { ...page, content: page.content.map((r) => ({ ...r, account: accounts.get(r.memberId) ?? '' })) };
  }

  async roundDetail(memberId: number, vendor: string, roundId: string) {
    const detail = await this.deps.records.detail(memberId, roundId, vendor, 'en');
    if (!detail) throw new AppError('NOT_FOUND');
    const member = await this.deps.members.getById(memberId);
    const txs =
      detail.source === 'seamless' ? await roundTransactions(this.db, vendor, roundId, memberId) : [];
    return {
      ...detail,
      memberId,
      account: member?.account ?? '',
      transactions: txs.map((t) => ({
        id: t.id,
        txId: t.txId,
        kind: t.kind,
        refTxId: t.refTxId,
        amount: t.amount === null ? null : fromMinor(BigInt(t.amount)),
        status: t.status,
        code: t.code,
        time: new Date(t.createdAt).toISOString(),
      })),
    };
  }
}
