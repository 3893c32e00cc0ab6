import { createHash } from 'node:crypto';
import {
  type AccountRecord,
  type AccountRecordQuery,
  CURRENCY,
  fromMinor,
  type Page,
  type ProfitSummary,
  RECORD_TYPES,
  type ReasonCode,
  type Reconciliation,
  recordTypeOf,
} from '@wps/contract';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { type AccountRef, Accounts, accountKey, isPlayMoney } from './accounts.ts';
import {
  type AccountType,
  ledgerAccounts,
  ledgerHolds,
  ledgerPostings,
  ledgerTransactions,
  MEMBER_ACCOUNT_TYPES,
} from './schema.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import { reconcile } from './reconcile.ts';

/** The ledger checks live in reconcile.ts; `npm run ledger:check` and tests import them from here too. */
export { reconcile };

export type Metadata = Record<string, string | number | boolean | null>;

export interface PostRequest {
  /** Idempotency key: the same key applies once (TigerBeetle's transfer id). */
  key: string;
  reason: ReasonCode;
  postings: ReadonlyArray<{ account: AccountRef; amount: bigint }>;
  metadata?: Metadata;
}

/**
 * A journal transaction checked and ready for `wallet_post`: validated, merged, fingerprinted,
 * accounts resolved. Other modules' database functions that must post in the same statement as
 * their own writes (seamless_apply) take these as arguments; nothing else builds them.
 */
export interface PreparedPost {
  key: string;
  reason: ReasonCode;
  fingerprint: string;
  metadataJson: string;
  accountKeys: string[];
  accountIds: number[];
  amounts: bigint[];
}

/** A bigint[] parameter as PostgreSQL's array text (numbers only, so nothing to escape). */
export const pgArray = (values: ReadonlyArray<number | bigint>) => `{${values.join(',')}}`;

/** Any values as PostgreSQL's array text, each element quoted (null stays NULL). */
const pgTextArray = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;

export interface PostResult {
  transactionId: number;
  /** True when the key had been applied before: the answer is the first application's. */
  replayed: boolean;
  /** Balance after the transaction, by account key. */
  balances: ReadonlyMap<string, bigint>;
}

export type HoldStatus = 'pending' | 'posted' | 'voided';
export interface Hold {
  id: number;
  key: string;
  memberId: number;
  amount: bigint;
  status: HoldStatus;
  holdTransactionId: number;
  settleTransactionId: number | null;
}

export interface DateRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

const MAX_KEY_LENGTH = 200;
/** Details of a transaction's metadata a member may see in the account record. */
const VISIBLE_DETAIL = [
  'vendor',
  'roundId',
  'txId',
  'gameCode',
  'channel',
  'requestId',
  'from',
  'to',
  'direction',
  'depositId',
  'withdrawalId',
] as const;

/** Stable JSON (sorted keys, bigints as strings): equal requests hash equal whatever their key order. */
function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const fingerprintOf = (value: unknown): string =>
  createHash('sha256').update(canonical(value)).digest('base64url');

/**
 * The ledger (DESIGN §5). This service is the only code that writes balances or postings: every
 * movement goes through `post`, which hands one journal transaction to the `wallet_post` database
 * function (migration 0003) — it locks the touched accounts in id order, refuses a member account
 * going below zero, and applies the postings exactly once per idempotency key.
 */
export class WalletService {
  /** Account ids never change once created, so key → id is cached for the process's life. */
  private readonly ids = new Map<string, number>();
  /**
   * Accounts this process created inside a caller's transaction: that transaction may still roll
   * back, so they are not cached until a lookup outside any transaction sees them.
   */
  private readonly createdInTransaction = new Set<string>();
  /**
   * The accounts each open transaction created (ids by key), so `transaction` can cache them once
   * it has committed; otherwise a batch's new players were looked up again in every later batch.
   */
  private readonly createdBy = new WeakMap<Tx, Map<string, number>>();
  private readonly trialGranted = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

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
    const created = opened && this.createdBy.get(opened);
    if (created) {
      for (const [k, id] of created) {
        this.ids.set(k, id);
        this.createdInTransaction.delete(k);
      }
    }
    return result;
  }

  /** Runs `fn` in the caller's transaction, or a new one. */
  async inTransaction<T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (tx) return fn(tx);
    return this.db.transaction(fn);
  }

  /**
   * Get-or-create: accounts are created on first use, so registering a member needs no wallet
   * call. An id is cached once it is known committed: resolved outside a caller's transaction,
   * or found (not created) inside one, unless this process created it in a transaction that may
   * still roll back. Only this method creates accounts, and a row another transaction is still
   * inserting makes ours wait for its end, so a row found is either committed or our own.
   * (The crash game's batches resolve their players' accounts inside a transaction; without
   * this they were looked up again in every batch.)
   */
  async ensureAccounts(refs: readonly AccountRef[], tx?: Tx): Promise<number[]> {
    const keys = refs.map(accountKey);
    // Each missing account once, however often the batch names it (a payer of many payouts).
    const missing = new Map<string, AccountRef>();
    refs.forEach((r, i) => {
      if (!this.ids.has(keys[i]!)) missing.set(keys[i]!, r);
    });
    if (missing.size === 0) return keys.map((k) => this.ids.get(k)!);
    const ex: DbOrTx = tx ?? this.db;
    // Three set-based statements at most, each with array parameters (a multi-row VALUES of
    // 10K accounts cost seconds to build and parse): the existing ones, then the rest created,
    // then any another transaction created meanwhile (our insert waited for it and skipped them).
    const found = await this.accountIdsByKey([...missing.keys()], ex);
    const rest = [...missing.values()].filter((r) => !found.has(accountKey(r)));
    const createdNow = new Set<string>();
    if (rest.length) {
      const created = rowsOf<{ id: string; key: string }>(
        await ex.execute(sql`
          insert into ledger_accounts (key, type, member_id, ref, shard, currency)
          select key, type, member_id, ref, shard, ${CURRENCY}
          from unnest(${pgTextArray(rest.map(accountKey))}::text[], ${pgTextArray(rest.map((r) => r.type))}::text[],
                      ${pgTextArray(rest.map((r) => r.memberId ?? null))}::int[],
                      ${pgTextArray(rest.map((r) => r.ref ?? null))}::text[],
                      ${pgTextArray(rest.map((r) => r.shard ?? 0))}::int[]) as w(key, type, member_id, ref, shard)
          on conflict (key) do nothing
          returning id::text as id, key`),
      );
      for (const c of created) {
        found.set(c.key, Number(c.id));
        createdNow.add(c.key);
        if (tx) {
          this.createdInTransaction.add(c.key);
          const mine = this.createdBy.get(tx) ?? new Map<string, number>();
          mine.set(c.key, Number(c.id));
          this.createdBy.set(tx, mine);
        }
      }
      const raced = rest.map(accountKey).filter((k) => !found.has(k));
      if (raced.length) for (const [k, id] of await this.accountIdsByKey(raced, ex)) found.set(k, id);
    }
    for (const k of missing.keys()) {
      if (!found.has(k)) throw new Error(`ledger account ${k} could not be created`);
      if (!tx) {
        this.ids.set(k, found.get(k)!);
        this.createdInTransaction.delete(k);
      } else if (!createdNow.has(k) && !this.createdInTransaction.has(k)) {
        this.ids.set(k, found.get(k)!);
      }
    }
    return keys.map((k) => this.ids.get(k) ?? found.get(k)!);
  }

  private async accountIdsByKey(keys: readonly string[], ex: DbOrTx): Promise<Map<string, number>> {
    const rows = rowsOf<{ id: string; key: string }>(
      await ex.execute(
        sql`select id::text as id, key from ledger_accounts where key = any(${pgTextArray(keys)}::text[])`,
      ),
    );
    return new Map(rows.map((r) => [r.key, Number(r.id)]));
  }

  /**
   * Moves money: one journal transaction of two or more postings summing to zero.
   * Same key and same fields → the first result (`replayed`); same key, other fields →
   * IDEMPOTENCY_CONFLICT; a member account that would go below zero → INSUFFICIENT_FUNDS.
   * Either refusal writes nothing, so a caller's transaction can go on after catching it.
   */
  async post(req: PostRequest, tx?: Tx): Promise<PostResult> {
    const prepared = await this.prepare(req, tx);
    const ex: DbOrTx = tx ?? this.db;
    const result = await ex.execute(sql`
      select r_status, r_transaction_id::text as tx, r_fingerprint, r_balances
      from wallet_post(
        ${prepared.key}, ${prepared.reason}, ${prepared.fingerprint}, ${prepared.metadataJson}::jsonb,
        ${pgArray(prepared.accountIds)}::bigint[], ${pgArray(prepared.amounts)}::bigint[]
      )`);
    const [row] = rowsOf<{
      r_status: 'ok' | 'duplicate' | 'insufficient_funds';
      tx: string | null;
      r_fingerprint: string | null;
      r_balances: string[] | null;
    }>(result);
    if (!row) throw new Error('wallet_post answered nothing');
    if (row.r_status === 'insufficient_funds') throw new AppError('INSUFFICIENT_FUNDS');
    const transactionId = Number(row.tx);
    if (row.r_status === 'duplicate') {
      if (row.r_fingerprint !== prepared.fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transactionId, replayed: true, balances: await this.balancesOf(transactionId, ex) };
    }
    const balances = new Map<string, bigint>();
    prepared.accountKeys.forEach((k, i) => {
      balances.set(k, BigInt(row.r_balances![i]!));
    });
    return { transactionId, replayed: false, balances };
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
    if (reqs.length === 0) return [];
    // Every account of the batch resolved at once (one query for those not cached yet).
    const refs = reqs.flatMap((r) => r.postings.map((p) => p.account));
    const ids = await this.ensureAccounts(refs, tx);
    const known = new Map(refs.map((r, i) => [accountKey(r), ids[i]!]));
    const prepared: PreparedPost[] = [];
    for (const r of reqs) prepared.push(await this.prepare(r, tx, known));
    const items = prepared.map((p) => ({
      key: p.key,
      reason: p.reason,
      fp: p.fingerprint,
      meta: JSON.parse(p.metadataJson) as unknown,
      accs: p.accountIds.map(String),
      amts: p.amounts.map(String),
    }));
    const result = await tx.execute(sql`
      select r_status, r_transaction_id::text as tx, r_fingerprint, r_balances
      from wallet_post_many(${JSON.stringify(items)}::jsonb)
      order by r_ord`);
    const rows = rowsOf<{
      r_status: 'ok' | 'duplicate' | 'insufficient_funds';
      tx: string | null;
      r_fingerprint: string | null;
      r_balances: string[] | null;
    }>(result);
    if (rows.length !== reqs.length) throw new Error('wallet_post answered a batch partly');
    const out: Array<PostResult | AppError> = [];
    for (const [i, row] of rows.entries()) {
      const p = prepared[i]!;
      if (row.r_status === 'insufficient_funds') {
        out.push(new AppError('INSUFFICIENT_FUNDS'));
        continue;
      }
      const transactionId = Number(row.tx);
      if (row.r_status === 'duplicate') {
        out.push(
          row.r_fingerprint !== p.fingerprint
            ? new AppError('IDEMPOTENCY_CONFLICT')
            : { transactionId, replayed: true, balances: await this.balancesOf(transactionId, tx) },
        );
        continue;
      }
      const balances = new Map<string, bigint>();
      p.accountKeys.forEach((k, j) => {
        balances.set(k, BigInt(row.r_balances![j]!));
      });
      out.push({ transactionId, replayed: false, balances });
    }
    return out;
  }

  /**
   * Checks a transaction and gets it ready for `wallet_post`: postings to one account merged,
   * two or more left, summing to zero, never mixing play money with real money; a fingerprint
   * of reason, postings and metadata; account ids resolved (created on first use).
   */
  async prepare(req: PostRequest, tx?: Tx, known?: ReadonlyMap<string, number>): Promise<PreparedPost> {
    if (!req.key || req.key.length > MAX_KEY_LENGTH) throw new Error('ledger: bad idempotency key');
    const merged = new Map<string, { account: AccountRef; amount: bigint }>();
    let sum = 0n;
    for (const p of req.postings) {
      const key = accountKey(p.account);
      const prev = merged.get(key);
      merged.set(key, { account: p.account, amount: (prev?.amount ?? 0n) + p.amount });
      sum += p.amount;
    }
    for (const [k, p] of merged) if (p.amount === 0n) merged.delete(k);
    if (sum !== 0n || merged.size < 2)
      throw new Error('ledger: postings must be two or more and sum to zero');
    const domains = new Set([...merged.values()].map((p) => isPlayMoney(p.account.type)));
    // Trial play money and real money never meet in one transaction: play money cannot become cash.
    if (domains.size > 1) throw new Error('ledger: play money and real money cannot be mixed');

    const entries = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const metadata = req.metadata ?? {};
    const fingerprint = fingerprintOf({
      reason: req.reason,
      postings: entries.map(([k, p]) => [k, p.amount]),
      metadata,
    });
    const accountIds =
      known && entries.every(([k]) => known.has(k))
        ? entries.map(([k]) => known.get(k)!)
        : await this.ensureAccounts(
            entries.map(([, p]) => p.account),
            tx,
          );
    return {
      key: req.key,
      reason: req.reason,
      fingerprint,
      metadataJson: JSON.stringify(metadata),
      accountKeys: entries.map(([k]) => k),
      accountIds,
      amounts: entries.map(([, p]) => p.amount),
    };
  }

  /** The first result of the transaction with this key, without posting anything; null if none. */
  async resultOf(
    key: string,
    tx?: Tx,
  ): Promise<{ transactionId: number; balances: Map<string, bigint> } | null> {
    const ex: DbOrTx = tx ?? this.db;
    const [row] = await ex
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    if (!row) return null;
    return { transactionId: Number(row.id), balances: await this.balancesOf(Number(row.id), ex) };
  }

  /** The balances a transaction left behind: the first result, for replays. */
  private async balancesOf(transactionId: number, ex: DbOrTx): Promise<Map<string, bigint>> {
    const rows = await ex
      .select({ key: ledgerAccounts.key, after: sql<string>`${ledgerPostings.balanceAfter}::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.transactionId, transactionId));
    return new Map(rows.map((r) => [r.key, BigInt(r.after)]));
  }

  /** The current balance of one account (0 when it has never been used). */
  async balance(ref: AccountRef, tx?: Tx): Promise<bigint> {
    const [row] = await (tx ?? this.db)
      .select({ balance: sql<string>`${ledgerAccounts.balance}::text` })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, accountKey(ref)));
    return row ? BigInt(row.balance) : 0n;
  }

  /**
   * Every account a member owns, by type (missing ones are zero). Every open page polls the header
   * balance through this, so it is a prepared statement rather than a built select (issue 10's
   * player API: the builder cost as much as the indexed lookup itself).
   */
  async memberBalances(memberId: number): Promise<Record<(typeof MEMBER_ACCOUNT_TYPES)[number], bigint>> {
    const rows = await preparedQuery<{ type: string; balance: string }>(
      this.db,
      'wallet_member_balances',
      'select type, balance::text as balance from ledger_accounts where member_id = $1',
      [memberId],
    );
    const out = Object.fromEntries(MEMBER_ACCOUNT_TYPES.map((t) => [t, 0n])) as Record<
      (typeof MEMBER_ACCOUNT_TYPES)[number],
      bigint
    >;
    for (const r of rows) out[r.type as (typeof MEMBER_ACCOUNT_TYPES)[number]] = BigInt(r.balance);
    return out;
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

  /**
   * One account's posting in a transaction: its balance just before and just after. The posting
   * is written under the account's row lock, so `before` is exact, unlike a read made before
   * posting (another movement may land between the read and the lock).
   */
  async postingOf(
    transactionId: number,
    ref: AccountRef,
    tx?: Tx,
  ): Promise<{ before: bigint; after: bigint } | null> {
    const [row] = await (tx ?? this.db)
      .select({
        before: sql<string>`${ledgerPostings.balanceBefore}::text`,
        after: sql<string>`${ledgerPostings.balanceAfter}::text`,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(and(eq(ledgerPostings.transactionId, transactionId), eq(ledgerAccounts.key, accountKey(ref))));
    return row ? { before: BigInt(row.before), after: BigInt(row.after) } : null;
  }

  // ---------------------------------------------------------------- two-phase holds

  /** Pending: moves `amount` from the member's cash to their hold account. Idempotent by key. */
  async hold(
    input: { key: string; memberId: number; amount: bigint; reason: ReasonCode; metadata?: Metadata },
    tx?: Tx,
  ): Promise<Hold> {
    if (input.amount <= 0n) throw new Error('ledger: a hold must be positive');
    return this.inTransaction(tx, async (t) => {
      const existing = await this.holdByKey(input.key, t);
      if (existing) {
        if (existing.memberId !== input.memberId || existing.amount !== input.amount) {
          throw new AppError('IDEMPOTENCY_CONFLICT');
        }
        return existing;
      }
      const posted = await this.post(
        {
          key: input.key,
          reason: input.reason,
          postings: [
            { account: Accounts.cash(input.memberId), amount: -input.amount },
            { account: Accounts.hold(input.memberId), amount: input.amount },
          ],
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        t,
      );
      await t
        .insert(ledgerHolds)
        .values({
          key: input.key,
          memberId: input.memberId,
          amount: input.amount,
          reason: input.reason,
          holdTransactionId: posted.transactionId,
        })
        .onConflictDoNothing({ target: ledgerHolds.key });
      const row = await this.holdByKey(input.key, t);
      if (!row) throw new Error('hold row missing after insert');
      return row;
    });
  }

  /** Post: the held amount leaves through `to` (e.g. the payout channel's clearing account). */
  async postHold(
    holdId: number,
    to: AccountRef,
    reason: ReasonCode,
    metadata: Metadata | undefined,
    tx?: Tx,
  ): Promise<{ hold: Hold; replayed: boolean }> {
    return this.settle(holdId, 'posted', to, reason, metadata, tx);
  }

  /** Void: the held amount goes back to the member's cash. */
  async voidHold(
    holdId: number,
    reason: ReasonCode,
    metadata: Metadata | undefined,
    tx?: Tx,
  ): Promise<{ hold: Hold; replayed: boolean }> {
    return this.settle(holdId, 'voided', null, reason, metadata, tx);
  }

  private async settle(
    holdId: number,
    outcome: 'posted' | 'voided',
    to: AccountRef | null,
    reason: ReasonCode,
    metadata: Metadata | undefined,
    tx?: Tx,
  ): Promise<{ hold: Hold; replayed: boolean }> {
    return this.inTransaction(tx, async (t) => {
      // The conditional update is the once-only switch: a second pay/reject finds it settled.
      const [flipped] = await t
        .update(ledgerHolds)
        .set({ status: outcome, settledAt: sql`now()` })
        .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
        .returning();
      if (!flipped) {
        const current = await this.getHold(holdId, t);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.status === outcome) return { hold: current, replayed: true };
        throw new AppError('CONFLICT', { messageKey: 'requestNotPending' });
      }
      const member = flipped.memberId;
      const posted = await this.post(
        {
          key: `hold:${holdId}:${outcome}`,
          reason,
          postings: [
            { account: Accounts.hold(member), amount: -flipped.amount },
            { account: to ?? Accounts.cash(member), amount: flipped.amount },
          ],
          ...(metadata ? { metadata } : {}),
        },
        t,
      );
      await t
        .update(ledgerHolds)
        .set({ settleTransactionId: posted.transactionId })
        .where(eq(ledgerHolds.id, holdId));
      return { hold: { ...toHold(flipped), settleTransactionId: posted.transactionId }, replayed: false };
    });
  }

  async getHold(id: number, ex: DbOrTx = this.db): Promise<Hold | null> {
    const [row] = await ex.select().from(ledgerHolds).where(eq(ledgerHolds.id, id));
    return row ? toHold(row) : null;
  }

  private async holdByKey(key: string, ex: DbOrTx): Promise<Hold | null> {
    const [row] = await ex.select().from(ledgerHolds).where(eq(ledgerHolds.key, key));
    return row ? toHold(row) : null;
  }

  // ---------------------------------------------------------------- reading

  private async accountId(ref: AccountRef): Promise<number | null> {
    const key = accountKey(ref);
    const cached = this.ids.get(key);
    if (cached) return cached;
    const [row] = await this.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, key));
    if (row) this.ids.set(key, row.id);
    return row?.id ?? null;
  }

  /**
   * Net amounts per reason posted on one account since `since` (player protection: stakes,
   * wins and rollbacks of a limit period). Read through the (account, created_at) index.
   */
  async flowsSince(ref: AccountRef, since: Date, ex: DbOrTx = this.db): Promise<Map<string, bigint>> {
    const rows = await ex
      .select({ reason: ledgerPostings.reason, sum: sql<string>`sum(${ledgerPostings.amount})::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(and(eq(ledgerAccounts.key, accountKey(ref)), gte(ledgerPostings.createdAt, since)))
      .groupBy(ledgerPostings.reason);
    return new Map(rows.map((r) => [r.reason, BigInt(r.sum)]));
  }

  /** A member's account record (transactionHistory): postings on one of their accounts, newest first. */
  async history(
    ref: AccountRef,
    query: Pick<AccountRecordQuery, 'type' | 'pageNo' | 'pageSize'> & DateRange,
  ): Promise<Page<AccountRecord>> {
    const empty = { content: [], pageNum: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
    const accountId = await this.accountId(ref);
    if (!accountId) return empty;
    const where = and(
      eq(ledgerPostings.accountId, accountId),
      query.type ? inArray(ledgerPostings.reason, [...RECORD_TYPES[query.type]]) : undefined,
      query.from ? gte(ledgerPostings.createdAt, query.from) : undefined,
      query.to ? lt(ledgerPostings.createdAt, query.to) : undefined,
    );
    const [countRow] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(ledgerPostings)
      .where(where);
    const total = Number(countRow?.n ?? 0);
    const rows = await this.db
      .select({
        id: ledgerPostings.id,
        transactionId: ledgerPostings.transactionId,
        reason: ledgerPostings.reason,
        amount: sql<string>`${ledgerPostings.amount}::text`,
        before: sql<string>`${ledgerPostings.balanceBefore}::text`,
        after: sql<string>`${ledgerPostings.balanceAfter}::text`,
        createdAt: ledgerPostings.createdAt,
        metadata: ledgerTransactions.metadata,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return {
      content: rows.map((r) => ({
        id: Number(r.id),
        transactionId: Number(r.transactionId),
        type: recordTypeOf(r.reason),
        reason: r.reason,
        amount: fromMinor(BigInt(r.amount)),
        balanceBefore: fromMinor(BigInt(r.before)),
        balanceAfter: fromMinor(BigInt(r.after)),
        createdAt: new Date(r.createdAt).toISOString(),
        detail: visibleDetail(r.metadata),
      })),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  /** Profit and loss over a period (personalProfit), from the postings on one account. */
  async profit(ref: AccountRef, range: DateRange): Promise<ProfitSummary> {
    const accountId = await this.accountId(ref);
    const sums = new Map<string, { pos: bigint; neg: bigint; n: number }>();
    if (accountId) {
      const rows = await this.db
        .select({
          reason: ledgerPostings.reason,
          pos: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} > 0), 0)::text`,
          neg: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.amount} < 0), 0)::text`,
          n: sql<string>`count(*)::text`,
        })
        .from(ledgerPostings)
        .where(
          and(
            eq(ledgerPostings.accountId, accountId),
            range.from ? gte(ledgerPostings.createdAt, range.from) : undefined,
            range.to ? lt(ledgerPostings.createdAt, range.to) : undefined,
          ),
        )
        .groupBy(ledgerPostings.reason);
      for (const r of rows) sums.set(r.reason, { pos: BigInt(r.pos), neg: BigInt(r.neg), n: Number(r.n) });
    }
    const net = (...reasons: string[]) =>
      reasons.reduce((acc, r) => acc + (sums.get(r)?.pos ?? 0n) + (sums.get(r)?.neg ?? 0n), 0n);
    const bet = -net('bet');
    const win = net('win');
    const refund = net('rollback');
    return {
      from: range.from?.toISOString() ?? null,
      to: range.to?.toISOString() ?? null,
      bet: fromMinor(bet),
      win: fromMinor(win),
      refund: fromMinor(refund),
      gameProfit: fromMinor(win + refund - bet),
      deposit: fromMinor(net('deposit')),
      withdraw: fromMinor(-net('withdraw_hold', 'withdraw_release', 'withdraw_refund')),
      transferIn: fromMinor(sums.get('transfer')?.pos ?? 0n),
      transferOut: fromMinor(-(sums.get('transfer')?.neg ?? 0n)),
      bonus: fromMinor(net('bonus')),
      commission: fromMinor(net('commission', 'salary', 'dividend')),
      adjustment: fromMinor(net('adjustment')),
      betCount: sums.get('bet')?.n ?? 0,
    };
  }

  /** A member's accounts with balances (operator console). */
  async accountsOf(memberId: number) {
    const rows = await this.db
      .select({
        id: ledgerAccounts.id,
        key: ledgerAccounts.key,
        type: ledgerAccounts.type,
        balance: sql<string>`${ledgerAccounts.balance}::text`,
        version: ledgerAccounts.version,
        createdAt: ledgerAccounts.createdAt,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.memberId, memberId))
      .orderBy(ledgerAccounts.id);
    return rows.map((r) => ({
      id: Number(r.id),
      key: r.key,
      type: r.type as AccountType,
      balance: BigInt(r.balance),
      version: Number(r.version),
      createdAt: new Date(r.createdAt),
    }));
  }

  /** Every posting on a member's accounts, newest first, with the transaction's metadata (operator console). */
  async postingsOfMember(memberId: number, pageNo: number, pageSize: number) {
    const where = eq(ledgerAccounts.memberId, memberId);
    const [countRow] = await this.db
      .select({ n: sql<string>`count(*)::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where);
    const total = Number(countRow?.n ?? 0);
    const rows = await this.db
      .select({
        id: ledgerPostings.id,
        transactionId: ledgerPostings.transactionId,
        accountType: ledgerAccounts.type,
        reason: ledgerPostings.reason,
        amount: sql<string>`${ledgerPostings.amount}::text`,
        before: sql<string>`${ledgerPostings.balanceBefore}::text`,
        after: sql<string>`${ledgerPostings.balanceAfter}::text`,
        version: ledgerPostings.accountVersion,
        idempotencyKey: ledgerTransactions.idempotencyKey,
        metadata: ledgerTransactions.metadata,
        createdAt: ledgerPostings.createdAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    return {
      total,
      rows: rows.map((r) => ({
        id: Number(r.id),
        transactionId: Number(r.transactionId),
        accountType: r.accountType,
        reason: r.reason,
        amount: BigInt(r.amount),
        balanceBefore: BigInt(r.before),
        balanceAfter: BigInt(r.after),
        version: Number(r.version),
        idempotencyKey: r.idempotencyKey,
        metadata: (r.metadata ?? {}) as Record<string, unknown>,
        createdAt: new Date(r.createdAt),
      })),
    };
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

function toHold(row: typeof ledgerHolds.$inferSelect): Hold {
  return {
    id: Number(row.id),
    key: row.key,
    memberId: row.memberId,
    amount: BigInt(row.amount),
    status: row.status as HoldStatus,
    holdTransactionId: Number(row.holdTransactionId),
    settleTransactionId: row.settleTransactionId === null ? null : Number(row.settleTransactionId),
  };
}

function visibleDetail(metadata: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!metadata || typeof metadata !== 'object') return out;
  for (const k of VISIBLE_DETAIL) {
    const v = (metadata as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}
