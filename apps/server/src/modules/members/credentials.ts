import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Member } from './create.ts';
import { randomCode } from './normalize.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { members, memberTempPasswords } from './schema.ts';
import { profileIncomplete } from './profile-requirements.ts';

// A member's secrets: the login password (with mailed temporary ones) and the payment password.

/** Wrong payment passwords tolerated before a pause, and how long the pause lasts. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;

/**
 * Checks a password. With `allowTemp` (login only) a mailed temporary password also counts:
 * `temp` = one matched (it is used up now, and the caller forces a password change).
 */
export async function checkPassword(
  db: Db,
  member: Member | null,
  password: string,
  opts: { allowTemp?: boolean } = {},
): Promise<'ok' | 'temp' | false> {
  // No usable password (trial, mobile sign-up without one): spend the same time, then refuse.
  if (!member?.passwordHash.startsWith('$argon2')) return burnVerification(password);
  if (await verifyPassword(member.passwordHash, password)) {
    if (needsRehash(member.passwordHash)) {
      await db
        .update(members)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(members.id, member.id));
    }
    return 'ok';
  }
  if (!opts.allowTemp) return false;
  const temps = await db
    .select()
    .from(memberTempPasswords)
    .where(
      and(
        eq(memberTempPasswords.memberId, member.id),
        isNull(memberTempPasswords.usedAt),
        gt(memberTempPasswords.expiresAt, sql`now()`),
      ),
    );
  for (const t of temps) {
    if (await verifyPassword(t.passwordHash, password)) {
      // Conditional update: two logins racing with one temporary password, only one wins.
      const used = await db
        .update(memberTempPasswords)
        .set({ usedAt: sql`now()` })
        .where(and(eq(memberTempPasswords.id, t.id), isNull(memberTempPasswords.usedAt)))
        .returning({ id: memberTempPasswords.id });
      return used.length ? 'temp' : false;
    }
  }
  return false;
}

export async function setPassword(db: Db, memberId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(members.id, memberId));
    // A new password retires every mailed temporary one.
    await tx
      .update(memberTempPasswords)
      .set({ usedAt: sql`now()` })
      .where(and(eq(memberTempPasswords.memberId, memberId), isNull(memberTempPasswords.usedAt)));
  });
}

/** A random temporary password valid for `minutes`, stored hashed; returns the plain text to mail. */
export async function issueTempPassword(db: Db, memberId: number, minutes: number): Promise<string> {
  // Letters and digits from both cases plus a symbol, so it also passes strict password rules.
  const plain = `${randomCode(5)}${randomCode(5).toLowerCase()}${String(randomBytes(1)[0]! % 10)}#`;
  await db.insert(memberTempPasswords).values({
    memberId,
    passwordHash: await hashPassword(plain),
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return plain;
}

/** Advisory-lock namespace: one member's payment-password checks are judged one at a time. */
export const PAYMENT_PASSWORD_LOCK = 7_302;

/** Per database, per member: the tail of this process's queue of payment-password checks. */
const checkQueues = new WeakMap<object, Map<number, Promise<void>>>();

/**
 * Runs `fn` after every earlier check of this member in this process. A burst of parallel
 * requests waits here, not on pooled connections queued behind the database lock.
 */
async function oneAtATime<T>(db: Db, memberId: number, fn: () => Promise<T>): Promise<T> {
  let queue = checkQueues.get(db);
  if (!queue) {
    queue = new Map();
    checkQueues.set(db, queue);
  }
  const mine = (queue.get(memberId) ?? Promise.resolve()).then(fn);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  queue.set(memberId, tail);
  try {
    return await mine;
  } finally {
    if (queue.get(memberId) === tail) queue.delete(memberId);
  }
}

type Verdict =
  | { kind: 'ok' }
  | { kind: 'wrong' }
  | { kind: 'locked'; until: Date | null }
  | { kind: 'unset' };

/**
 * Checks a payment password (withdrawals, transfers, points). Throws VALIDATION with a field
 * message when wrong, and pauses the member's payment password after repeated failures.
 *
 * Only failures count, never attempts. One member's checks are judged one at a time: under a
 * transaction-scoped advisory lock (every instance), behind a queue in this process. Each check
 * reads the pause and the failures committed before it, compares the hash, then either clears
 * the failures (right) or adds one in a single `UPDATE … RETURNING` that also starts the pause on
 * reaching the limit (wrong), and commits before the next check starts. So parallel requests with
 * the right password never lock the account, and a burst of parallel guesses is still evaluated
 * one by one: at most PAYMENT_PASSWORD_MAX_FAILURES per pause.
 */
export async function verifyPaymentPassword(db: Db, m: Member | null, password: string): Promise<void> {
  if (!m) throw new AppError('NOT_FOUND');
  const memberId = m.id;
  // A missing payment password is a missing profile field: the refusal says where to set it.
  const notSet = () => profileIncomplete(['paymentPassword']);
  if (!m.paymentPasswordHash) throw notSet();
  const verdict = await oneAtATime(db, memberId, () =>
    db.transaction(async (tx): Promise<Verdict> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_PASSWORD_LOCK}::int, ${memberId}::int)`);
      const [row] = await tx
        .select({
          hash: members.paymentPasswordHash,
          until: members.paymentPasswordLockedUntil,
          paused: sql<boolean>`coalesce(${members.paymentPasswordLockedUntil} > now(), false)`,
          failures: members.paymentPasswordFailures,
        })
        .from(members)
        .where(eq(members.id, memberId));
      if (!row?.hash) return { kind: 'unset' };
      if (row.paused) return { kind: 'locked', until: row.until };
      const good = typeof password === 'string' && (await verifyPassword(row.hash, password));
      if (good) {
        if (row.failures !== 0 || row.until !== null) {
          await tx
            .update(members)
            .set({ paymentPasswordFailures: 0, paymentPasswordLockedUntil: null })
            .where(eq(members.id, memberId));
        }
        return { kind: 'ok' };
      }
      // A pause that has run out starts the count again.
      const n = sql`(case when ${members.paymentPasswordLockedUntil} is not null then 1 else ${members.paymentPasswordFailures} + 1 end)`;
      const [failed] = await tx
        .update(members)
        .set({
          paymentPasswordFailures: n,
          paymentPasswordLockedUntil: sql`case when ${n} >= ${PAYMENT_PASSWORD_MAX_FAILURES}
            then now() + make_interval(mins => ${PAYMENT_PASSWORD_LOCK_MINUTES}) end`,
        })
        .where(eq(members.id, memberId))
        .returning({ failures: members.paymentPasswordFailures });
      return (failed?.failures ?? 0) >= PAYMENT_PASSWORD_MAX_FAILURES
        ? { kind: 'locked', until: null }
        : { kind: 'wrong' };
    }),
  );
  if (verdict.kind === 'ok') return;
  if (verdict.kind === 'unset') throw notSet();
  if (verdict.kind === 'locked') {
    const until = verdict.until?.getTime() ?? Date.now() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000;
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new AppError('ACCOUNT_LOCKED', { messageKey: 'paymentPasswordLocked', args: [minutes] });
  }
  throw new AppError('VALIDATION', {
    messageKey: 'paymentPasswordWrong',
    fields: { paymentPassword: 'paymentPasswordWrong' },
  });
}

export async function setPaymentPassword(db: Db, memberId: number, password: string): Promise<void> {
  await db
    .update(members)
    .set({
      paymentPasswordHash: await hashPassword(password),
      paymentPasswordFailures: 0,
      paymentPasswordLockedUntil: null,
    })
    .where(eq(members.id, memberId));
}
