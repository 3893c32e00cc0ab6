import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from './schema.ts';

/** Failures within this window count together; an older streak starts again from one. */
const WINDOW_MINUTES = 30;
/** The captcha appears after this many failures for an account (SPEC: after 3). */
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 3;
/** …or after this many from one address (any accounts): slows password spraying behind one IP. */
export const CAPTCHA_AFTER_IP_FAILURES = 10;
/** Consecutive failures that lock an account, and for how long. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;

export interface FailureState {
  accountFailures: number;
  ipFailures: number;
  lockedUntil: Date | null;
}

export const accountKey = (portal: string, account: string) => `acct:${portal}:${account}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Failed-login streaks per account and per IP, in the database (survive restarts, shared). */
export class LoginFailures {
  constructor(private readonly db: Db) {}

  async state(account: string, ip: string): Promise<FailureState> {
    const rows = await this.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [account, ip]));
    const cutoff = Date.now() - WINDOW_MINUTES * 60_000;
    const live = (key: string) => {
      const r = rows.find((x) => x.key === key);
      return r && r.lastFailedAt.getTime() > cutoff ? r.failures : 0;
    };
    const acct = rows.find((r) => r.key === account);
    const lockedUntil =
      acct?.lockedUntil && acct.lockedUntil.getTime() > Date.now() ? acct.lockedUntil : null;
    return { accountFailures: live(account), ipFailures: live(ip), lockedUntil };
  }

  /** Counts one failure for both keys; locks the account at the threshold. Returns the new state. */
  async record(account: string, ip: string): Promise<FailureState> {
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
        .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
      return row!;
    };
    const a = await bump(account);
    const i = await bump(ip);
    let lockedUntil = a.lockedUntil && a.lockedUntil.getTime() > Date.now() ? a.lockedUntil : null;
    if (a.failures >= LOCK_AFTER_FAILURES) {
      lockedUntil = new Date(Date.now() + LOCK_MINUTES * 60_000);
      // Keep the captcha on after the lock ends: the streak is not forgiven, only paused.
      await this.db
        .update(loginFailures)
        .set({ lockedUntil, failures: CAPTCHA_AFTER_ACCOUNT_FAILURES })
        .where(eq(loginFailures.key, account));
    }
    return { accountFailures: a.failures, ipFailures: i.failures, lockedUntil };
  }

  async clear(account: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, account));
  }
}
