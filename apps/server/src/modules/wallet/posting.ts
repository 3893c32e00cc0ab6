import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountIds } from './account-ids.ts';
import { type AccountRef, accountKey, isPlayMoney } from './accounts.ts';
import { balancesOf } from './balances.ts';
import { fingerprintOf } from './fingerprint.ts';
import type { PostRequest, PostResult, PreparedPost } from './ledger-types.ts';
import { pgArray } from './pg-array.ts';

const MAX_KEY_LENGTH = 200;

/** What posting needs of the wallet: its database and its account ids. */
export interface PostingContext {
  db: Db;
  accounts: AccountIds;
}

/** One row of `wallet_post` / `wallet_post_many`. */
interface PostRow {
  r_status: 'ok' | 'duplicate' | 'insufficient_funds';
  tx: string | null;
  r_fingerprint: string | null;
  r_balances: string[] | null;
}

/**
 * Checks a transaction and gets it ready for `wallet_post`: postings to one account merged,
 * two or more left, summing to zero, never mixing play money with real money; a fingerprint
 * of reason, postings and metadata; account ids resolved (created on first use).
 */
export async function preparePost(
  ctx: PostingContext,
  req: PostRequest,
  tx?: Tx,
  known?: ReadonlyMap<string, number>,
): Promise<PreparedPost> {
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
  if (sum !== 0n || merged.size < 2) throw new Error('ledger: postings must be two or more and sum to zero');
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
      : await ctx.accounts.ensure(
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

/**
 * What `wallet_post` decided for one prepared transaction: its result, or the refusal as an
 * AppError (INSUFFICIENT_FUNDS; IDEMPOTENCY_CONFLICT for a key applied with other fields).
 */
async function answerOf(row: PostRow, prepared: PreparedPost, ex: DbOrTx): Promise<PostResult | AppError> {
  if (row.r_status === 'insufficient_funds') return new AppError('INSUFFICIENT_FUNDS');
  const transactionId = Number(row.tx);
  if (row.r_status === 'duplicate') {
    if (row.r_fingerprint !== prepared.fingerprint) return new AppError('IDEMPOTENCY_CONFLICT');
    return { transactionId, replayed: true, balances: await balancesOf(ex, transactionId) };
  }
  const balances = new Map<string, bigint>();
  prepared.accountKeys.forEach((k, i) => {
    balances.set(k, BigInt(row.r_balances![i]!));
  });
  return { transactionId, replayed: false, balances };
}

/** `WalletService.post`: one journal transaction through `wallet_post`. */
export async function postOne(ctx: PostingContext, req: PostRequest, tx?: Tx): Promise<PostResult> {
  const prepared = await preparePost(ctx, req, tx);
  const ex: DbOrTx = tx ?? ctx.db;
  const result = await ex.execute(sql`
    select r_status, r_transaction_id::text as tx, r_fingerprint, r_balances
    from wallet_post(
      ${prepared.key}, ${prepared.reason}, ${prepared.fingerprint}, ${prepared.metadataJson}::jsonb,
      ${pgArray(prepared.accountIds)}::bigint[], ${pgArray(prepared.amounts)}::bigint[]
    )`);
  const [row] = rowsOf<PostRow>(result);
  if (!row) throw new Error('wallet_post answered nothing');
  const answer = await answerOf(row, prepared, ex);
  if (answer instanceof AppError) throw answer;
  return answer;
}

/** `WalletService.postMany`: many independent transactions through `wallet_post_many`. */
export async function postBatch(
  ctx: PostingContext,
  reqs: readonly PostRequest[],
  tx: Tx,
): Promise<Array<PostResult | AppError>> {
  if (reqs.length === 0) return [];
  // Every account of the batch resolved at once (one query for those not cached yet).
  const refs = reqs.flatMap((r) => r.postings.map((p) => p.account));
  const ids = await ctx.accounts.ensure(refs, tx);
  const known = new Map(refs.map((r, i) => [accountKey(r), ids[i]!]));
  const prepared: PreparedPost[] = [];
  for (const r of reqs) prepared.push(await preparePost(ctx, r, tx, known));
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
  const rows = rowsOf<PostRow>(result);
  if (rows.length !== reqs.length) throw new Error('wallet_post answered a batch partly');
  const out: Array<PostResult | AppError> = [];
  for (const [i, row] of rows.entries()) out.push(await answerOf(row, prepared[i]!, tx));
  return out;
}
