import type {
  AdminLotteryResultDraw,
  LOTTERY_RESULT_ENTRY_SOURCES,
  LotteryDrawState,
  LotteryOfficial,
} from '@wps/contract';
import type { LotteryResults } from '@wps/games';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../admin/service.ts';
import type { LotteryDraws } from './draws.ts';
import { checkResults, FeedShapeError, fetchFeedResult, type ResultsFeedConfig } from './feed.ts';
import type { LotteryGame } from './games.ts';
import { lotteryDraws, lotteryOfficialResults } from './schema.ts';

type EntryRow = typeof lotteryOfficialResults.$inferSelect;
type LotteryResultSource = (typeof LOTTERY_RESULT_ENTRY_SOURCES)[number];

/** An entry's discard fields, cleared (a new result replaces a discarded or doubted one). */
const NO_DISCARD = {
  discardReason: null,
  discardProposedById: null,
  discardProposedByAccount: null,
  discardProposedAt: null,
  discardedById: null,
  discardedByAccount: null,
  discardedAt: null,
} as const;
type DrawRow = typeof lotteryDraws.$inferSelect;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The prize keys on which two results differ. */
export function differingKeys(a: LotteryResults, b: LotteryResults): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null));
}

/**
 * What an official draw's results say, from its two sources (issue 28):
 *  - the feed's result counts on its own (the configured official feed);
 *  - the operator's entry counts once a different operator approved it (four eyes);
 *  - when both are present and differ, in any state of approval, it is a conflict: nothing
 *    settles until one of them is corrected;
 *  - with neither, the draw waits. Nothing here ever voids a draw.
 */
export function decide(
  op: EntryRow | undefined,
  feed: EntryRow | undefined,
):
  | { state: 'waiting' | 'conflict' }
  | { state: 'drawn'; results: LotteryResults; official: LotteryOfficial } {
  const opResults = op?.results as LotteryResults | undefined;
  const feedResults = feed?.results as LotteryResults | undefined;
  if (opResults && feedResults && differingKeys(opResults, feedResults).length) return { state: 'conflict' };
  const at = new Date().toISOString();
  if (feed && feedResults) {
    const agreed = op?.approvedByAccount ? op : undefined;
    return {
      state: 'drawn',
      results: feedResults,
      official: {
        source: agreed ? 'feed+operator' : 'feed',
        enteredBy: agreed?.enteredByAccount ?? null,
        approvedBy: agreed?.approvedByAccount ?? null,
        feedUrl: feed.feedUrl,
        at,
      },
    };
  }
  if (op && opResults && op.approvedByAccount) {
    return {
      state: 'drawn',
      results: opResults,
      official: {
        source: 'operator',
        enteredBy: op.enteredByAccount,
        approvedBy: op.approvedByAccount,
        feedUrl: null,
        at,
      },
    };
  }
  return { state: 'waiting' };
}

/**
 * Official results of station-named draws (issue 28): an operator enters a draw's result, a
 * second operator approves it (both audited), the results feed adds its own; the draw is drawn
 * only on results that agree, then settled exactly once by the draw lifecycle (draws.ts).
 */
export class LotteryOfficialResults {
  constructor(
    private readonly db: Db,
    private readonly draws: LotteryDraws,
    private readonly audit: AuditService,
    private readonly gamesByCode: ReadonlyMap<string, LotteryGame>,
    private readonly feed: ResultsFeedConfig | null,
    private readonly log: { warn(obj: object, msg?: string): void } = { warn: () => {} },
  ) {}

  get feedConfigured(): boolean {
    return this.feed !== null;
  }

  /** The draw's row locked, refused unless it is an official draw past its time and not yet drawn. */
  private async lockDue(tx: Tx, drawId: string): Promise<{ draw: DrawRow; game: LotteryGame }> {
    const [draw] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update');
    const game = draw ? this.gamesByCode.get(draw.gameCode) : undefined;
    if (!draw || !game) throw new AppError('NOT_FOUND');
    if (draw.resultSource !== 'official')
      throw new AppError('CONFLICT', { messageKey: 'lotteryResultNotOfficial' });
    if (draw.status === 'drawn' || draw.status === 'settled')
      throw new AppError('CONFLICT', { messageKey: 'lotteryResultFinal' });
    const [due] = rowsOf<{ due: boolean }>(
      await tx.execute(sql`select ${draw.drawTime.toISOString()}::timestamptz <= now() as due`),
    );
    if (!due?.due)
      throw new AppError('CONFLICT', { messageKey: 'lotteryResultNotDue', args: [iso(draw.drawTime)] });
    return { draw, game };
  }

  private checked(game: LotteryGame, results: Record<string, string[]>): LotteryResults {
    try {
      return checkResults(game.structure, results);
    } catch (e) {
      if (e instanceof FeedShapeError)
        throw new AppError('VALIDATION', {
          messageKey: 'lotteryResultInvalid',
          args: [e.message],
          fields: { results: 'lotteryResultInvalid' },
        });
      throw e;
    }
  }

  /**
   * Moves a locked official draw to what its results say: waiting, conflict, or drawn (results
   * and provenance written). Answers the state.
   */
  private async resolve(tx: Tx, draw: DrawRow): Promise<LotteryDrawState> {
    const entries = await tx
      .select()
      .from(lotteryOfficialResults)
      .where(and(eq(lotteryOfficialResults.drawId, draw.id), isNull(lotteryOfficialResults.discardedAt)));
    const verdict = decide(
      entries.find((e) => e.source === 'operator'),
      entries.find((e) => e.source === 'feed'),
    );
    if (verdict.state === 'drawn') {
      await tx
        .update(lotteryDraws)
        .set({ status: 'drawn', results: verdict.results, official: verdict.official, drawnAt: sql`now()` })
        .where(eq(lotteryDraws.id, draw.id));
    } else if (draw.status !== verdict.state) {
      await tx.update(lotteryDraws).set({ status: verdict.state }).where(eq(lotteryDraws.id, draw.id));
    }
    return verdict.state;
  }

  /** Settles a draw once drawn (the draw job settles it too, should this run be cut short). */
  private async settleIfDrawn(drawId: string, state: LotteryDrawState): Promise<void> {
    if (state === 'drawn') await this.draws.settle(drawId);
  }

  /**
   * An operator's entry of a draw's official result (audited). Replaces an earlier entry, whose
   * approval it drops: the new one needs a second operator's approval again.
   */
  async enter(
    drawId: string,
    input: Record<string, string[]>,
    actor: { id: number; account: string },
    ip: string | null,
  ): Promise<AdminLotteryResultDraw> {
    const state = await this.db.transaction(async (tx) => {
      const { draw, game } = await this.lockDue(tx, drawId);
      const results = this.checked(game, input);
      const [was] = await tx
        .select()
        .from(lotteryOfficialResults)
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, 'operator')));
      const row = {
        results,
        enteredById: actor.id,
        enteredByAccount: actor.account,
        enteredAt: new Date(),
        approvedById: null,
        approvedByAccount: null,
        approvedAt: null,
        // A new entry is a new result: an earlier one's discard (or proposal) does not carry over.
        ...NO_DISCARD,
      };
      await tx
        .insert(lotteryOfficialResults)
        .values({ drawId, source: 'operator', ...row })
        .onConflictDoUpdate({
          target: [lotteryOfficialResults.drawId, lotteryOfficialResults.source],
          set: { ...row, enteredAt: sql`now()` },
        });
      await this.audit.record(
        {
          actor,
          action: 'lottery.result.enter',
          target: { type: 'lottery_draw', id: drawId },
          before: was ? { results: was.results, enteredBy: was.enteredByAccount } : null,
          after: { results },
          ip,
        },
        tx,
      );
      return this.resolve(tx, draw);
    });
    await this.settleIfDrawn(drawId, state);
    return this.view(drawId);
  }

  /** A second operator's approval of the entered result (audited); the draw settles if it is the only source or agrees. */
  async approve(
    drawId: string,
    actor: { id: number; account: string },
    ip: string | null,
  ): Promise<AdminLotteryResultDraw> {
    const state = await this.db.transaction(async (tx) => {
      const { draw } = await this.lockDue(tx, drawId);
      const [entry] = await tx
        .select()
        .from(lotteryOfficialResults)
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, 'operator')));
      if (!entry || entry.approvedById !== null || entry.discardedAt !== null)
        throw new AppError('CONFLICT', { messageKey: 'lotteryResultNothingToApprove' });
      if (entry.enteredById === actor.id)
        throw new AppError('CONFLICT', { messageKey: 'lotteryResultSameOperator' });
      await tx
        .update(lotteryOfficialResults)
        .set({ approvedById: actor.id, approvedByAccount: actor.account, approvedAt: sql`now()` })
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, 'operator')));
      await this.audit.record(
        {
          actor,
          action: 'lottery.result.approve',
          target: { type: 'lottery_draw', id: drawId },
          before: { results: entry.results, enteredBy: entry.enteredByAccount },
          after: { approvedBy: actor.account },
          ip,
        },
        tx,
      );
      return this.resolve(tx, draw);
    });
    await this.settleIfDrawn(drawId, state);
    return this.view(drawId);
  }

  /**
   * Records what the feed says for a draw (audited when it is new or changed) and resolves the
   * draw. Answers the draw's state, or null when the draw is no longer waiting for a result.
   */
  async recordFeed(
    drawId: string,
    results: LotteryResults,
    feedUrl: string,
  ): Promise<LotteryDrawState | null> {
    const state = await this.db.transaction(async (tx) => {
      let locked: { draw: DrawRow; game: LotteryGame };
      try {
        locked = await this.lockDue(tx, drawId);
      } catch (e) {
        if (e instanceof AppError) return null;
        throw e;
      }
      const checked = checkResults(locked.game.structure, results);
      const [was] = await tx
        .select()
        .from(lotteryOfficialResults)
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, 'feed')));
      // The feed keeps publishing a result operators threw out: it stays out; a different one
      // (the feed corrected) is a new entry.
      if (!was || differingKeys(was.results as LotteryResults, checked).length) {
        await tx
          .insert(lotteryOfficialResults)
          .values({ drawId, source: 'feed', results: checked, feedUrl })
          .onConflictDoUpdate({
            target: [lotteryOfficialResults.drawId, lotteryOfficialResults.source],
            set: { results: checked, feedUrl, enteredAt: sql`now()`, ...NO_DISCARD },
          });
        await this.audit.record(
          {
            actor: { id: null, account: 'results-feed' },
            action: 'lottery.result.feed',
            target: { type: 'lottery_draw', id: drawId },
            before: was ? { results: was.results } : null,
            after: { results: checked, feedUrl },
          },
          tx,
        );
      }
      return this.resolve(tx, locked.draw);
    });
    if (state) await this.settleIfDrawn(drawId, state);
    return state;
  }

  /**
   * One operator proposes throwing out a source's result (the feed's, or the operators' entry)
   * before the draw settles, saying why (audited). The result still counts until a second operator
   * approves the discard; proposing again replaces the reason and the proposer.
   */
  async proposeDiscard(
    drawId: string,
    source: LotteryResultSource,
    reason: string,
    actor: { id: number; account: string },
    ip: string | null,
  ): Promise<AdminLotteryResultDraw> {
    await this.db.transaction(async (tx) => {
      await this.lockDue(tx, drawId);
      const entry = await this.entryOf(tx, drawId, source);
      if (!entry || entry.discardedAt !== null)
        throw new AppError('CONFLICT', { messageKey: 'lotteryResultNothingToDiscard' });
      await tx
        .update(lotteryOfficialResults)
        .set({
          discardReason: reason,
          discardProposedById: actor.id,
          discardProposedByAccount: actor.account,
          discardProposedAt: sql`now()`,
        })
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, source)));
      await this.audit.record(
        {
          actor,
          action: 'lottery.result.discard.propose',
          target: { type: 'lottery_draw', id: drawId },
          before: { source, results: entry.results },
          after: { reason },
          ip,
        },
        tx,
      );
    });
    return this.view(drawId);
  }

  /**
   * A second operator approves the proposed discard (audited; the proposer is refused): the result
   * no longer counts, and the draw moves to what its remaining source says (settling if that is
   * a result on its own, waiting otherwise; never void).
   */
  async approveDiscard(
    drawId: string,
    source: LotteryResultSource,
    actor: { id: number; account: string },
    ip: string | null,
  ): Promise<AdminLotteryResultDraw> {
    const state = await this.db.transaction(async (tx) => {
      const { draw } = await this.lockDue(tx, drawId);
      const entry = await this.entryOf(tx, drawId, source);
      if (!entry || entry.discardedAt !== null || entry.discardProposedById === null)
        throw new AppError('CONFLICT', { messageKey: 'lotteryResultNoDiscardProposed' });
      if (entry.discardProposedById === actor.id)
        throw new AppError('CONFLICT', { messageKey: 'lotteryResultDiscardSameOperator' });
      await tx
        .update(lotteryOfficialResults)
        .set({ discardedById: actor.id, discardedByAccount: actor.account, discardedAt: sql`now()` })
        .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, source)));
      await this.audit.record(
        {
          actor,
          action: 'lottery.result.discard.approve',
          target: { type: 'lottery_draw', id: drawId },
          before: { source, results: entry.results, reason: entry.discardReason },
          after: { proposedBy: entry.discardProposedByAccount, discardedBy: actor.account },
          ip,
        },
        tx,
      );
      return this.resolve(tx, draw);
    });
    await this.settleIfDrawn(drawId, state);
    return this.view(drawId);
  }

  private async entryOf(tx: Tx, drawId: string, source: LotteryResultSource): Promise<EntryRow | undefined> {
    const [entry] = await tx
      .select()
      .from(lotteryOfficialResults)
      .where(and(eq(lotteryOfficialResults.drawId, drawId), eq(lotteryOfficialResults.source, source)));
    return entry;
  }

  /**
   * The feed job's run: asks the feed for every official draw past its time still without a
   * result (oldest first, at most `limit`). A draw the feed has nothing for stays waiting; a
   * feed error is logged and retried on the next run, never voids anything.
   */
  async pollFeed(
    fetchImpl: typeof fetch = fetch,
    limit = 50,
  ): Promise<{ asked: number; recorded: number; errors: number }> {
    const feed = this.feed;
    if (!feed) return { asked: 0, recorded: 0, errors: 0 };
    const due = await this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.resultSource, 'official'),
          inArray(lotteryDraws.status, ['open', 'waiting', 'conflict']),
          sql`${lotteryDraws.drawTime} <= now()`,
        ),
      )
      .orderBy(lotteryDraws.drawTime)
      .limit(limit);
    let recorded = 0;
    let errors = 0;
    for (const d of due) {
      const game = this.gamesByCode.get(d.gameCode);
      if (!game) continue;
      try {
        const got = await fetchFeedResult(feed, d, game.structure, fetchImpl);
        if (got && (await this.recordFeed(d.id, got.results, got.url))) recorded++;
      } catch (e) {
        errors++;
        this.log.warn(
          { drawId: d.id, err: e instanceof Error ? e.message : String(e) },
          'lottery results feed',
        );
      }
    }
    return { asked: due.length, recorded, errors };
  }

  /** Official draws for the console: past their time (or one draw), newest first. */
  async list(q: { gameCode?: string | undefined; state?: LotteryDrawState | undefined }, lang: 'en' | 'ne') {
    const rows = await this.db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.resultSource, 'official'),
          sql`${lotteryDraws.drawTime} <= now() + interval '1 day'`,
          q.gameCode ? eq(lotteryDraws.gameCode, q.gameCode) : undefined,
          q.state ? eq(lotteryDraws.status, q.state) : undefined,
        ),
      )
      .orderBy(desc(lotteryDraws.drawTime))
      .limit(60);
    return { draws: await this.views(rows, lang), feedConfigured: this.feedConfigured };
  }

  async view(drawId: string, lang: 'en' | 'ne' = 'en'): Promise<AdminLotteryResultDraw> {
    const rows = await this.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
    const [v] = await this.views(rows, lang);
    if (!v) throw new AppError('NOT_FOUND');
    return v;
  }

  private async views(rows: DrawRow[], lang: 'en' | 'ne'): Promise<AdminLotteryResultDraw[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const entries = await this.db
      .select()
      .from(lotteryOfficialResults)
      .where(inArray(lotteryOfficialResults.drawId, ids));
    const open = rowsOf<{ draw_id: string; n: number }>(
      await this.db.execute(sql`
        select t.draw_id, count(*)::int as n from lottery_tickets t join lottery_draws d on d.id = t.draw_id
        where t.draw_id in (select unnest(${`{${ids.join(',')}}`}::text[])) and t.status = 'open'
          and (d.settled_ticket is null or t.id > d.settled_ticket)
        group by t.draw_id`),
    );
    const entryView = (e: EntryRow | undefined) =>
      e
        ? {
            source: e.source as 'operator' | 'feed',
            results: e.results as LotteryResults,
            enteredBy: e.source === 'feed' ? null : e.enteredByAccount,
            enteredAt: iso(e.enteredAt),
            approvedBy: e.approvedByAccount,
            approvedAt: e.approvedAt ? iso(e.approvedAt) : null,
            feedUrl: e.feedUrl,
            discard:
              e.discardReason !== null && e.discardProposedAt !== null
                ? {
                    reason: e.discardReason,
                    proposedBy: e.discardProposedByAccount,
                    proposedAt: iso(e.discardProposedAt),
                    discardedBy: e.discardedByAccount,
                    discardedAt: e.discardedAt ? iso(e.discardedAt) : null,
                  }
                : null,
          }
        : null;
    return rows.map((d) => {
      const op = entries.find((e) => e.drawId === d.id && e.source === 'operator');
      const feed = entries.find((e) => e.drawId === d.id && e.source === 'feed');
      const game = this.gamesByCode.get(d.gameCode);
      return {
        drawId: d.id,
        gameCode: d.gameCode,
        gameName: game?.name[lang] ?? d.gameCode,
        drawTime: iso(d.drawTime),
        stations: d.stations,
        state: d.status as LotteryDrawState,
        results: (d.results as LotteryResults | null) ?? null,
        official: (d.official as LotteryOfficial | null) ?? null,
        operator: entryView(op),
        feed: entryView(feed),
        conflicts:
          op && feed && !op.discardedAt && !feed.discardedAt
            ? differingKeys(op.results as LotteryResults, feed.results as LotteryResults)
            : [],
        openTickets: open.find((o) => o.draw_id === d.id)?.n ?? 0,
      };
    });
  }
}
