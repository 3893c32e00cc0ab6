import { describe, expect, it } from 'vitest';
import { launchGate, showsFreeTrial, trialLaunch } from './launch-gate.ts';
import {
  biggestWinsShown,
  carouselArrows,
  categoriesWithVendors,
  esportsRelevant,
  homeGameFetches,
  homeVendors,
  isLargeMenu,
  type Lane,
  lotteryRoute,
  prizeModeOf,
  menuAction,
} from './rules.ts';
import { createThrottle, toggledIds } from './throttle.ts';
import { jackpotShown } from './jackpot.ts';

const card = (vassalage: string, gameCount = 3) => ({
  vassalage,
  gameType: 'X',
  displayName: vassalage,
  markText: vassalage,
  markColor: '#000',
  maintenance: false,
  isGame: 'GAME' as const,
  gameCount,
  logoUrl: `/wps/games/vendor-art/${vassalage}.svg`,
});
const lane = (title: Lane['title'], ...vendors: string[]): Lane => ({
  title,
  gameClassify: vendors.map((v) => card(v)),
});

describe('header game menu rules (SPEC §2)', () => {
  it('opens the page for RNG, FISH, PVP whatever their vendor count', () => {
    expect(menuAction('RNG', lane('RNG', 'PG'))).toEqual({ kind: 'page', href: '/rng' });
    expect(menuAction('FISH', lane('FISH', 'JDB'))).toEqual({ kind: 'page', href: '/fish' });
    expect(menuAction('PVP', lane('PVP', 'FC'))).toEqual({ kind: 'page', href: '/pvp' });
    expect(menuAction('INHOUSE', lane('INHOUSE', 'INHOUSE'))).toEqual({
      kind: 'page',
      href: '/rng?vassalage=INHOUSE',
    });
  });
  it('opens the page with more than one vendor and launches a single vendor directly', () => {
    expect(menuAction('LIVE', lane('LIVE', 'PT', 'LIVE88'))).toEqual({ kind: 'page', href: '/live' });
    const single = menuAction('SPORTS', lane('SPORTS', 'SPORTX'));
    expect(single.kind).toBe('vendor');
    expect(single.kind === 'vendor' && single.vendor.vassalage).toBe('SPORTX');
  });
  it('starts LOTT and ELOTT directly through the lottery routing by vendor', () => {
    expect(menuAction('LOTT', lane('LOTT', 'TCG_LOTTO_VN', 'TCG_SEA'))).toEqual({
      kind: 'lottery',
      href: '/vnLottery',
    });
    expect(menuAction('ELOTT', lane('ELOTT', 'TCG_SEA'))).toEqual({ kind: 'lottery', href: '/seaLottery' });
    expect(lotteryRoute('OTHER', 'A B')).toBe('/lottery?gameCode=A%20B');
    expect(lotteryRoute('TCG_LOTTO_VN', 'VN1')).toBe('/vnLottery?gameCode=VN1');
  });
  it('uses the large layout above 10 vendors', () => {
    expect(isLargeMenu(10)).toBe(false);
    expect(isLargeMenu(11)).toBe(true);
  });
  it('shows only categories with at least one vendor once the catalogue answered', () => {
    const cats = [{ id: 'RNG' }, { id: 'ESPORTS' }, { id: 'LIVE' }];
    expect(categoriesWithVendors(cats, undefined)).toEqual(cats);
    expect(categoriesWithVendors(cats, [lane('RNG', 'PG'), lane('ESPORTS'), lane('LIVE', 'PT')])).toEqual([
      { id: 'RNG' },
      { id: 'LIVE' },
    ]);
  });
});

describe('home sections (SPEC §9)', () => {
  const many = Array.from({ length: 15 }, (_, i) => `V${i}`);
  it('cuts vendor lists to 12 and fetches the first 3 RNG, 1 LIVE and 1 FISH vendors', () => {
    expect(homeVendors(lane('RNG', ...many))).toHaveLength(12);
    expect(homeGameFetches([lane('RNG', ...many), lane('LIVE', 'A', 'B'), lane('FISH', 'F1', 'F2')])).toEqual(
      [
        { category: 'RNG', vendor: 'V0' },
        { category: 'RNG', vendor: 'V1' },
        { category: 'RNG', vendor: 'V2' },
        { category: 'LIVE', vendor: 'A' },
        { category: 'FISH', vendor: 'F1' },
      ],
    );
  });
  it('shows arrows above 12 items, the first 9 biggest wins, esports only with games', () => {
    expect(carouselArrows(12)).toBe(false);
    expect(carouselArrows(13)).toBe(true);
    expect(biggestWinsShown(many)).toHaveLength(9);
    expect(esportsRelevant([lane('ESPORTS')])).toBe(false);
    expect(esportsRelevant([{ title: 'ESPORTS', gameClassify: [card('IMES', 0)] }])).toBe(false);
    expect(esportsRelevant([lane('ESPORTS', 'IMES')])).toBe(true);
  });
});

describe('game tile', () => {
  it('shows a jackpot only for a game with a real pool, the pool as the API sends it', () => {
    // No game has a pool today: the tile shows no number at all (issue 27).
    expect(jackpotShown({})).toBeNull();
    expect(jackpotShown({ jackpotPool: '125000.50' })).toBe('125000.50');
  });
  it("shows the pool of GET /wps/jackpot on its games' tiles only (issue 31)", () => {
    const pools = [{ vendor: 'INHOUSE', games: ['dice', 'plinko'], amount: '1502.25' }];
    expect(jackpotShown({ vassalage: 'INHOUSE', gameCode: 'dice' }, pools)).toBe('1502.25');
    expect(jackpotShown({ vassalage: 'INHOUSE', gameCode: 'crash' }, pools)).toBeNull();
    // Same code, another vendor: not covered by the pool.
    expect(jackpotShown({ vassalage: 'PG', gameCode: 'dice' }, pools)).toBeNull();
    expect(jackpotShown({ vassalage: 'INHOUSE', gameCode: 'dice' }, [])).toBeNull();
  });
  it('throttles the favourite toggle to once a second, ignoring clicks inside the window', () => {
    let now = 0;
    const allow = createThrottle(1000, () => now);
    expect(allow()).toBe(true);
    now = 999;
    expect(allow()).toBe(false);
    now = 1000;
    expect(allow()).toBe(true);
  });
  it('adds an id once and removes it', () => {
    expect(toggledIds(['a'], 'a', true)).toEqual(['a']);
    expect(toggledIds(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggledIds(['a', 'b'], 'a', false)).toEqual(['b']);
  });
  it('sends guests to login and keeps trial players to free-trial games (SPEC §4)', () => {
    const guest = { hasToken: false, isTrial: false };
    const trial = { hasToken: true, isTrial: true };
    const player = { hasToken: true, isTrial: false };
    expect(launchGate(guest, { supportPlay: 0 })).toBe('login');
    expect(launchGate(trial, { supportPlay: 1 })).toBe('realAccountNeeded');
    expect(launchGate(trial, null)).toBe('realAccountNeeded');
    expect(launchGate(trial, { supportPlay: 0 })).toBe('go');
    expect(launchGate(player, { supportPlay: 1 })).toBe('go');
    expect(showsFreeTrial({ supportPlay: 0 }, guest)).toBe(true);
    expect(showsFreeTrial({ supportPlay: 0 }, trial)).toBe(true);
    expect(showsFreeTrial({ supportPlay: 0 }, player)).toBe(false);
    expect(showsFreeTrial({ supportPlay: 1 }, guest)).toBe(false);
  });
  it('offers a signed-in player the free trial when free play is on, played as their twin (issue 31)', () => {
    const player = { hasToken: true, isTrial: false };
    const trial = { hasToken: true, isTrial: true };
    expect(showsFreeTrial({ supportPlay: 0 }, { ...player, freePlay: true })).toBe(true);
    expect(showsFreeTrial({ supportPlay: 0 }, { ...player, freePlay: false })).toBe(false);
    expect(showsFreeTrial({ supportPlay: 1 }, { ...player, freePlay: true })).toBe(false);
    // Only a real player's click asks for a trial launch: a trial account already plays money-free.
    expect(trialLaunch(player)).toBe(true);
    expect(trialLaunch(trial)).toBe(false);
    expect(trialLaunch({ hasToken: false, isTrial: false })).toBe(false);
  });
});

describe('prize mode from the vendor data (SPEC §4)', () => {
  const card = (vassalage: string) => ({
    vassalage,
    gameType: 'ELOTT',
    displayName: vassalage,
    markText: vassalage,
    markColor: '#000',
    maintenance: false,
    isGame: 'GAME' as const,
    gameCount: 1,
    logoUrl: '',
  });
  const lane = (title: Lane['title'], vendors: string[]): Lane => ({
    title,
    gameClassify: vendors.map(card),
  });

  it('is ELOTT when an ELOTT card is TCG_LOTTO_VN or LOTT, else LOTT', () => {
    expect(prizeModeOf([lane('ELOTT', ['TCG_LOTTO_VN'])])).toBe('ELOTT');
    expect(prizeModeOf([lane('ELOTT', ['OTHER', 'LOTT'])])).toBe('ELOTT');
    expect(prizeModeOf([lane('ELOTT', ['OTHER'])])).toBe('LOTT');
    // A TCG_LOTTO_VN card under LOTT only does not make it ELOTT.
    expect(prizeModeOf([lane('LOTT', ['TCG_LOTTO_VN'])])).toBe('LOTT');
    expect(prizeModeOf([])).toBe('LOTT');
  });
});
