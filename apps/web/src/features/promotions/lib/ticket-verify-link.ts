import type { Ticket } from '@wps/contract';

/*
 * The link from an opened ticket's proof to the verifier, apart from the verifier itself: the
 * reward centre builds it without loading the verifier's code (the games package, Web Crypto).
 */

/** What a ticket link to /verify carries (ticket-draw.tsx builds it from the ticket's proof). */
export const TICKET_VERIFY_PARAMS = [
  'ticketSeed',
  'ticketHash',
  'ticketClient',
  'ticketNonce',
  'ticketWeights',
  'ticketPick',
] as const;

/** The /verify link of an opened ticket's proof (null until its server seed is revealed). */
export function ticketVerifyHref(ticket: Ticket): string | null {
  const p = ticket.proof;
  if (!p?.serverSeed) return null;
  const q = new URLSearchParams({
    ticketSeed: p.serverSeed,
    ticketHash: p.serverSeedHash,
    ticketClient: p.clientSeed,
    ticketNonce: String(p.nonce),
    ticketWeights: ticket.prizes.map((x) => x.weight).join(','),
    // Position of the prize the ticket paid in its table, from 1.
    ticketPick: String(ticket.prizes.findIndex((x) => x.index === ticket.result?.index) + 1),
  });
  return `/verify?${q}`;
}
