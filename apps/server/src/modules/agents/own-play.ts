import type { BetsService } from '../bets/service.ts';
import { type TeamTotals, ZERO_TOTALS } from '../bets/team.ts';

/** What a contract pays on: its holder's team totals, or a part of them. */
export interface ContractHolder {
  memberId: number;
  /** Whether the holder's own bets count toward the contract. */
  ownPlay: boolean;
}

/**
 * A contract's figures without its holder's own play (issue 26). The bets module's team is a
 * member and everyone below it; a contract pays on everyone below its holder, and on the holder's
 * own bets only when it says so (`ownPlay`). The holder's own totals are read through the bets
 * service: `netByMember` finds, in one query per 500 holders, the few holders who played
 * themselves in the period, and only those are summed one by one (`rounds`). The holder counts as
 * an active member of its own team only when its own play counts.
 */
export class OwnPlay {
  constructor(
    private readonly bets: BetsService,
    private readonly activeMinBet: bigint,
  ) {}

  /** The holders' own real-money play in [from, to), for the holders that had any. */
  async totalsOf(memberIds: readonly number[], from: Date, to: Date): Promise<Map<number, TeamTotals>> {
    const out = new Map<number, TeamTotals>();
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return out;
    const played = await this.bets.netByMember(
      ids.map((memberId) => ({ memberId, from })),
      to,
    );
    for (const memberId of played.keys()) {
      const { totals } = await this.bets.rounds({ memberId, from, to }, { pageNo: 1, pageSize: 1 });
      out.set(memberId, {
        validBet: totals.validStake,
        stake: totals.stake,
        payout: totals.payout,
        activeMembers: totals.validStake > 0n && totals.validStake >= this.activeMinBet ? 1 : 0,
      });
    }
    return out;
  }

  /**
   * Each holder's counted totals: its team's, less its own play unless its contract counts it.
   * `team` holds the bets module's team totals of every holder.
   */
  async counted(
    holders: readonly ContractHolder[],
    team: ReadonlyMap<number, TeamTotals>,
    from: Date,
    to: Date,
  ): Promise<(h: ContractHolder) => TeamTotals> {
    const own = await this.totalsOf(
      holders.filter((h) => !h.ownPlay).map((h) => h.memberId),
      from,
      to,
    );
    return (h) => {
      const t = team.get(h.memberId) ?? ZERO_TOTALS;
      const o = h.ownPlay ? undefined : own.get(h.memberId);
      if (!o) return t;
      return {
        validBet: t.validBet - o.validBet,
        stake: t.stake - o.stake,
        payout: t.payout - o.payout,
        activeMembers: t.activeMembers - o.activeMembers,
      };
    };
  }
}
