import { describe, expect, it } from 'vitest';
import { inboxTitle } from './titles.ts';

const t = (_k: 'inbox.feedbackReply', o: { id: string }) => `जवाफ #${o.id}`;

describe('inbox titles', () => {
  it("shows a feedback reply's title in the member's language, other messages as sent", () => {
    expect(inboxTitle({ kind: 'feedback', title: 'Reply to your feedback #42' }, t)).toBe('जवाफ #42');
    expect(inboxTitle({ kind: 'bonus', title: 'Bonus issued #3' }, t)).toBe('Bonus issued #3');
    expect(inboxTitle({ kind: 'feedback', title: 'no number' }, t)).toBe('no number');
  });
});
