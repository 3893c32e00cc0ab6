import { type CompleteLocale, fromMinor, type Page } from '@wps/contract';
import type { BetsService, RoundFilter, RoundSummary, RoundTotals } from '../bets/service.ts';
import { parseRange } from '../cashier/service.ts';
import { toGame } from './catalogue.ts';
import type { GamesService } from './service.ts';

export interface RecordQuery {
  vendor?: string | undefined;
  gameType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/**
 * The betting record (SPEC personalHistoryCopy) and the operator's rounds search: rounds from
 * every source, read from the one bets record, named from the catalogue.
 */
export class BettingRecords {
  constructor(
    private readonly deps: {
      bets: BetsService;
      games: GamesService;
      /** A source's commission on a round (lottery: taken off the ticket's cost at purchase), shown in the round detail. */
      commissionOf: (memberId: number, source: string, roundId: string) => Promise<bigint | null>;
    },
  ) {}

  async round(r: RoundSummary, locale: CompleteLocale) {
    const g = await this.deps.games.gameFor(r.vendor, r.gameCode);
    return {
      roundId: r.roundId,
      source: r.source,
      vendor: r.vendor,
      // The game's own vendor as players know it ("PG Slots"), not the one that signed the round.
      vendorName: await this.deps.games.vendorName(g?.vendor ?? r.vendor, locale),
      gameType: r.gameType,
      gameCode: r.gameCode,
      gameName: g ? toGame(g, locale).displayName : (r.gameCode ?? r.vendor),
      bet: fromMinor(r.stake),
      win: fromMinor(r.payout),
      net: signed(r.payout - r.stake),
      validBet: fromMinor(r.validStake),
      status: r.status,
      trial: r.trial,
      time: r.time.toISOString(),
    };
  }

  totals(t: RoundTotals) {
    return {
      count: t.count,
      bet: signed(t.stake),
      win: signed(t.payout),
      net: signed(t.payout - t.stake),
      validBet: signed(t.validStake),
    };
  }

  async list(filter: RoundFilter, q: RecordQuery, locale: CompleteLocale) {
    const range = parseRange({ from: q.from, to: q.to });
    // The filter names a catalogue vendor (the game menus' `vassalage`, "PG Slots"), while a row
    // carries the vendor that signed it: the sandbox vendor or an aggregator signs for the games
    // of several. Both are matched, as the record names the round's game (`gameFor`).
    const catalogueVendor = q.vendor ? await this.deps.games.vendorRounds(q.vendor) : undefined;
    const result = await this.deps.bets.rounds(
      { ...filter, catalogueVendor, gameType: q.gameType, from: range.from, to: range.to },
      q,
    );
    const content = [];
    for (const r of result.rounds) content.push({ ...(await this.round(r, locale)), memberId: r.memberId });
    const page: Page<(typeof content)[number]> = {
      content,
      pageNum: q.pageNo,
      pageSize: q.pageSize,
      total: result.total,
      totalPages: Math.ceil(result.total / q.pageSize),
    };
    return { ...page, totals: this.totals(result.totals) };
  }

  /** One member's round with its rows; null when that member has no such round (never another's). */
  async detail(memberId: number, roundId: string, vendor: string | undefined, locale: CompleteLocale) {
    const rows = await this.deps.bets.roundRows(memberId, roundId, vendor);
    if (rows.length === 0) return null;
    const sum = (f: (r: (typeof rows)[number]) => bigint) => rows.reduce((a, r) => a + f(r), 0n);
    const last = rows[rows.length - 1]!;
    const summary: RoundSummary = {
      source: last.source as RoundSummary['source'],
      vendor: last.vendor,
      roundId: last.roundId,
      memberId,
      gameCode: rows.find((r) => r.gameCode)?.gameCode ?? null,
      gameType: last.gameType,
      stake: sum((r) => r.stake),
      payout: sum((r) => r.payout),
      validStake: sum((r) => r.validStake),
      status: last.status as RoundSummary['status'],
      trial: rows.some((r) => r.trial),
      time: new Date(last.settledAt),
    };
    const commission = await this.deps.commissionOf(memberId, summary.source, summary.roundId);
    return {
      ...(await this.round(summary, locale)),
      ...(commission !== null ? { commission: fromMinor(commission) } : {}),
      entries: rows.map((r) => ({
        id: r.id,
        stake: signed(r.stake),
        payout: signed(r.payout),
        validStake: signed(r.validStake),
        status: r.status as RoundSummary['status'],
        time: new Date(r.settledAt).toISOString(),
      })),
    };
  }
}

/** Money that may be negative (a net loss, a correcting row). */
export function signed(minor: bigint): string {
  return minor < 0n ? `-${fromMinor(-minor)}` : fromMinor(minor);
}
