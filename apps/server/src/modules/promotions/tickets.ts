import {
  isTrialType,
  type PrizeTable,
  type PrizeTableInput,
  type Ticket,
  type TicketKind,
  type TicketList,
  type TicketReport,
} from '@wps/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { InhouseService } from '../inhouse/service.ts';
import type { MembersService } from '../members/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage, ticketName } from '../messages/templates.ts';
import type { PointsService } from '../points/service.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import type { BonusEngine, HiddenPromotion } from './bonus-engine.ts';
import { rewardTickets, type StoredPrize, ticketPrizeTables } from './schema.ts';
import type { Actor } from './promotion-view.ts';
import { drawTicket, payoutOf } from './ticket-math.ts';
import { ticketReport } from './ticket-report.ts';
import { TicketPrizeTables } from './ticket-tables.ts';
import { proofsOf, TICKET_TITLES, type TicketRow, type TicketSource, ticketOut } from './ticket-view.ts';

export { TICKET_TITLES, type TicketSource } from './ticket-view.ts';

export interface IssueRequest {
  memberId: number;
  kind: TicketKind;
  count: number;
  source: TicketSource;
  /** Names what earned them (`promo:3:42`): ticket i gets `${sourceKey}:${i}`, so a retry issues none. */
  sourceKey: string;
  promotionId?: number | null;
  title: string;
  /** The Nepali title for the member's message (empty: the English one). */
  titleNe?: string;
  issuedBy?: string | null;
}

const LIST_LIMIT = 100;
/** Bonus prizes expire like other bonuses: a week to meet the wagering. */
const BONUS_EXPIRY_DAYS = 7;
/**
 * The hidden promotion that bonus prizes of tickets no promotion issued are granted under (the
 * promotions report then shows tickets' cost on one line).
 */
const TICKETS_BONUS: HiddenPromotion = {
  title: 'Reward tickets',
  summary: 'Bonus prizes of reward tickets granted by the operator.',
  kind: 'tickets',
};

/**
 * Reward tickets (issue 14): prize tables per kind, tickets issued by promotions and operators,
 * and the draw. Opening a ticket is one transaction: the ticket row locked and moved from issued
 * to opened (the guard that makes two opens pay once), the member's seed pair locked for its
 * nonce, and the prize paid through the ledger (or the bonus engine, or points) under a key
 * named by the ticket id.
 */
export class TicketsService {
  private readonly prizeTables: TicketPrizeTables;

  constructor(
    private readonly db: Db,
    private readonly deps: {
      inhouse: InhouseService;
      wallet: WalletService;
      bonusEngine: BonusEngine;
      points: PointsService;
      members: MembersService;
      messages: MessagesService;
      audit: AuditService;
    },
  ) {
    this.prizeTables = new TicketPrizeTables(db, deps.audit);
  }

  // ---------------------------------------------------------------- prize tables (ticket-tables.ts)

  /** Every kind's table; a kind never set up is shown disabled and empty. */
  tables(): Promise<PrizeTable[]> {
    return this.prizeTables.tables();
  }

  saveTable(actor: Actor, kind: TicketKind, input: PrizeTableInput): Promise<PrizeTable> {
    return this.prizeTables.saveTable(actor, kind, input);
  }

  /** Demo tables (seed only): each kind without a table gets one. */
  ensureDemoTables(tables: Partial<Record<TicketKind, PrizeTableInput>>): Promise<boolean> {
    return this.prizeTables.ensureDemoTables(tables);
  }

  // ---------------------------------------------------------------- issuing

  /**
   * Issues tickets in the caller's transaction with a copy of the kind's prize table (the odds the
   * member is shown stay those of the day it was issued). Refused when the kind has no enabled table.
   */
  async issue(tx: Tx, req: IssueRequest): Promise<number[]> {
    const [table] = await tx.select().from(ticketPrizeTables).where(eq(ticketPrizeTables.kind, req.kind));
    if (!table || !table.enabled || table.prizes.length === 0)
      throw new AppError('CONFLICT', { messageKey: 'ticketTableMissing' });
    const rows = await tx
      .insert(rewardTickets)
      .values(
        Array.from({ length: req.count }, (_, i) => ({
          memberId: req.memberId,
          kind: req.kind,
          source: req.source,
          sourceKey: `${req.sourceKey}:${i}`,
          promotionId: req.promotionId ?? null,
          title: req.title,
          prizes: table.prizes,
          issuedBy: req.issuedBy ?? null,
        })),
      )
      .onConflictDoNothing({ target: rewardTickets.sourceKey })
      .returning({ id: rewardTickets.id });
    if (rows.length > 0)
      await this.deps.messages.send(
        req.memberId,
        systemMessage(
          'promotion',
          ['ticketsIssuedTitle', ticketName(req.kind), rows.length],
          [
            'ticketsIssued',
            req.title ? { en: req.title, ne: req.titleNe } : ticketName(req.kind),
            rows.length,
            { en: TICKET_TITLES[req.kind].toLowerCase(), ne: ticketName(req.kind).ne },
          ],
        ),
        tx,
      );
    return rows.map((r) => r.id);
  }

  /** The operator grants tickets to a player by account. */
  async grant(
    actor: Actor,
    input: { account: string; kind: TicketKind; count: number; note?: string | undefined },
  ) {
    const m = await this.deps.members.getByAccount(input.account);
    if (!m || isTrialType(m.type))
      throw new AppError('NOT_FOUND', {
        messageKey: 'ticketMemberUnknown',
        fields: { account: 'ticketMemberUnknown' },
      });
    return this.db.transaction(async (tx) => {
      const ids = await this.issue(tx, {
        memberId: m.id,
        kind: input.kind,
        count: input.count,
        source: 'operator',
        sourceKey: `grant:${crypto.randomUUID()}`,
        // Empty: the player's page names the kind in their language.
        title: input.note ?? '',
        issuedBy: actor.account,
      });
      await this.deps.audit.record(
        {
          actor,
          action: 'tickets.grant',
          target: { type: 'member', id: m.id },
          after: { kind: input.kind, count: input.count, note: input.note ?? null, ticketIds: ids },
          ip: actor.ip ?? null,
        },
        tx,
      );
      return { issued: ids.length, ticketIds: ids };
    });
  }

  // ---------------------------------------------------------------- member

  private async realMember(memberId: number) {
    const m = await this.deps.members.getById(memberId);
    if (!m) throw new AppError('UNAUTHORIZED');
    if (isTrialType(m.type)) throw new AppError('FORBIDDEN', { messageKey: 'realAccountNeeded' });
    return m;
  }

  /** Reward centre: unopened tickets first, then the latest opened ones, and the next draw's commitment. */
  async list(memberId: number): Promise<TicketList> {
    await this.realMember(memberId);
    const rows = await this.db
      .select()
      .from(rewardTickets)
      .where(eq(rewardTickets.memberId, memberId))
      .orderBy(sql`${rewardTickets.status} = 'opened'`, desc(rewardTickets.id))
      .limit(LIST_LIMIT);
    const [unopened] = await this.db
      .select({ n: count() })
      .from(rewardTickets)
      .where(and(eq(rewardTickets.memberId, memberId), eq(rewardTickets.status, 'issued')));
    const proofs = await proofsOf(this.deps.inhouse, rows);
    const seeds = await this.deps.inhouse.seeds.view(memberId);
    return {
      unopened: Number(unopened?.n ?? 0),
      next: { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
      tickets: rows.map((r) => ticketOut(r, proofs)),
    };
  }

  async unopenedCount(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(rewardTickets)
      .where(and(eq(rewardTickets.memberId, memberId), eq(rewardTickets.status, 'issued')));
    return Number(row?.n ?? 0);
  }

  /**
   * Opens a ticket: draws and pays once. A second open (a double tap, two tabs) waits on the row
   * lock, then finds it opened and answers the same result without paying again.
   */
  async open(memberId: number, ticketId: number): Promise<Ticket> {
    await this.realMember(memberId);
    const [peek] = await this.db
      .select({ promotionId: rewardTickets.promotionId, prizes: rewardTickets.prizes })
      .from(rewardTickets)
      .where(and(eq(rewardTickets.id, ticketId), eq(rewardTickets.memberId, memberId)));
    if (!peek) throw new AppError('NOT_FOUND');
    // Found before the transaction: it may insert the hidden promotion on first use.
    if (peek.promotionId === null && peek.prizes.some((p) => p.type === 'bonus'))
      await this.deps.bonusEngine.hiddenPromotion(TICKETS_BONUS);
    const row = await this.db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(rewardTickets)
        .where(and(eq(rewardTickets.id, ticketId), eq(rewardTickets.memberId, memberId)))
        .for('update');
      if (!t) throw new AppError('NOT_FOUND');
      if (t.status === 'opened') return t;
      const seed = await this.deps.inhouse.seeds.takeNonce(tx, memberId);
      const draw = drawTicket(seed, t.prizes);
      const [opened] = await tx
        .update(rewardTickets)
        .set({
          status: 'opened',
          seedId: seed.seedId,
          nonce: seed.nonce,
          float: draw.float,
          prizeIndex: draw.index,
          openedAt: sql`now()`,
        })
        .where(and(eq(rewardTickets.id, t.id), eq(rewardTickets.status, 'issued')))
        .returning();
      await this.pay(tx, opened!, t.prizes[draw.index]!);
      return opened!;
    });
    const proofs = await this.deps.inhouse.seeds.proofOf(row.seedId === null ? [] : [row.seedId]);
    return ticketOut(row, proofs);
  }

  /** Pays a drawn prize; every path is keyed by the ticket id, so it happens once. */
  private async pay(tx: Tx, t: TicketRow, prize: StoredPrize): Promise<void> {
    const pay = payoutOf(prize);
    if (pay.cash > 0n) {
      await this.deps.wallet.post(
        {
          key: `ticket:${t.id}`,
          reason: 'bonus',
          postings: [
            { account: Accounts.promotion(), amount: -pay.cash },
            { account: Accounts.cash(t.memberId), amount: pay.cash },
          ],
          metadata: { ticketId: t.id, kind: t.kind, promotionId: t.promotionId },
        },
        tx,
      );
    }
    if (pay.bonus > 0n) {
      // No participation moves with a ticket's bonus: the ticket is its own record.
      await this.deps.bonusEngine.grantUnder(tx, t.promotionId ?? TICKETS_BONUS, {
        memberId: t.memberId,
        amount: pay.bonus,
        wageringMultiplier: prize.wageringMultiplier,
        expiryDays: BONUS_EXPIRY_DAYS,
        contributions: {},
        sourceKey: `ticket:${t.id}`,
        title: [TICKET_TITLES[t.kind as TicketKind], t.title].filter(Boolean).join(': '),
      });
    }
    if (pay.points > 0n)
      await this.deps.points.credit(tx, t.memberId, pay.points, 'ticket', `ticket:${t.id}`);
  }

  // ---------------------------------------------------------------- report (ticket-report.ts)

  report(q: Parameters<typeof ticketReport>[2]): Promise<TicketReport> {
    return ticketReport(this.db, this.deps, q);
  }
}
