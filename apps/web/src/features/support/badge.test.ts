import { describe, expect, it } from 'vitest';
import { supportBadgeCount } from './badge.ts';

describe('the Live chat badge (issue 31)', () => {
  it("counts a member's unread answers", () => {
    expect(supportBadgeCount(true, null, { conversationId: 4, unread: 2 })).toBe(2);
    expect(supportBadgeCount(true, null, undefined)).toBe(0);
  });
  it("counts a guest's unread answers only for the conversation this device holds", () => {
    expect(supportBadgeCount(false, 9, { conversationId: 9, unread: 3 })).toBe(3);
    expect(supportBadgeCount(false, 9, { conversationId: 8, unread: 3 })).toBe(0);
    expect(supportBadgeCount(false, null, { conversationId: null, unread: 0 })).toBe(0);
    expect(supportBadgeCount(false, null, { conversationId: 9, unread: 1 })).toBe(0);
  });
});
