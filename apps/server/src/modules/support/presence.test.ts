import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.ts';
import type { TestDatabase } from '../../test/databases.ts';
import { SupportPresence } from './presence.ts';
import { replyNotification } from './away-push.ts';

/**
 * "Away" across instances (issue 31): two SupportPresence objects over one database stand for two
 * instances; what one's sockets hold, the other reads from the rows.
 */
describe('support presence across instances', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it("sees another instance's open socket, and not once it closed or its instance stopped refreshing", async () => {
    const a = new SupportPresence(db.db);
    const b = new SupportPresence(db.db);
    const leave = a.enter(7001);
    const leaveAgain = a.enter(7001); // a second tab of the same member
    expect(await a.here(7001)).toBe(true);
    await a.flushed();
    expect(await b.here(7001)).toBe(true);
    expect(await b.here(7002)).toBe(false);

    leave();
    leave(); // closing twice (close and error) counts once
    await a.flushed();
    expect(await b.here(7001)).toBe(true);
    leaveAgain();
    await a.flushed();
    expect(await b.here(7001)).toBe(false);
    expect(await a.here(7001)).toBe(false);

    // An instance that died leaves a row that stops counting once it is stale.
    await db.db.execute(
      sql`insert into support_presence (member_id, instance, seen_at) values (7003, 'gone', now() - interval '2 minutes')`,
    );
    expect(await b.here(7003)).toBe(false);
    await a.close();
    await b.close();
  });
});

describe('the reply notification', () => {
  const message = (text: string) => ({
    id: 1,
    conversationId: 42,
    author: 'operator' as const,
    authorName: 'op',
    text,
    attachmentId: null,
    createdAt: new Date().toISOString(),
  });
  it('shows the first 100 characters, whole, in the language the device subscribed in', () => {
    const long = '🙂'.repeat(150);
    const n = replyNotification(message(long), 'en');
    expect(Array.from(n.body)).toHaveLength(100);
    expect(n.body.endsWith('…')).toBe(true);
    expect(n).toMatchObject({ title: 'Support replied', tag: 'support-42', url: '/help#livechat' });
    expect(replyNotification(message('Hi'), 'ne')).toMatchObject({
      title: 'सहायता टोलीले जवाफ दियो',
      body: 'Hi',
    });
    expect(replyNotification(message(''), 'en').body).toBe('Sent you an image');
  });
});
