import type { Notice } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyFeedbackFields,
  nextMidnight,
  pageOf,
  startupNotices,
  startupPopupAllowed,
} from './announcements.ts';

const n = (id: number, execution: Notice['execution']): Notice => ({
  id,
  type: 'B',
  execution,
  title: `n${id}`,
  content: '<p>x</p>',
  timestamp: '2026-01-01 00:00:00',
});
const notices = [n(1, 'A'), n(2, 'B'), n(3, 'F'), n(4, 'B')];
const fresh = { closedThisSession: false, hiddenUntil: null, firstLogin: false };

describe('start-up announcements (SPEC §4, §9)', () => {
  it('shows the execution B notices once per session until closed', () => {
    expect(startupNotices(notices, fresh, 0)).toEqual({ execution: 'B', items: [n(2, 'B'), n(4, 'B')] });
    expect(startupNotices(notices, { ...fresh, closedThisSession: true }, 0)).toBeNull();
  });

  it("'hide today' hides them until local midnight, then they come back", () => {
    const now = new Date(2026, 0, 5, 15, 30);
    const until = nextMidnight(now);
    expect(new Date(until)).toEqual(new Date(2026, 0, 6, 0, 0));
    expect(startupNotices(notices, { ...fresh, hiddenUntil: until }, now.getTime())).toBeNull();
    expect(startupNotices(notices, { ...fresh, hiddenUntil: until }, until)).not.toBeNull();
  });

  it('shows the F notices after a first-time login, even when B was closed', () => {
    const state = { closedThisSession: true, hiddenUntil: Number.MAX_SAFE_INTEGER, firstLogin: true };
    expect(startupNotices(notices, state, 0)).toEqual({ execution: 'F', items: [n(3, 'F')] });
  });

  it('shows nothing when there is nothing to show', () => {
    expect(startupNotices([n(1, 'A')], fresh, 0)).toBeNull();
  });

  it('opens only on unread announcements, the first unread first; all read: no popup (issue 27)', () => {
    expect(startupNotices(notices, fresh, 0, new Set([2]))).toEqual({ execution: 'B', items: [n(4, 'B')] });
    expect(startupNotices(notices, fresh, 0, new Set([2, 4]))).toBeNull();
    const firstLogin = { ...fresh, firstLogin: true };
    expect(startupNotices(notices, firstLogin, 0, new Set([3]))).toEqual({
      execution: 'B',
      items: [n(2, 'B'), n(4, 'B')],
    });
  });

  it('never opens over the agent login, the agent centre or the console', () => {
    for (const p of ['/agent', '/agentHome', '/AGENT', '/admin', '/admin/content/contacts']) {
      expect(startupPopupAllowed(p), p).toBe(false);
    }
    for (const p of ['/', '/home', '/rng', '/help', '/agents-info', '/member']) {
      expect(startupPopupAllowed(p), p).toBe(true);
    }
  });
});

describe('announcement list and feedback form helpers', () => {
  it('pages 9 per page and clamps the page', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(pageOf(items, 1, 9)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8], totalPages: 3 });
    expect(pageOf(items, 9, 9).items).toEqual([18, 19]);
    expect(pageOf([], 1, 9)).toEqual({ items: [], totalPages: 1 });
  });

  it('lists the empty feedback fields in form order, trimming spaces', () => {
    expect(emptyFeedbackFields({ type: '', content: '   ', captcha: ' ' }, true)).toEqual([
      'type',
      'content',
      'captcha',
    ]);
    expect(emptyFeedbackFields({ type: '0', content: 'x', captcha: '' }, false)).toEqual([]);
  });
});
