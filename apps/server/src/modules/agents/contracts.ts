import {
  type AgentMessage,
  bpToRate,
  type Contract,
  type ContractKind,
  type ContractOffer,
  type ContractStatus,
  fromMinor,
  isTrialType,
  rateToBp,
  toMinor,
} from '@wps/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { MembersService } from '../members/service.ts';
import { agentContractEvents, agentContracts, type StoredTier } from './schema.ts';

export type ContractRow = typeof agentContracts.$inferSelect;

const STATUS_OUT: Record<string, ContractStatus> = {
  offered: 'OFFERED',
  active: 'ACTIVE',
  rejected: 'REJECTED',
  ended: 'ENDED',
};

const fieldError = (field: string, messageKey: 'contractNoOwn' | 'contractRateAboveUpline' | 'badRequest') =>
  new AppError('VALIDATION', { messageKey, fields: { [field]: messageKey } });

/** A tier applies when every threshold it sets is met; the best applying tier's rate is paid. */
export function rateFor(
  c: Pick<ContractRow, 'rateBp' | 'tiers'>,
  m: { validBet: bigint; netLoss: bigint; activeMembers: number },
): number {
  if (c.rateBp !== null) return c.rateBp;
  let best = 0;
  for (const t of c.tiers) {
    const minBet = BigInt(t.minValidBet);
    const minLoss = BigInt(t.minNetLoss);
    if (minBet > 0n && m.validBet < minBet) continue;
    if (minLoss > 0n && m.netLoss < minLoss) continue;
    if (t.minActiveMembers > 0 && m.activeMembers < t.minActiveMembers) continue;
    best = Math.max(best, t.rateBp);
  }
  return best;
}

/**
 * Which part of `terms` pays more than the upline's own contract `own` pays at the same figures
 * (null: none). Each tier is compared with the upline's rate at that tier's own thresholds.
 */
export function capExceeded(
  own: Pick<ContractRow, 'rateBp' | 'tiers'>,
  terms: { rateBp: number | null; tiers: StoredTier[] },
): 'rate' | 'tiers' | null {
  if (terms.rateBp !== null) return terms.rateBp > (own.rateBp ?? 0) ? 'rate' : null;
  for (const t of terms.tiers) {
    const ownRate = rateFor(own, {
      validBet: BigInt(t.minValidBet),
      netLoss: BigInt(t.minNetLoss),
      activeMembers: t.minActiveMembers,
    });
    if (t.rateBp > ownRate) return 'tiers';
  }
  return null;
}

/** rate % of a base, rounded down to the paisa (never below zero). */
export const share = (base: bigint, rateBp: number): bigint =>
  base <= 0n || rateBp <= 0 ? 0n : (base * BigInt(rateBp)) / 10_000n;

function storedTiers(offer: ContractOffer): StoredTier[] {
  return (offer.tiers ?? []).map((t) => ({
    minValidBet: toMinor(t.minValidBet ?? '0').toString(),
    minNetLoss: toMinor(t.minNetLoss ?? '0').toString(),
    minActiveMembers: t.minActiveMembers ?? 0,
    rateBp: rateToBp(t.rate),
  }));
}

/**
 * Contracts (SPEC §4): an upline offers a contract to a DIRECT downline, the downline accepts or
 * rejects, either side asks to terminate and the other confirms. Rates never exceed the upline's
 * own contract of the same kind, and keep to it: whenever the agent's own contract of a kind
 * changes (a new one accepted, or it ends), every contract it gave below of that kind is checked
 * again by the offer's rule, and those it no longer covers end (their holders are told).
 */
export class AgentContracts {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
  ) {}

  /** Checks the offer's shape for its kind and turns it into stored rates. */
  private terms(offer: ContractOffer): {
    rateBp: number | null;
    tiers: StoredTier[];
    maxRateBp: number;
    payPeriod: string | null;
    ownPlay: boolean;
  } {
    const ownPlay = offer.ownPlay === true;
    if (offer.kind === 'REALTIME') {
      if (!offer.rate) throw fieldError('rate', 'badRequest');
      if (offer.tiers?.length) throw fieldError('tiers', 'badRequest');
      const bp = rateToBp(offer.rate);
      if (bp <= 0) throw fieldError('rate', 'badRequest');
      return { rateBp: bp, tiers: [], maxRateBp: bp, payPeriod: null, ownPlay };
    }
    if (!offer.tiers?.length) throw fieldError('tiers', 'badRequest');
    if (offer.rate) throw fieldError('rate', 'badRequest');
    const tiers = storedTiers(offer);
    if (tiers.some((t) => t.rateBp <= 0)) throw fieldError('tiers', 'badRequest');
    const payPeriod = offer.kind === 'DIVIDEND' ? (offer.payPeriod ?? 'MONTHLY') : null;
    if (offer.kind !== 'DIVIDEND' && offer.payPeriod) throw fieldError('payPeriod', 'badRequest');
    return { rateBp: null, tiers, maxRateBp: Math.max(...tiers.map((t) => t.rateBp)), payPeriod, ownPlay };
  }

  /** The member's own active contract of a kind (what caps what it may offer below). */
  async activeOf(memberId: number, kind: ContractKind, ex: Db | Tx = this.db): Promise<ContractRow | null> {
    const [row] = await ex
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.memberId, memberId),
          eq(agentContracts.kind, kind),
          eq(agentContracts.status, 'active'),
        ),
      );
    return row ?? null;
  }

  /**
   * An offer to a direct downline (`uplineId` the caller), or with `uplineId` null a platform
   * contract for a top-level agent (operator console, seed). Another tree's account is NOT_FOUND.
   */
  async offer(
    uplineId: number | null,
    offer: ContractOffer,
  ): Promise<{ id: number; status: ContractStatus }> {
    const downline = await this.members.getByAccount(offer.downline.trim().toLowerCase());
    if (!downline || downline.parentId !== uplineId || downline.id === uplineId)
      throw new AppError('NOT_FOUND');
    if (isTrialType(downline.type)) throw fieldError('downline', 'badRequest');
    const terms = this.terms(offer);
    if (uplineId !== null) {
      const own = await this.activeOf(uplineId, offer.kind);
      if (!own) throw fieldError('kind', 'contractNoOwn');
      this.checkCap(own, terms);
    }
    const level = (await this.members.tree.uplinePath(downline.id)).length;
    return this.db.transaction(async (tx) => {
      // A newer offer of the same kind replaces one still unanswered.
      const superseded = await tx
        .update(agentContracts)
        .set({ status: 'ended', endedAt: sql`now()`, endReason: 'superseded' })
        .where(
          and(
            eq(agentContracts.memberId, downline.id),
            eq(agentContracts.kind, offer.kind),
            eq(agentContracts.status, 'offered'),
          ),
        )
        .returning({ id: agentContracts.id });
      const [row] = await tx
        .insert(agentContracts)
        .values({
          uplineId,
          memberId: downline.id,
          kind: offer.kind,
          status: 'offered',
          ...terms,
          level,
        })
        .returning({ id: agentContracts.id });
      await this.notify(tx, [
        ...superseded.map((s) => ({ contractId: s.id, memberId: downline.id, event: 'superseded' })),
        { contractId: row!.id, memberId: downline.id, event: 'offered' },
      ]);
      return { id: row!.id, status: 'OFFERED' as const };
    });
  }

  /** Every tier (or the flat rate) must stay at or under what the upline itself earns there. */
  private checkCap(own: ContractRow, terms: { rateBp: number | null; tiers: StoredTier[] }): void {
    const field = capExceeded(own, terms);
    if (field) throw fieldError(field, 'contractRateAboveUpline');
  }

  /**
   * Re-checks every contract (offered or active) that `uplineId` gave below of `kind` against its
   * own contract now (`own`; null: it holds none any more), by the rule an offer is checked by;
   * those that no longer fit end with `reason`, and their holders hear of it (`auto_ended`).
   */
  private async revalidateBelow(
    tx: Tx,
    uplineId: number,
    kind: string,
    own: ContractRow | null,
    reason: 'upline-rate-lowered' | 'upline-contract-ended',
  ): Promise<Array<{ contractId: number; memberId: number; event: string }>> {
    const below = await tx
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.uplineId, uplineId),
          eq(agentContracts.kind, kind),
          inArray(agentContracts.status, ['offered', 'active']),
        ),
      )
      .for('update');
    const misfits = below.filter((b) => own === null || capExceeded(own, b) !== null);
    if (misfits.length === 0) return [];
    await tx
      .update(agentContracts)
      .set({ status: 'ended', endedAt: sql`now()`, endReason: reason })
      .where(
        inArray(
          agentContracts.id,
          misfits.map((m) => m.id),
        ),
      );
    return misfits.map((m) => ({ contractId: m.id, memberId: m.memberId, event: 'auto_ended' }));
  }

  /** A contract the caller is a party to, locked; anyone else's is NOT_FOUND. */
  /** The contract and the caller's side of it; `null` is the platform, upline of top-level agents. */
  private async partyOf(
    tx: Tx,
    callerId: number | null,
    id: number,
  ): Promise<{ c: ContractRow; side: 'upline' | 'downline' }> {
    const [c] = await tx
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.id, id),
          callerId === null
            ? isNull(agentContracts.uplineId)
            : or(eq(agentContracts.memberId, callerId), eq(agentContracts.uplineId, callerId)),
        ),
      )
      .for('update');
    if (!c) throw new AppError('NOT_FOUND');
    return { c, side: callerId !== null && c.memberId === callerId ? 'downline' : 'upline' };
  }

  /** `allowed` refuses a kind switched off; it runs after the party check (another tree's id stays NOT_FOUND). */
  async accept(callerId: number, id: number, allowed?: (kind: string) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const { c, side } = await this.partyOf(tx, callerId, id);
      if (side !== 'downline') throw new AppError('FORBIDDEN');
      await allowed?.(c.kind);
      if (c.status !== 'offered') throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      // The one active contract of a kind is replaced by the accepted one.
      await tx
        .update(agentContracts)
        .set({ status: 'ended', endedAt: sql`now()`, endReason: 'replaced' })
        .where(
          and(
            eq(agentContracts.memberId, callerId),
            eq(agentContracts.kind, c.kind),
            eq(agentContracts.status, 'active'),
          ),
        );
      await tx
        .update(agentContracts)
        .set({ status: 'active', acceptedAt: sql`now()`, terminationBy: null })
        .where(eq(agentContracts.id, id));
      // SPEC §4: contracts this agent gave below that its new terms no longer cover end, and
      // their holders hear of it. Checked tier by tier as an offer is, not by the highest rate:
      // the same top rate from a higher threshold leaves a tier below earning more than its upline.
      const ended = await this.revalidateBelow(tx, callerId, c.kind, c, 'upline-rate-lowered');
      await this.notify(tx, [
        ...ended,
        ...(c.uplineId ? [{ contractId: id, memberId: c.uplineId, event: 'accepted' }] : []),
      ]);
      return { id, status: 'ACTIVE' as const, request: null, autoEnded: ended.map((e) => e.contractId) };
    });
  }

  async reject(callerId: number, id: number) {
    return this.db.transaction(async (tx) => {
      const { c, side } = await this.partyOf(tx, callerId, id);
      if (side !== 'downline') throw new AppError('FORBIDDEN');
      if (c.status !== 'offered') throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      await tx
        .update(agentContracts)
        .set({ status: 'rejected', endedAt: sql`now()`, endReason: 'rejected' })
        .where(eq(agentContracts.id, id));
      if (c.uplineId) await this.notify(tx, [{ contractId: id, memberId: c.uplineId, event: 'rejected' }]);
      return { id, status: 'REJECTED' as const, request: null };
    });
  }

  /**
   * Termination: the first side's call records the request (the contract stays active and keeps
   * paying); the other side's call confirms it and ends the contract. An unanswered offer is
   * withdrawn by the upline (or rejected by the downline) at once. The platform (`null`, from the
   * console) is the upline of its own contracts with top-level agents, under the same rule.
   */
  async terminate(callerId: number | null, id: number) {
    return this.db.transaction(async (tx) => {
      const { c, side } = await this.partyOf(tx, callerId, id);
      const other = side === 'upline' ? c.memberId : c.uplineId;
      const end = async (reason: string, status: 'ended' | 'rejected' = 'ended') => {
        await tx
          .update(agentContracts)
          .set({ status, endedAt: sql`now()`, endReason: reason })
          .where(eq(agentContracts.id, id));
        if (other) await this.notify(tx, [{ contractId: id, memberId: other, event: reason }]);
      };
      if (c.status === 'offered') {
        await end(side === 'upline' ? 'withdrawn' : 'rejected', side === 'upline' ? 'ended' : 'rejected');
        return { id, status: side === 'upline' ? ('ENDED' as const) : ('REJECTED' as const), request: null };
      }
      if (c.status !== 'active') throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      if (c.terminationBy && c.terminationBy !== side) {
        await end('terminated');
        // The downline holds no contract of this kind any more: nothing covers what it gave below.
        await this.notify(
          tx,
          await this.revalidateBelow(tx, c.memberId, c.kind, null, 'upline-contract-ended'),
        );
        return { id, status: 'ENDED' as const, request: null };
      }
      if (!c.terminationBy) {
        await tx.update(agentContracts).set({ terminationBy: side }).where(eq(agentContracts.id, id));
        if (other)
          await this.notify(tx, [{ contractId: id, memberId: other, event: 'termination_requested' }]);
      }
      return { id, status: 'ACTIVE' as const, request: 'TERMINATE' as const };
    });
  }

  private async notify(tx: Tx, events: Array<{ contractId: number; memberId: number; event: string }>) {
    if (events.length) await tx.insert(agentContractEvents).values(events);
  }

  /** Contracts the caller holds or has given, newest first. */
  async list(
    callerId: number,
    q: { status?: ContractStatus | undefined; side?: 'RECEIVED' | 'OFFERED' | undefined },
  ): Promise<Array<ContractRow & { uplineAccount: string | null; downlineAccount: string }>> {
    const sideWhere =
      q.side === 'RECEIVED'
        ? eq(agentContracts.memberId, callerId)
        : q.side === 'OFFERED'
          ? eq(agentContracts.uplineId, callerId)
          : or(eq(agentContracts.memberId, callerId), eq(agentContracts.uplineId, callerId));
    const status = q.status ? Object.entries(STATUS_OUT).find(([, v]) => v === q.status)?.[0] : undefined;
    const full = await this.db
      .select()
      .from(agentContracts)
      .where(and(sideWhere, status ? eq(agentContracts.status, status) : undefined))
      .orderBy(desc(agentContracts.id))
      .limit(500);
    if (full.length === 0) return [];
    const accounts = await this.accountsOf([
      ...new Set(full.flatMap((c) => [c.memberId, ...(c.uplineId ? [c.uplineId] : [])])),
    ]);
    return full.map((c) => ({
      ...c,
      uplineAccount: c.uplineId ? (accounts.get(c.uplineId) ?? null) : null,
      downlineAccount: accounts.get(c.memberId) ?? '',
    }));
  }

  accountsOf(ids: number[]): Promise<Map<number, string>> {
    return this.members.tree.accountsOf(ids);
  }

  /** The member's contract notices, newest first (platform messages). */
  async messages(memberId: number): Promise<AgentMessage[]> {
    const rows = await this.db
      .select({ e: agentContractEvents, c: agentContracts })
      .from(agentContractEvents)
      .innerJoin(agentContracts, eq(agentContracts.id, agentContractEvents.contractId))
      .where(eq(agentContractEvents.memberId, memberId))
      .orderBy(desc(agentContractEvents.id))
      .limit(100);
    const names = await this.accountsOf([
      ...new Set(rows.flatMap(({ c }) => [c.memberId, ...(c.uplineId ? [c.uplineId] : [])])),
    ]);
    return rows.map(({ e, c }) => {
      const other = c.memberId === memberId ? c.uplineId : c.memberId;
      return {
        id: e.id,
        contractId: c.id,
        kind: c.kind as ContractKind,
        event: e.event as AgentMessage['event'],
        counterparty: other ? (names.get(other) ?? null) : null,
        createdAt: e.createdAt.toISOString(),
      };
    });
  }
}

/** A contract as the API shows it to one of its parties. */
export function contractOut(
  c: ContractRow & { uplineAccount: string | null; downlineAccount: string },
  callerId: number,
  period: Contract['period'],
): Contract {
  const request =
    c.status === 'offered'
      ? ({ kind: 'NEW', by: 'UPLINE' } as const)
      : c.status === 'active' && c.terminationBy
        ? ({ kind: 'TERMINATE', by: c.terminationBy === 'upline' ? 'UPLINE' : 'DOWNLINE' } as const)
        : null;
  return {
    id: c.id,
    kind: c.kind as ContractKind,
    status: STATUS_OUT[c.status] ?? 'ENDED',
    side: c.memberId === callerId ? 'RECEIVED' : 'OFFERED',
    upline: c.uplineAccount,
    downline: c.downlineAccount,
    rate: c.rateBp !== null ? bpToRate(c.rateBp) : null,
    tiers: c.tiers.map((t) => ({
      ...(BigInt(t.minValidBet) > 0n ? { minValidBet: fromMinor(BigInt(t.minValidBet)) } : {}),
      ...(BigInt(t.minNetLoss) > 0n ? { minNetLoss: fromMinor(BigInt(t.minNetLoss)) } : {}),
      ...(t.minActiveMembers > 0 ? { minActiveMembers: t.minActiveMembers } : {}),
      rate: bpToRate(t.rateBp),
    })),
    payPeriod: (c.payPeriod as Contract['payPeriod']) ?? null,
    ownPlay: c.ownPlay,
    request,
    createdAt: c.createdAt.toISOString(),
    acceptedAt: c.acceptedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    endReason: c.endReason,
    period,
  };
}
