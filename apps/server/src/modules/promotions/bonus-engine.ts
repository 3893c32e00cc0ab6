import { type BonusSummary, fromMinor } from '@wps/contract';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditService } from '../admin/service.ts';
import type { BetRow, BetsService } from '../bets/service.ts';
import type { MessagesService } from '../messages/service.ts';
import { systemMessage } from '../messages/templates.ts';
import { Accounts } from '../wallet/accounts.ts';
import type { WalletService } from '../wallet/service.ts';
import { bonusGrants, type Contributions, promotionParticipations, promotions } from './schema.ts';
import { findOrMakeHidden, type HiddenPromotion } from './hidden-promotion.ts';

export type { HiddenPromotion } from './hidden-promotion.ts';
import { advance, contributionOf, progressOf, wageringRequirement } from './wagering-math.ts';
import { BetsConsumer } from '../bets/consumers.ts';

type GrantRow = typeof bonusGrants.$inferSelect;

/** The bets-record consumer that drives wagering (DESIGN §7: one high-water mark per consumer). */
export const WAGERING_CONSUMER = 'promotions.wagering';
const BATCH = 500;

export interface GrantRequest {
  memberId: number;
  promotionId: number;
  /** The participation to move to `process` (null: a recurring kind whose participation stays joined). */
  participationId: number | null;
  amount: bigint;
  wageringMultiplier: number;
  expiryDays: number;
  contributions: Contributions;
  /** What earned it (`deposit:12:3`, `claim:3:42`): the grant and its ledger posting happen once per key. */
  sourceKey: string;
  title: string;
  /** The promotion's Nepali title for the member's message (empty: the English one). */
  titleNe?: string;
}

/** A grant under a hidden promotion: no participation moves (the feature's own row is the record). */
export type HiddenGrant = Omit<GrantRequest, 'promotionId' | 'participationId'>;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Bonus money on the ledger. A grant moves money from the promotion account to the member's
 * bonus account; it converts to cash (bonus → cash, one ledger transaction, once) when the
 * wagering requirement is met, or goes back to the promotion account when it expires.
 * Wagering follows the bets record: each valid stake settled while a grant is active counts
 * toward the member's oldest active grant, at that grant's per-game-type contribution.
 */
export class BonusEngine {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      bets: BetsService;
      messages: MessagesService;
      audit: AuditService;
    },
  ) {}

  /** Hidden promotions' ids by title, once found or made in this process; and lookups under way. */
  private hiddenIds = new Map<string, number>();
  private hiddenLookups = new Map<string, Promise<number>>();

  /**
   * The hidden promotion's id, found (the newest disabled one of that title and kind) or made on
   * first use. Call it outside any transaction: a maker inside a long transaction could make a
   * second one beside a concurrent maker (and on the embedded database would wait on itself);
   * callers in this process share one lookup.
   */
  async hiddenPromotion(h: HiddenPromotion): Promise<number> {
    const known = this.hiddenIds.get(h.title);
    if (known !== undefined) return known;
    let lookup = this.hiddenLookups.get(h.title);
    if (!lookup) {
      lookup = findOrMakeHidden(this.db, this.deps.audit, h).finally(() =>
        this.hiddenLookups.delete(h.title),
      );
      this.hiddenLookups.set(h.title, lookup);
    }
    const id = await lookup;
    this.hiddenIds.set(h.title, id);
    return id;
  }

  /** Whether `hiddenPromotion` already found it (a transaction, which must not make it, asks first). */
  hasHiddenPromotion(h: HiddenPromotion): boolean {
    return this.hiddenIds.has(h.title);
  }

  /**
   * Grants a bonus under a hidden promotion (or, given a number, under that promotion) in the
   * caller's transaction, once per source key. The hidden promotion must have been found first
   * (`hiddenPromotion`, outside the transaction).
   */
  async grantUnder(tx: Tx, under: HiddenPromotion | number, g: HiddenGrant): Promise<GrantRow | null> {
    const promotionId = typeof under === 'number' ? under : this.hiddenIds.get(under.title);
    if (promotionId === undefined)
      throw new Error(`hidden promotion not found yet: ${(under as HiddenPromotion).title}`);
    return this.grant(tx, { ...g, promotionId, participationId: null });
  }

  /** Grants a bonus in the caller's transaction; a second call with the same source key does nothing. */
  async grant(tx: Tx, g: GrantRequest): Promise<GrantRow | null> {
    const required = wageringRequirement(g.amount, g.wageringMultiplier);
    const [row] = await tx
      .insert(bonusGrants)
      .values({
        memberId: g.memberId,
        promotionId: g.promotionId,
        sourceKey: g.sourceKey,
        amount: g.amount,
        wageringRequired: required,
        contributions: g.contributions,
        status: 'active',
        expiresAt: sql`now() + make_interval(days => ${g.expiryDays})`,
      })
      .onConflictDoNothing({ target: bonusGrants.sourceKey })
      .returning();
    if (!row) return null;
    await this.deps.wallet.post(
      {
        key: `bonus_grant:${row.id}`,
        reason: 'bonus',
        postings: [
          { account: Accounts.promotion(), amount: -g.amount },
          { account: Accounts.bonus(g.memberId), amount: g.amount },
        ],
        metadata: { promotionId: g.promotionId, grantId: row.id },
      },
      tx,
    );
    if (g.participationId !== null)
      await tx
        .update(promotionParticipations)
        .set({ status: 'process', updatedAt: sql`now()` })
        .where(eq(promotionParticipations.id, g.participationId));
    await this.deps.messages.send(
      g.memberId,
      systemMessage(
        'bonus',
        ['bonusIssuedTitle', { en: g.title, ne: g.titleNe }],
        required > 0n
          ? ['bonusIssuedWagering', fromMinor(g.amount), fromMinor(required), iso(row.expiresAt).slice(0, 10)]
          : ['addedToBalance', fromMinor(g.amount)],
      ),
      tx,
    );
    if (required === 0n) return (await this.convert(tx, row)) ?? row;
    return row;
  }

  /** Active → converted, and bonus → cash, exactly once (the status update is the guard). */
  private async convert(tx: Tx, grant: GrantRow): Promise<GrantRow | null> {
    const [done] = await tx
      .update(bonusGrants)
      .set({ status: 'converted', settledAt: sql`now()`, wagered: grant.wagered })
      .where(and(eq(bonusGrants.id, grant.id), eq(bonusGrants.status, 'active')))
      .returning();
    if (!done) return null;
    await this.deps.wallet.post(
      {
        key: `bonus_convert:${grant.id}`,
        reason: 'bonus',
        postings: [
          { account: Accounts.bonus(grant.memberId), amount: -grant.amount },
          { account: Accounts.cash(grant.memberId), amount: grant.amount },
        ],
        metadata: { promotionId: grant.promotionId, grantId: grant.id },
      },
      tx,
    );
    await this.settleParticipation(tx, grant, 'issued');
    await this.deps.messages.send(
      grant.memberId,
      systemMessage('bonus', ['bonusConvertedTitle'], ['bonusConverted', fromMinor(grant.amount)]),
      tx,
    );
    return done;
  }

  private async settleParticipation(tx: Tx, grant: GrantRow, status: 'issued' | 'closed') {
    await tx
      .update(promotionParticipations)
      .set({ status, updatedAt: sql`now()` })
      .where(
        and(
          eq(promotionParticipations.promotionId, grant.promotionId),
          eq(promotionParticipations.memberId, grant.memberId),
          eq(promotionParticipations.status, 'process'),
        ),
      );
  }

  /** Feeds a batch of the bets record to the members' active grants (in the consumer's transaction). */
  async applyBets(rows: BetRow[], tx: Tx): Promise<void> {
    const relevant = rows.filter((r) => !r.trial && r.validStake !== 0n);
    if (relevant.length === 0) return;
    const memberIds = [...new Set(relevant.map((r) => r.memberId))];
    const grants = await tx
      .select()
      .from(bonusGrants)
      .where(and(inArray(bonusGrants.memberId, memberIds), eq(bonusGrants.status, 'active')))
      .orderBy(asc(bonusGrants.id))
      .for('update');
    if (grants.length === 0) return;
    const byMember = new Map<number, GrantRow[]>();
    for (const g of grants) byMember.set(g.memberId, [...(byMember.get(g.memberId) ?? []), g]);
    const changed = new Set<GrantRow>();
    for (const bet of relevant) {
      const open = byMember.get(bet.memberId);
      // Only play after the bonus was given and before it expired counts; the oldest grant first.
      const grant = open?.find((g) => g.createdAt <= bet.settledAt && g.expiresAt > bet.settledAt);
      if (!grant) continue;
      const step = advance(
        grant.wagered,
        grant.wageringRequired,
        contributionOf(grant.contributions, bet.gameType, bet.validStake, bet.gameCode),
      );
      grant.wagered = step.wagered;
      changed.add(grant);
      if (step.met) {
        await this.convert(tx, grant);
        byMember.set(
          bet.memberId,
          open!.filter((g) => g !== grant),
        );
        changed.delete(grant);
      }
    }
    for (const g of changed) {
      await tx.update(bonusGrants).set({ wagered: g.wagered }).where(eq(bonusGrants.id, g.id));
    }
  }

  /** The wagering consumer of the bets record (bets/consumers.ts): one runner, drained to the horizon by jobs. */
  private consumerRunner: BetsConsumer | null = null;

  get consumer(): BetsConsumer {
    this.consumerRunner ??= new BetsConsumer(this.db, this.deps.bets, WAGERING_CONSUMER, BATCH, (rows, tx) =>
      this.applyBets(rows, tx),
    );
    return this.consumerRunner;
  }

  /**
   * Drains the bets record into this consumer: pages call it with a few batches on every view
   * (callers in one process share one run), jobs without a limit, to the horizon.
   */
  catchUp(maxBatches?: number): Promise<number> {
    return this.consumer.catchUp(maxBatches);
  }

  /**
   * Forfeits grants whose time ran out: the bonus goes back to the promotion account. Only up to
   * the wagering consumer's watermark (bets/consumers.ts): a grant whose wagering was met by bets
   * settled before it expired is converted first, however far behind the consumer was (issue 26:
   * the consumer drained 10,000 rows a minute and met bonuses were forfeited).
   */
  async expire(now: Date): Promise<number> {
    await this.consumer.through(now);
    const through = await this.consumer.consumedThrough();
    if (!through) return 0;
    const cutoff = through < now ? through : now;
    const due = await this.db
      .select({ id: bonusGrants.id })
      .from(bonusGrants)
      .where(and(eq(bonusGrants.status, 'active'), lte(bonusGrants.expiresAt, cutoff)))
      .limit(1000);
    let n = 0;
    for (const { id } of due) {
      if (await this.db.transaction((tx) => this.forfeit(tx, id, 'expired'))) n++;
    }
    return n;
  }

  /**
   * A withdrawal while wagering is open forfeits the open bonuses (the rule the bonus details
   * and withdraw pages state): cash may leave, the bonus it was meant to be wagered with may not.
   */
  async forfeitOpen(tx: Tx, memberId: number): Promise<number> {
    // Every open grant locked first, in id order, as the wagering consumer locks them.
    const open = await tx
      .select({ id: bonusGrants.id })
      .from(bonusGrants)
      .where(and(eq(bonusGrants.memberId, memberId), eq(bonusGrants.status, 'active')))
      .orderBy(asc(bonusGrants.id))
      .for('update');
    let n = 0;
    for (const { id } of open) if (await this.forfeit(tx, id, 'withdrawal')) n++;
    return n;
  }

  /**
   * Before a withdrawal forfeits the member's open grants: drain the wagering consumer to the
   * horizon, so the bets the member placed up to now count (a grant they met converts to cash).
   * Only when the member has an open grant; bets placed while the request runs count for nothing.
   */
  async catchUpBeforeForfeit(memberId: number): Promise<void> {
    const [open] = await this.db
      .select({ id: bonusGrants.id })
      .from(bonusGrants)
      .where(and(eq(bonusGrants.memberId, memberId), eq(bonusGrants.status, 'active')))
      .limit(1);
    if (open) await this.consumer.catchUp();
  }

  /** Active → forfeited, and bonus → promotion account, once (the status update is the guard). */
  private async forfeit(tx: Tx, id: number, why: 'expired' | 'withdrawal'): Promise<boolean> {
    const [g] = await tx
      .update(bonusGrants)
      .set({ status: 'forfeited', settledAt: sql`now()` })
      .where(and(eq(bonusGrants.id, id), eq(bonusGrants.status, 'active')))
      .returning();
    if (!g) return false;
    await this.deps.wallet.post(
      {
        key: `bonus_forfeit:${g.id}`,
        reason: 'bonus',
        postings: [
          { account: Accounts.bonus(g.memberId), amount: -g.amount },
          { account: Accounts.promotion(), amount: g.amount },
        ],
        metadata: { promotionId: g.promotionId, grantId: g.id, why },
      },
      tx,
    );
    await this.settleParticipation(tx, g, 'closed');
    await this.deps.messages.send(
      g.memberId,
      systemMessage(
        'bonus',
        [why === 'expired' ? 'bonusExpiredTitle' : 'bonusForfeitedTitle'],
        [why === 'expired' ? 'bonusExpired' : 'bonusForfeited', fromMinor(g.amount)],
      ),
      tx,
    );
    return true;
  }

  /** bonusDetails: the member's grants, newest first, with their wagering progress. */
  async summary(memberId: number): Promise<BonusSummary> {
    await this.catchUp(4);
    const rows = await this.db
      .select({ g: bonusGrants, title: promotions.title })
      .from(bonusGrants)
      .innerJoin(promotions, eq(promotions.id, bonusGrants.promotionId))
      .where(eq(bonusGrants.memberId, memberId))
      .orderBy(desc(bonusGrants.id))
      .limit(100);
    const balance = await this.deps.wallet.balance(Accounts.bonus(memberId));
    return {
      bonusBalance: fromMinor(balance),
      grants: rows.map(({ g, title }) => ({
        id: g.id,
        promotionId: g.promotionId,
        promotionTitle: title,
        amount: fromMinor(g.amount),
        wageringRequired: fromMinor(g.wageringRequired),
        wagered: fromMinor(g.wagered > g.wageringRequired ? g.wageringRequired : g.wagered),
        progress: g.status === 'converted' ? 100 : progressOf(g.wagered, g.wageringRequired),
        status: g.status as 'active' | 'converted' | 'forfeited',
        contributions: g.contributions,
        expiresAt: iso(g.expiresAt),
        createdAt: iso(g.createdAt),
        settledAt: g.settledAt ? iso(g.settledAt) : null,
      })),
    };
  }

  /** Per promotion: granted, converted, forfeited and still active bonus money. */
  async report() {
    const rows = await this.db
      .select({
        promotionId: promotions.id,
        title: promotions.title,
        grants: sql<number>`count(${bonusGrants.id})::int`,
        granted: sql<string>`coalesce(sum(${bonusGrants.amount}), 0)::text`,
        converted: sql<string>`coalesce(sum(${bonusGrants.amount}) filter (where ${bonusGrants.status} = 'converted'), 0)::text`,
        forfeited: sql<string>`coalesce(sum(${bonusGrants.amount}) filter (where ${bonusGrants.status} = 'forfeited'), 0)::text`,
        active: sql<string>`coalesce(sum(${bonusGrants.amount}) filter (where ${bonusGrants.status} = 'active'), 0)::text`,
      })
      .from(promotions)
      .leftJoin(bonusGrants, eq(bonusGrants.promotionId, promotions.id))
      .groupBy(promotions.id, promotions.title)
      .orderBy(asc(promotions.id));
    return rows.map((r) => ({
      promotionId: r.promotionId,
      title: r.title,
      grants: Number(r.grants),
      granted: fromMinor(BigInt(r.granted)),
      converted: fromMinor(BigInt(r.converted)),
      forfeited: fromMinor(BigInt(r.forfeited)),
      active: fromMinor(BigInt(r.active)),
    }));
  }
}
