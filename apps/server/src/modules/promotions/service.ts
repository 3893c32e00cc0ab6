import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BonusEngine } from './bonus-engine.ts';
import type { PromotionsContext, PromotionsDeps } from './context.ts';
import { PromotionsConsole } from './console.ts';
import { DepositBonuses } from './deposit-bonuses.ts';
import { PromotionActions } from './member-actions.ts';
import { PromotionPages } from './member-pages.ts';
import { ensureDemoPromotions } from './promotion-values.ts';
import type { PromotionDraft } from './promotion-view.ts';
import { type Contributions, promotions } from './schema.ts';

export type { Actor, PromotionDraft } from './promotion-view.ts';
export type { PromotionsContext, PromotionsDeps } from './context.ts';

/** What `termsOf` answers. */
export interface PromotionTerms {
  id: number;
  title: string;
  titleNe: string;
  enabled: boolean;
  wageringMultiplier: number;
  expiryDays: number;
  contributions: Contributions;
}

/**
 * Promotions (issue 14): the operator's definitions, a member's part in each (SPEC §4 activity
 * status), apply-to-join with its approval queue, and the bonuses they pay through `BonusEngine`.
 * The one entry the rest of the app uses; each capability lives in its own part:
 * `PromotionPages` (what a player sees), `PromotionActions` (join, apply, claim),
 * `DepositBonuses` (what a deposit approval earns), `PromotionsConsole` (the operator's side).
 */
export class PromotionsService {
  private readonly pages: PromotionPages;
  private readonly actions: PromotionActions;
  private readonly console: PromotionsConsole;

  constructor(
    private readonly db: Db,
    engine: BonusEngine,
    deps: PromotionsDeps,
  ) {
    const ctx: PromotionsContext = { db, engine, deps, tickets: deps.tickets };
    this.pages = new PromotionPages(ctx);
    this.actions = new PromotionActions(ctx, this.pages);
    this.console = new PromotionsConsole(ctx);
    const deposits = new DepositBonuses(ctx);
    deps.cashier.onDepositApproved((tx, d) => deposits.onDepositApproved(tx, d));
    deps.cashier.onWithdrawalPrepare(async (memberId) => {
      await engine.catchUpBeforeForfeit(memberId);
    });
    deps.cashier.onWithdrawalRequested(async (tx, w) => {
      await engine.forfeitOpen(tx, w.memberId);
    });
  }

  // ---------------------------------------------------------------- member

  list(...a: Parameters<PromotionPages['list']>) {
    return this.pages.list(...a);
  }

  get(...a: Parameters<PromotionPages['get']>) {
    return this.pages.get(...a);
  }

  rewardCenter(...a: Parameters<PromotionPages['rewardCenter']>) {
    return this.pages.rewardCenter(...a);
  }

  claimableCount(...a: Parameters<PromotionPages['claimableCount']>) {
    return this.pages.claimableCount(...a);
  }

  image(...a: Parameters<PromotionPages['image']>) {
    return this.pages.image(...a);
  }

  join(...a: Parameters<PromotionActions['join']>) {
    return this.actions.join(...a);
  }

  apply(...a: Parameters<PromotionActions['apply']>) {
    return this.actions.apply(...a);
  }

  claim(...a: Parameters<PromotionActions['claim']>) {
    return this.actions.claim(...a);
  }

  // ---------------------------------------------------------------- operator

  adminList() {
    return this.console.adminList();
  }

  create(...a: Parameters<PromotionsConsole['create']>) {
    return this.console.create(...a);
  }

  update(...a: Parameters<PromotionsConsole['update']>) {
    return this.console.update(...a);
  }

  uploadImage(...a: Parameters<PromotionsConsole['uploadImage']>) {
    return this.console.uploadImage(...a);
  }

  applications(...a: Parameters<PromotionsConsole['applications']>) {
    return this.console.applications(...a);
  }

  review(...a: Parameters<PromotionsConsole['review']>) {
    return this.console.review(...a);
  }

  /**
   * The terms a bonus paid under a promotion follows (wagering, expiry, contributions, titles), for
   * another module granting under it (the aggregator's free spins); null when there is none.
   */
  async termsOf(id: number): Promise<PromotionTerms | null> {
    const [p] = await this.db.select().from(promotions).where(eq(promotions.id, id));
    if (!p) return null;
    return {
      id: p.id,
      title: p.title,
      titleNe: p.titleNe,
      enabled: p.enabled,
      wageringMultiplier: p.wageringMultiplier,
      expiryDays: p.expiryDays,
      contributions: p.contributions,
    };
  }

  /** Demo promotions (seed only): added once, when there are none. */
  ensureDemo(inputs: PromotionDraft[]): Promise<boolean> {
    return ensureDemoPromotions(this.db, inputs);
  }
}
