import { type DepositBonusOffer, MONEY_RE, type Promotion, toMinor } from '@wps/contract';
import { isAppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { fieldError } from './amount.ts';

/**
 * The deposit bonus the deposit numbered `nth` can earn, as the deposit form offers it (issue 27):
 * deposit-bonus promotions for exactly that deposit number that this member may join (`join`) or
 * has joined (`joined`). A joined one wins (it is what the approval will pay: the first joined by
 * promotion id); else the lowest id, the one the approval would pay first were it joined.
 */
export function pickDepositOffer(promotions: readonly Promotion[], nth: number): Promotion | null {
  const candidates = promotions
    .filter(
      (p) =>
        p.kind === 'deposit_bonus' &&
        (p.depositNth ?? 1) === nth &&
        (p.status === 'join' || p.status === 'joined'),
    )
    .sort((a, b) => a.id - b.id);
  return candidates.find((p) => p.status === 'joined') ?? candidates[0] ?? null;
}

/** A language code the promotions list filters by ('EN', 'NE'), from the caller's `lang` header. */
export const languageOf = (header: unknown): string | undefined =>
  typeof header === 'string' && /^[A-Za-z-]{2,8}$/.test(header) ? header.toUpperCase() : undefined;

/**
 * The deposit form's bonus: what the promotions pages show this member (their status rules), and
 * the number of the member's next deposit. Reads the promotions service; decides nothing of its own.
 */
export async function depositBonusOffer(
  s: Pick<Services, 'promotions' | 'cashier'>,
  memberId: number,
  language: string | undefined,
): Promise<DepositBonusOffer> {
  const [promotions, approved] = await Promise.all([
    s.promotions.list(memberId, language ? { language } : {}),
    s.cashier.approvedDepositCount(memberId),
  ]);
  const depositNth = approved + 1;
  return { depositNth, offer: pickDepositOffer(promotions, depositNth) };
}

/**
 * Opting in from the deposit form: the bonus must be the one offered for this deposit, the amount
 * must reach its minimum (else the approval would close it unpaid), and joining is the promotions
 * service's own Join. Joined already (a retried submit): nothing to do.
 */
export async function joinOfferedBonus(
  s: Pick<Services, 'promotions' | 'cashier'>,
  memberId: number,
  promotionId: number,
  amount: unknown,
  language: string | undefined,
): Promise<void> {
  const { offer } = await depositBonusOffer(s, memberId, language);
  if (!offer || offer.id !== promotionId)
    throw fieldError('bonusPromotionId', 'depositBonusNotOffered', [], 'CONFLICT');
  const text = typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  // A malformed amount is the deposit's own refusal to give, just after this.
  if (offer.minDeposit && MONEY_RE.test(text) && toMinor(text) < toMinor(offer.minDeposit))
    throw fieldError('amount', 'depositBonusMinimum', [offer.minDeposit]);
  if (offer.status === 'joined') return;
  try {
    await s.promotions.join(memberId, promotionId);
  } catch (err) {
    if (!(isAppError(err) && err.messageKey === 'promotionAlreadyJoined')) throw err;
  }
}
