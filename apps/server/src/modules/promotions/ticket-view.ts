import type { Ticket, TicketKind } from '@wps/contract';
import type { InhouseService } from '../inhouse/service.ts';
import type { rewardTickets } from './schema.ts';
import { prizeOut, totalWeight } from './ticket-math.ts';

export type TicketRow = typeof rewardTickets.$inferSelect;
export type TicketSource = 'promotion' | 'operator' | 'mission' | 'mall';
/** Seed proofs by seed id (InhouseSeeds.proofOf). */
type Proofs = ReadonlyMap<number, { serverSeedHash: string; clientSeed: string; serverSeed: string | null }>;

export const iso = (d: Date | string) => new Date(d).toISOString();

export const TICKET_TITLES: Record<TicketKind, string> = {
  WHEEL: 'Prize wheel',
  ENVELOPE: 'Red envelope',
  EGG: 'Golden egg',
};

/** The seed proofs of the opened tickets among `rows`, each seed fetched once. */
export function proofsOf(inhouse: InhouseService, rows: readonly TicketRow[]): Promise<Proofs> {
  return inhouse.seeds.proofOf([...new Set(rows.flatMap((r) => (r.seedId === null ? [] : [r.seedId])))]);
}

/** A ticket as the member (and the console's report) sees it: its odds, and once opened its draw and proof. */
export function ticketOut(t: TicketRow, proofs: Proofs): Ticket {
  const total = totalWeight(t.prizes);
  const opened = t.status === 'opened' && t.prizeIndex !== null && t.seedId !== null;
  const proof = opened ? proofs.get(t.seedId!) : undefined;
  return {
    id: t.id,
    kind: t.kind as TicketKind,
    source: t.source as TicketSource,
    title: t.title,
    status: t.status as Ticket['status'],
    prizes: t.prizes.map((p, i) => prizeOut(p, i, total)),
    totalWeight: total,
    result: opened ? prizeOut(t.prizes[t.prizeIndex!]!, t.prizeIndex!, total) : null,
    proof:
      opened && proof
        ? {
            ...proof,
            nonce: t.nonce!,
            float: t.float ?? 0,
            bucket: Math.floor((t.float ?? 0) * total),
          }
        : null,
    createdAt: iso(t.createdAt),
    openedAt: t.openedAt ? iso(t.openedAt) : null,
  };
}
