import type { Db } from '../../db/client.ts';
import { preparedQuery as hot } from '../../db/prepared.ts';
import { pgArray } from '../wallet/service.ts';
import type { ApplyOutcome } from './group-commit.ts';

/**
 * The seamless hot path's two statements (migrations 0034, 0039, 0042): a batch of bets and wins
 * through `seamless_apply_many` (set-based; it falls back to `seamless_apply_batch`, the per-item
 * loop of 0018, where the answers could differ), or one alone through `seamless_apply`, each
 * autocommitted.
 */

/** One seamless_apply call, as `seamless_apply_many` and `seamless_apply_batch` read it (migrations 0042, 0018). */
export interface ApplyItem {
  v: string;
  t: string;
  k: 'bet' | 'win';
  r: string;
  m: number;
  tr: boolean;
  g: string | null;
  a: string;
  f: string;
  key: string;
  reason: string;
  lf: string;
  /** The metadata as JSON text, spliced in verbatim. */
  md: string;
  acc: number[];
  amt: string[];
  w: number;
}

const itemJson = ({ md, ...rest }: ApplyItem) => `${JSON.stringify(rest).slice(0, -1)},"md":${md}}`;

/** Many calls in one autocommitted statement (group commit, see group-commit.ts). */
export async function applyBatch(db: Db, items: ApplyItem[]): Promise<ApplyOutcome[]> {
  const rows = await hot<{ r_ord: number; r_status: string; r_balance: string | null }>(
    db,
    'seamless_apply_many',
    'select r_ord, r_status, r_balance from seamless_apply_many($1::jsonb)',
    [`[${items.map(itemJson).join(',')}]`],
  );
  const out: ApplyOutcome[] = new Array(items.length);
  for (const r of rows) out[r.r_ord - 1] = { status: r.r_status, balance: r.r_balance };
  return out;
}

/** One call in its own statement: a lone call, or a retry after its batch failed. */
export async function applyOne(db: Db, i: ApplyItem): Promise<ApplyOutcome> {
  const [row] = await hot<{ r_status: string; r_balance: string | null }>(
    db,
    'seamless_apply',
    `select r_status, r_balance from seamless_apply($1, $2, $3, $4, $5::integer, $6::boolean, $7,
       $8::bigint, $9, $10, $11, $12, $13::jsonb, $14::bigint[], $15::bigint[], $16::bigint)`,
    [
      i.v,
      i.t,
      i.k,
      i.r,
      i.m,
      i.tr,
      i.g,
      i.a,
      i.f,
      i.key,
      i.reason,
      i.lf,
      i.md,
      pgArray(i.acc),
      `{${i.amt.join(',')}}`,
      i.w,
    ],
  );
  if (!row) throw new Error('seamless_apply answered nothing');
  return { status: row.r_status, balance: row.r_balance };
}
