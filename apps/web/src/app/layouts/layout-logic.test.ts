import { describe, expect, it } from 'vitest';
import { timezoneOffsetLabel } from '../../features/agent/lib.ts';
import { isCurrent } from './game-menu.ts';
import { closesDrawer } from './phone-drawer.ts';

describe('layout helpers', () => {
  it('tells in-house from slots although both live on /rng', () => {
    expect(isCurrent('/rng?vassalage=INHOUSE', { pathname: '/rng', search: '?vassalage=INHOUSE' })).toBe(
      true,
    );
    expect(isCurrent('/rng', { pathname: '/rng', search: '?vassalage=INHOUSE' })).toBe(false);
    expect(isCurrent('/rng', { pathname: '/rng', search: '' })).toBe(true);
    expect(isCurrent('/rng?vassalage=INHOUSE', { pathname: '/rng', search: '?vassalage=inhouse' })).toBe(
      true,
    );
    expect(isCurrent('/live', { pathname: '/rng', search: '' })).toBe(false);
  });

  it('formats the agent header timezone offset (Nepal is +05:45)', () => {
    expect(timezoneOffsetLabel(-345)).toBe('+05:45');
    expect(timezoneOffsetLabel(0)).toBe('+00:00');
    expect(timezoneOffsetLabel(300)).toBe('-05:00');
  });

  it('closes the phone drawer on a navigation begun while it was open, not on one it was opened during', () => {
    // Opened on /, then a link to /promotions: the new page closes it.
    expect(closesDrawer('/promotions', '/')).toBe(true);
    // The address bar already said /promotions when it opened (the page was still loading): it stays.
    expect(closesDrawer('/promotions', '/promotions')).toBe(false);
    // Another query is another page; closed, it stays closed.
    expect(closesDrawer('/rng?vassalage=PG', '/rng')).toBe(true);
    expect(closesDrawer('/rng', null)).toBe(true);
  });
});
