import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from './schema.ts';
import { rowsOf } from '../../db/rows.ts';

/** Attempts within this window count together; an older streak starts again from one. */
const WINDOW_MINUTES = 30;
/** The captcha appears after this many failures for an account (SPEC: after 3). */
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 3;
/** …or after this many from one address (any accounts): slows password spraying behind one IP. */
export const CAPTCHA_AFTER_IP_FAILURES = 10;
/**
 * One address failing on one account waits between tries from this failure on: 15 s, doubling
 * per further failure, at most LOCK_MINUTES. Only that address is held back, never the owner's.
 */
export const DELAY_AFTER_FAILURES = 5;
export const FIRST_DELAY_SECONDS = 15;
export const LOCK_MINUTES = 15;

export interface LoginAttempt {
  /** Attempts on the account in the window from any address, this one included. */
  accountAttempts: number;
  /** Attempts from the address on any account in the window, this one included. */
  ipAttempts: number;
}

export const accountKey = (portal: string, account: string) => `acct:${portal}:${account}`;
export const ipKey = (ip: string) => `ip:${ip}`;
/** One account tried from one address: the only key that ever holds sign-ins back. */
export const pairKey = (portal: string, account: string, ip: string) => `pair:${portal}:${account}@${ip}`;

/**
 * Sign-in attempts per account, per address and per (account, address), in the database so a
 * restart or a second instance does not forget a brute force in progress. Every attempt is
 * reserved in one statement BEFORE the password is checked, so a burst of parallel guesses is
 * counted one by one and cannot all slip in under a threshold; a success settles the counters.
 * Unknown accounts get rows too, so they behave exactly like real ones.
 */
export class LoginFailures {
  constructor(private readonly db: Db) {}

  /**
   * Reserves a try for (account, address). Null when that address must wait (its progressive
   * delay): `retryAt` says until when. Reaching the delay threshold sets the delay in the same
   * statement, so no burst gets past it and no crash can leave it unset.
   */
  async reservePair(key: string): Promise<{ failures: number } | { retryAt: Date }> {
    const n = sql`(case when login_failures.last_failed_at < now() - make_interval(mins => ${WINDOW_MINUTES})
      then 1 else login_failures.failures + 1 end)`;
    const rows = rowsOf<{ failures: number }>(
      await this.db.execute(sql`
        insert into login_failures (key, failures, last_failed_at) values (${key}, 1, now())
        on conflict (key) do update set
          failures = ${n},
          last_failed_at = now(),
          locked_until = case when ${n} >= ${DELAY_AFTER_FAILURES}
            then now() + least(
              make_interval(mins => ${LOCK_MINUTES}),
              make_interval(secs => ${FIRST_DELAY_SECONDS} * power(2, least(${n} - ${DELAY_AFTER_FAILURES}, 16))))
            else null end
        where login_failures.locked_until is null or login_failures.locked_until <= now()
        returning failures`),
    );
    if (rows[0]) return { failures: Number(rows[0].failures) };
    const [row] = await this.db
      .select({ lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    return { retryAt: row?.lockedUntil ?? new Date(Date.now() + 1000) };
  }

  /** Counts one attempt on the account and one from the address (captcha thresholds). */
  async reserve(account: string, ip: string): Promise<LoginAttempt> {
    const bump = async (key: string) => {
      const [row] = await this.db
        .insert(loginFailures)
        .values({ key, failures: 1 })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${loginFailures.lastFailedAt} < now() - make_interval(mins => ${WINDOW_MINUTES}) then 1 else ${loginFailures.failures} + 1 end`,
            lastFailedAt: sql`now()`,
          },
        })
        .returning({ failures: loginFailures.failures });
      return row!.failures;
    };
    return { accountAttempts: await bump(account), ipAttempts: await bump(ip) };
  }

  /**
   * The right password: the account and the pair start afresh; the address gives back the
   * attempt it reserved (a busy office behind one address is not a spraying attacker).
   */
  async succeeded(account: string, pair: string, ip: string): Promise<void> {
    await this.db.execute(sql`delete from login_failures where key in (${account}, ${pair})`);
    await this.db
      .update(loginFailures)
      .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
      .where(eq(loginFailures.key, ip));
  }

  /**
   * A fixed-window allowance (`limit` tries per `windowMinutes` from the first) reserved in one
   * conditional statement: false, and nothing counted, once the window is used up.
   */
  async reserveWithin(
    key: string,
    limit: number,
    windowMinutes: number,
  ): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const over = sql`login_failures.last_failed_at <= now() - make_interval(mins => ${windowMinutes})`;
    const rows = rowsOf<{ failures: number }>(
      await this.db.execute(sql`
        insert into login_failures (key, failures, last_failed_at) values (${key}, 1, now())
        on conflict (key) do update set
          failures = case when ${over} then 1 else login_failures.failures + 1 end,
          last_failed_at = case when ${over} then now() else login_failures.last_failed_at end
        where ${over} or login_failures.failures < ${limit}
        returning failures`),
    );
    if (rows[0]) return { allowed: true, retryAfterMs: 0 };
    const [row] = await this.db
      .select({ since: loginFailures.lastFailedAt })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    const end = (row?.since.getTime() ?? Date.now()) + windowMinutes * 60_000;
    return { allowed: false, retryAfterMs: Math.max(1000, end - Date.now()) };
  }

  async forget(key: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}
