import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultPage,
  groupOf,
  MEMBER_GROUP_ORDER,
  MEMBER_GROUPS,
  type MemberAccess,
  type MemberPage,
  memberMenu,
  nextBestPage,
  revealScrollLeft,
  unavailableReason,
} from './member-menu.ts';
import { MEMBER_PAGES } from './member-pages.ts';

const player: MemberAccess = { isTrial: false, isAgent: false, hasUpline: false, flags: {}, modules: {} };
const pagesOf = (a: MemberAccess) => memberMenu(a).flatMap((g) => g.pages);

describe('member centre groups', () => {
  it('holds every SPEC page key exactly once, in Wallet, Play, Rewards and Account', () => {
    expect(MEMBER_GROUP_ORDER).toEqual(['wallet', 'play', 'rewards', 'account']);
    const all = MEMBER_GROUP_ORDER.flatMap((g) => [...MEMBER_GROUPS[g]]);
    expect([...all].sort()).toEqual([...MEMBER_PAGES].sort());
    for (const p of MEMBER_PAGES)
      expect((MEMBER_GROUPS[groupOf(p)] as readonly string[]).includes(p)).toBe(true);
  });
});

describe('what a player sees', () => {
  it('an ordinary player: none of the four dead ends (agent transfers and registration, no upline, rebate off)', () => {
    const pages = pagesOf(player);
    for (const p of ['transferFund', 'registerCenter', 'transferUpline', 'manualRebate'] as MemberPage[])
      expect(pages).not.toContain(p);
    expect(pages).toEqual([
      'depositv2',
      'withdraw',
      'transactionHistory',
      'creditReport',
      'personalHistoryCopy',
      'personalProfit',
      'rewardCenter',
      'bonusDetails',
      'missionLeaderboard',
      'referral',
      'securityCenter',
      'messageV2',
    ]);
    expect(unavailableReason('transferFund', player)).toBe('agentsOnly');
    expect(unavailableReason('registerCenter', player)).toBe('agentsOnly');
    expect(unavailableReason('transferUpline', player)).toBe('noUpline');
    expect(unavailableReason('manualRebate', player)).toBe('featureOff');
  });

  it('an agent gets its transfers down and its registration; a member with an upline its transfer up', () => {
    expect(pagesOf({ ...player, isAgent: true })).toEqual(
      expect.arrayContaining(['transferFund', 'registerCenter']),
    );
    expect(pagesOf({ ...player, hasUpline: true })).toContain('transferUpline');
    expect(pagesOf({ ...player, hasUpline: true })).not.toContain('transferFund');
  });

  it('the manual rebate only with MANPLAYREB3; rewards and referral follow their modules', () => {
    expect(pagesOf({ ...player, flags: { MANPLAYREB3: true } })).toContain('manualRebate');
    const off = { ...player, modules: { PROMO: false, REFERRAL: false } };
    expect(pagesOf(off)).not.toContain('rewardCenter');
    expect(pagesOf(off)).not.toContain('referral');
    expect(unavailableReason('referral', off)).toBe('featureOff');
    // The bonus details stay: a bonus already claimed is still the player's.
    expect(pagesOf(off)).toContain('bonusDetails');
  });

  it('a trial player sees only its play-money rounds and their result, and lands there', () => {
    const trial = { ...player, isTrial: true, isAgent: true, hasUpline: true, flags: { MANPLAYREB3: true } };
    expect(memberMenu(trial)).toEqual([{ group: 'play', pages: ['personalHistoryCopy', 'personalProfit'] }]);
    expect(unavailableReason('depositv2', trial)).toBe('trial');
    expect(defaultPage(trial)).toBe('personalHistoryCopy');
    expect(defaultPage(player)).toBe('securityCenter');
  });

  it('an unavailable page points on to one this player can use, of its own group when there is one', () => {
    expect(nextBestPage('transferFund', player)).toBe('depositv2');
    expect(nextBestPage('manualRebate', player)).toBe('rewardCenter');
    expect(nextBestPage('registerCenter', player)).toBe('securityCenter');
    expect(nextBestPage('messageV2', { ...player, isTrial: true })).toBe('personalHistoryCopy');
    fc.assert(
      fc.property(
        fc.constantFrom(...MEMBER_PAGES),
        fc.record({
          isTrial: fc.boolean(),
          isAgent: fc.boolean(),
          hasUpline: fc.boolean(),
          flags: fc.record({ MANPLAYREB3: fc.boolean() }),
          modules: fc.record({ PROMO: fc.boolean(), REFERRAL: fc.boolean() }),
        }),
        (page, access) => {
          // Whatever the player, where it is sent is a page it can use, and the menu is never empty.
          expect(unavailableReason(nextBestPage(page, access), access)).toBeNull();
          expect(pagesOf(access).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('the current tab in view', () => {
  const strip = { scrollLeft: 0, clientWidth: 300, scrollWidth: 900 };
  it('scrolls a tab beyond the right edge into view, and leaves one in view where it is', () => {
    expect(revealScrollLeft({ left: 600, width: 120 }, strip)).toBe(600 + 120 + 24 - 300);
    expect(revealScrollLeft({ left: 100, width: 120 }, strip)).toBe(0);
    expect(revealScrollLeft({ left: 10, width: 100 }, { ...strip, scrollLeft: 400 })).toBe(0);
  });

  it('always lands within the strip and shows the whole tab when it fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 600 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 20, max: 200 }),
        (clientWidth, extra, left0, width) => {
          const scrollWidth = clientWidth + extra;
          const left = Math.min(left0, scrollWidth - width);
          fc.pre(left >= 0);
          const s = { scrollLeft: Math.min(extra, left0), clientWidth, scrollWidth };
          const out = revealScrollLeft({ left, width }, s);
          expect(out).toBeGreaterThanOrEqual(0);
          expect(out).toBeLessThanOrEqual(extra);
          if (width <= clientWidth - 48) {
            expect(left).toBeGreaterThanOrEqual(out);
            expect(left + width).toBeLessThanOrEqual(out + clientWidth);
          }
        },
      ),
    );
  });
});
