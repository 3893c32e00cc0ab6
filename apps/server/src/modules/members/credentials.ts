import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Member } from './create.ts';
import { randomCode } from './normalize.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { members, memberTempPasswords } from './schema.ts';

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

/**
 * Checks a payment password (withdrawals, transfers). Throws VALIDATION with a field message
 * when wrong, and pauses the member's payment password after repeated failures.
 *
 * The try is reserved before the hash is checked, in one conditional statement: a burst of
 * parallel guesses is counted one by one, and the try that reaches the limit starts the pause
 * itself, so at most PAYMENT_PASSWORD_MAX_FAILURES guesses are ever evaluated per pause.
 */
export async function verifyPaymentPassword(db: Db, m: Member | null, password: string): Promise<void> {
  if (!m) throw new AppError('NOT_FOUND');
  const memberId = m.id;
  if (!m.paymentPasswordHash) {
    throw new AppError('VALIDATION', {
      messageKey: 'paymentPasswordNotSet',
      fields: { paymentPassword: 'paymentPasswordNotSet' },
    });
  }
  const expired = sql`(${members.paymentPasswordLockedUntil} is not null and ${members.paymentPasswordLockedUntil} <= now())`;
  const n = sql`(case when ${expired} then 1 else ${members.paymentPasswordFailures} + 1 end)`;
  const [reserved] = await db
    .update(members)
    .set({
      paymentPasswordFailures: n,
      paymentPasswordLockedUntil: sql`case when ${n} >= ${PAYMENT_PASSWORD_MAX_FAILURES}
        then now() + make_interval(mins => ${PAYMENT_PASSWORD_LOCK_MINUTES})
        when ${expired} then null else ${members.paymentPasswordLockedUntil} end`,
    })
    .where(
      and(
        eq(members.id, memberId),
        sql`((${members.paymentPasswordLockedUntil} is null and ${members.paymentPasswordFailures} < ${PAYMENT_PASSWORD_MAX_FAILURES}) or ${expired})`,
      ),
    )
    .returning({ failures: members.paymentPasswordFailures });
  if (!reserved) {
    const [row] = await db
      .select({ until: members.paymentPasswordLockedUntil })
      .from(members)
      .where(eq(members.id, memberId));
    const until = row?.until?.getTime() ?? Date.now() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000;
    const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
    throw new AppError('ACCOUNT_LOCKED', { messageKey: 'paymentPasswordLocked', args: [minutes] });
  }
  const good = typeof password === 'string' && (await verifyPassword(m.paymentPasswordHash, password));
  if (good) {
    await db
      .update(members)
      .set({ paymentPasswordFailures: 0, paymentPasswordLockedUntil: null })
      .where(eq(members.id, memberId));
    return;
  }
  if (reserved.failures >= PAYMENT_PASSWORD_MAX_FAILURES) {
    throw new AppError('ACCOUNT_LOCKED', {
      messageKey: 'paymentPasswordLocked',
      args: [PAYMENT_PASSWORD_LOCK_MINUTES],
    });
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
