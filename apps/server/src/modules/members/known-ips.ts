import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberKnownIps } from './schema.ts';

/** The addresses a member has logged in from (new-device checks, the console's login list). */

/** Notes a login from `ip`: first seen now, or seen again now. */
export async function rememberIp(db: Db, memberId: number, ip: string): Promise<void> {
  await db
    .insert(memberKnownIps)
    .values({ memberId, ip })
    .onConflictDoUpdate({
      target: [memberKnownIps.memberId, memberKnownIps.ip],
      set: { lastSeenAt: sql`now()` },
    });
}

/** `first`: the member has never logged in from anywhere; `known` / `new` otherwise. */
export async function ipStatus(db: Db, memberId: number, ip: string): Promise<'first' | 'known' | 'new'> {
  const rows = await db
    .select({ ip: memberKnownIps.ip })
    .from(memberKnownIps)
    .where(eq(memberKnownIps.memberId, memberId));
  if (rows.length === 0) return 'first';
  return rows.some((r) => r.ip === ip) ? 'known' : 'new';
}

export async function knownIps(
  db: Db,
  memberId: number,
): Promise<Array<{ ip: string; firstSeenAt: Date; lastSeenAt: Date }>> {
  return db
    .select({
      ip: memberKnownIps.ip,
      firstSeenAt: memberKnownIps.firstSeenAt,
      lastSeenAt: memberKnownIps.lastSeenAt,
    })
    .from(memberKnownIps)
    .where(eq(memberKnownIps.memberId, memberId));
}
