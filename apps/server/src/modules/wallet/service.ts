import type { CreditReport, CreditReportInterval, ReasonCode, Reconciliation } from '@wps/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type AppError, isAppError } from '../../http/errors.ts';
import { AccountIds } from './account-ids.ts';
import { BalanceCache, type MemberBalances } from './balance-cache.ts';
import { type AccountRef, Accounts } from './accounts.ts';
import { balanceOf, memberBalances, postingOf, resultOf } from './balances.ts';
import { type HoldRequest, holdById, placeHold, settleHold } from './holds.ts';
import type { DateRange, Hold, Metadata, PostRequest, PostResult, PreparedPost } from './ledger-types.ts';
import { type PostingContext, postBatch, postOne, preparePost } from './posting.ts';
import { reconcile } from './reconcile.ts';
import { LedgerRecords } from './records.ts';
import { creditReport } from './credit-report.ts';
import { ledgerTransactions } from './schema.ts';

// The wallet's one entry point. Its capabilities live beside it: account ids (account-ids.ts),
// posting (posting.ts), balances (balances.ts), two-phase holds (holds.ts) and account records
// (records.ts); other modules import the types and helpers re-exported here.
export { fingerprintOf } from './fingerprint.ts';
export type {
  DateRange,
  Hold,
  HoldStatus,
  Metadata,
  PostRequest,
  PostResult,
  PreparedPost,
} from './ledger-types.ts';
export { pgArray } from './pg-array.ts';
/** The ledger checks live in reconcile.ts; `npm run ledger:check` and tests import them from here too. */
export { reconcile };

/**
 * The ledger (DESIGN §5). This service is the only code that writes balances or postings: every
 * movement goes through `post`, which hands one journal transaction to the `wallet_post` database
 * function (migration 0003) — it locks the touched accounts in id order, refuses a member account
 * going below zero, and applies the postings exactly once per idempotency key.
 */
export class WalletService {
  private readonly accounts: AccountIds;
  private readonly posting: PostingContext;
  private readonly records: LedgerRecords;
  private readonly trialGranted = new Set<number>();
  /** Members' balances between moves, on the embedded PGlite (balance-cache.ts); off on PostgreSQL. */
  readonly balanceCache = new BalanceCache();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.accounts = new AccountIds(db);
    this.posting = { db, accounts: this.accounts };
    this.records = new LedgerRecords(db, this.accounts);
  }

  /**
   * The house side of a vendor's bets is spread over `walletHouseShards` sub-accounts, chosen by
   * member id. One house row per vendor would be locked by every bet on the platform and turn
   * the wallet into a single queue (Formance's `@world` lesson); with N shards two bets contend
   * only when their players share a shard, and a member's bets always touch the same two rows.
   * We shard rather than batch because a batch window adds its length to every bet's latency,
   * and vendors time bets out; the house balance of a vendor is the sum of its shards.
   */
  houseFor(vendor: string, memberId: number, trial: boolean): AccountRef {
    const shard = memberId % this.config.walletHouseShards;
    return trial ? Accounts.trialHouse(vendor, shard) : Accounts.house(vendor, shard);
  }

  /**
   * A new transaction whose newly created accounts are cached once it has committed (a group
   * commit's batch: `postMany` creates its first-time players' accounts inside it). Nothing is
   * cached if it rolls back: the rows are gone with it.
   */
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let opened: Tx | undefined;
    const result = await this.db.transaction((tx) => {
      opened = tx;
      return fn(tx);
    });
    if (opened) this.accounts.committed(opened);
    return result;
  }

  /** Runs `fn` in the caller's transaction, or a new one. */
  async inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (tx) return fn(tx);
    return this.db.transaction(fn);
  }

  /** Account ids, get-or-create; account-ids.ts says which are cached when. */
  async ensureAccounts(refs: readonly AccountRef[], tx?: Tx): Promise<number[]> {
    return this.accounts.ensure(refs, tx);
  }

  /**
   * Moves money: one journal transaction of two or more postings summing to zero.
   * Same key and same fields → the first result (`replayed`); same key, other fields →
   * IDEMPOTENCY_CONFLICT; a member account that would go below zero → INSUFFICIENT_FUNDS.
   * Either refusal writes nothing, so a caller's transaction can go on after catching it.
   */
  async post(req: PostRequest, tx?: Tx): Promise<PostResult> {
    return postOne(this.posting, req, tx);
  }

  /**
   * Many independent ledger transactions in one statement (group commit, crash game, agent and
   * lottery settlement): each decided as `post` would decide it, in the given order inside the
   * caller's transaction, and answered alone: a result, or the AppError that `post` would have
   * thrown for it (INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT) with nothing of that one written.
   * `wallet_post_many` writes the batch set-based (a house or payer account updated once per
   * batch, not once per item) and falls back to `wallet_post` per item when one is refused.
   */
  async postMany(reqs: readonly PostRequest[], tx: Tx): Promise<Array<PostResult | AppError>> {
    return postBatch(this.posting, reqs, tx);
  }

  /** Checks a transaction and gets it ready for `wallet_post` (posting.ts says what is checked). */
  async prepare(req: PostRequest, tx?: Tx, known?: ReadonlyMap<string, number>): Promise<PreparedPost> {
    return preparePost(this.posting, req, tx, known);
  }

  /** The first result of the transaction with this key, without posting anything; null if none. */
  async resultOf(
    key: string,
    tx?: Tx,
  ): Promise<{ transactionId: number; balances: Map<string, bigint> } | null> {
    return resultOf(tx ?? this.db, key);
  }

  /** The current balance of one account (0 when it has never been used). */
  async balance(ref: AccountRef, tx?: Tx): Promise<bigint> {
    return balanceOf(tx ?? this.db, ref);
  }

  /** Every account a member owns, by type (missing ones are zero): balances.ts, cached where it can be. */
  async memberBalances(memberId: number): Promise<MemberBalances> {
    const hit = this.balanceCache.get(memberId);
    if (hit) return hit;
    const stamp = this.balanceCache.stamp;
    const balances = await memberBalances(this.db, memberId);
    this.balanceCache.set(memberId, balances, stamp);
    return balances;
  }

  /**
   * A trial member's play money: created on first use with the configured grant from the
   * trial-issuance account. The grant's key is per member, so it is given once ever. An existing
   * grant is checked by key, never replayed with the current amount: after TRIAL_GRANT changes,
   * members granted the old amount keep it (a replay would be an IDEMPOTENCY_CONFLICT, a 409 on
   * every call of theirs), and a concurrent grant under another amount counts as granted.
   */
  async ensureTrial(memberId: number): Promise<void> {
    if (this.trialGranted.has(memberId)) return;
    const key = `trial_grant:${memberId}`;
    const grant = this.config.trialGrantMinor;
    const [existing] = await this.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    if (existing) {
      await this.ensureAccounts([Accounts.trial(memberId)]);
    } else if (grant > 0n) {
      try {
        await this.post({
          key,
          reason: 'trial_grant',
          postings: [
            { account: Accounts.trialIssuance(), amount: -grant },
            { account: Accounts.trial(memberId), amount: grant },
          ],
        });
      } catch (err) {
        if (!(isAppError(err) && err.code === 'IDEMPOTENCY_CONFLICT')) throw err;
      }
    } else {
      await this.ensureAccounts([Accounts.trial(memberId)]);
    }
    this.trialGranted.add(memberId);
  }

  /** One account's posting in a transaction: its balance just before and just after (balances.ts). */
  async postingOf(
    transactionId: number,
    ref: AccountRef,
    tx?: Tx,
  ): Promise<{ before: bigint; after: bigint } | null> {
    return postingOf(tx ?? this.db, transactionId, ref);
  }

  // ---------------------------------------------------------------- two-phase holds (holds.ts)

  /** Pending: moves `amount` from the member's cash to their hold account. Idempotent by key. */
  async hold(input: HoldRequest, tx?: Tx): Promise<Hold> {
    return placeHold(this, input, tx);
  }

  /** Post: the held amount leaves through `to` (e.g. the payout channel's clearing account). */
  async postHold(
    holdId: number,
    to: AccountRef,
    reason: ReasonCode,
    metadata: Metadata | undefined,
    tx?: Tx,
  ): Promise<{ hold: Hold; replayed: boolean }> {
    return settleHold(this, holdId, 'posted', to, reason, metadata, tx);
  }

  /** Void: the held amount goes back to the member's cash. */
  async voidHold(
    holdId: number,
    reason: ReasonCode,
    metadata: Metadata | undefined,
    tx?: Tx,
  ): Promise<{ hold: Hold; replayed: boolean }> {
    return settleHold(this, holdId, 'voided', null, reason, metadata, tx);
  }

  async getHold(id: number, ex: DbOrTx = this.db): Promise<Hold | null> {
    return holdById(ex, id);
  }

  // ---------------------------------------------------------------- reading (records.ts)

  flowsSince(...args: Parameters<LedgerRecords['flowsSince']>) {
    return this.records.flowsSince(...args);
  }

  history(...args: Parameters<LedgerRecords['history']>) {
    return this.records.history(...args);
  }

  profit(...args: Parameters<LedgerRecords['profit']>) {
    return this.records.profit(...args);
  }

  /** The member's credit report (credit-report.ts): credit and debit by type and period. */
  creditReport(
    ref: AccountRef,
    range: DateRange,
    interval: CreditReportInterval,
    businessOffsetMinutes: number,
  ): Promise<CreditReport> {
    return creditReport(this.db, this.accounts, ref, range, interval, businessOffsetMinutes);
  }

  accountsOf(memberId: number) {
    return this.records.accountsOf(memberId);
  }

  postingsOfMember(memberId: number, pageNo: number, pageSize: number) {
    return this.records.postingsOfMember(memberId, pageNo, pageSize);
  }

  // ---------------------------------------------------------------- reconciliation

  /**
   * The books' invariants, each as a query that lists offenders (at most 20 each):
   * every transaction sums to zero and has two or more postings; every balance equals the sum of
   * its postings and its version their count; each posting continues its account's chain
   * (before = previous after); no member account below zero; the world sums to zero; and each
   * member's hold account equals their pending holds.
   */
  async reconcile(): Promise<Reconciliation> {
    return reconcile((q) => this.db.execute(sql.raw(q)).then((r) => rowsOf<Record<string, unknown>>(r)));
  }
}
