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
export function ticketVerifyHref(p: {
  serverSeed: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  weights: readonly number[];
  /** Position of the prize the ticket paid, from 1. */
  pick: number;
}): string | null {
  if (!p.serverSeed) return null;
  const q = new URLSearchParams({
    ticketSeed: p.serverSeed,
    ticketHash: p.serverSeedHash,
    ticketClient: p.clientSeed,
    ticketNonce: String(p.nonce),
    ticketWeights: p.weights.join(','),
    ticketPick: String(p.pick),
  });
  return `/verify?${q}`;
}
