import { describe, expect, it } from 'vitest';
import {
  AGENT_MENU,
  isSection,
  LEGACY_SECTION_KEYS,
  sectionEnabled,
  legacySection,
  offerableKinds,
  timezoneOffsetLabel,
  visibleMenu,
} from './lib.ts';

describe('agent centre logic', () => {
  it('labels the clock offset like the header of SPEC §2', () => {
    expect(timezoneOffsetLabel(-345)).toBe('+05:45');
    expect(timezoneOffsetLabel(0)).toBe('+00:00');
    expect(timezoneOffsetLabel(300)).toBe('-05:00');
  });

  it('shows contract pages under AGENTPOLICY3 and salary pages for the kinds held', () => {
    const keys = (agentPolicy: boolean, kinds: string[]) =>
      visibleMenu({ agentPolicy, heldKinds: new Set(kinds) }).map((m) => m.key);
    expect(keys(false, ['REALTIME'])).not.toContain('contracts');
    expect(keys(false, ['REALTIME'])).not.toContain('agentRealtimeSalary');
    expect(keys(true, ['REALTIME'])).toEqual(expect.arrayContaining(['contracts', 'agentRealtimeSalary']));
    expect(keys(true, ['REALTIME'])).not.toContain('agentDividendRecordCopy2');
    expect(keys(true, [])).toContain('agentTeamOverview');
    expect(keys(true, [])).toContain('agentAnnouncement');
  });

  it('hides a salary or dividend page whose kind is switched off (SPEC §6), and stops offering it', () => {
    const all = new Set(['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND']);
    const keys = (flags: Record<string, boolean>) =>
      visibleMenu({ agentPolicy: true, heldKinds: all, flags }).map((m) => m.key);
    expect(keys({})).toEqual(
      expect.arrayContaining([
        'agentDividendRecordCopy2',
        'agentDailyWages2',
        'agentHourSalary',
        'agentRealtimeSalary',
      ]),
    );
    expect(keys({ enableCt: false })).not.toContain('agentDividendRecordCopy2');
    expect(keys({ salary: false })).not.toContain('agentDailyWages2');
    expect(keys({ hourSalary: false })).not.toContain('agentHourSalary');
    expect(keys({ agentRealtimeSalary: false })).not.toContain('agentRealtimeSalary');
    expect(keys({ agentRealtimeSalary: false })).toContain('agentDailyWages2');
    expect(offerableKinds({ agentRealtimeSalary: false, enableCt: false })).toEqual(['DAILY', 'HOURLY']);
    expect(offerableKinds({ AGENTPOLICY3: false })).toEqual([]);
  });

  it('offers customer service only when a contact is configured', () => {
    const keys = (hasContacts: boolean) =>
      visibleMenu({ agentPolicy: true, heldKinds: new Set(), hasContacts }).map((m) => m.key);
    expect(keys(false)).not.toContain('customerService');
    expect(keys(true).at(-1)).toBe('customerService');
  });

  it('addresses the pages by SPEC §2 agent-centre page keys, every one of them a page', () => {
    const spec = [
      'agentAnnouncement',
      'agentTeamOverview',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
      'agentDividendRecordCopy2',
      'agentDailyWages2',
      'agentHourSalary',
      'agentRealtimeSalary',
    ];
    for (const key of spec) expect(isSection(key), key).toBe(true);
    // In the spec's order in the menu.
    const order = AGENT_MENU.map((m) => m.key as string).filter((k) => spec.includes(k));
    expect(order).toEqual(spec);
  });

  it('maps each old key to the page it opened, and nothing else', () => {
    expect(legacySection('teamOverview')).toBe('agentTeamOverview');
    expect(legacySection('announcement')).toBe('agentAnnouncement');
    expect(legacySection('registerAccount')).toBe('registerCenter');
    expect(legacySection('teamManagement')).toBe('downlineManagmentView');
    expect(legacySection('userLoss')).toBe('palStatementsAgentCopy');
    expect(legacySection('myIncome')).toBe('agentRevenueReport');
    expect(legacySection('accountDetails')).toBe('agentDownlineTransactionDetailsCopy');
    expect(legacySection('dividend')).toBe('agentDividendRecordCopy2');
    expect(legacySection('dailyWages')).toBe('agentDailyWages2');
    expect(legacySection('hourlySalary')).toBe('agentHourSalary');
    expect(legacySection('realtimeSalary')).toBe('agentRealtimeSalary');
    // Current keys, unknown ones and prototype names are not old keys.
    for (const k of ['agentTeamOverview', 'teamBetting', 'toString', '__proto__', 'nothing', null])
      expect(legacySection(k)).toBeNull();
    // An old key never shadows a current one, and each points at a real page.
    for (const [old, now] of Object.entries(LEGACY_SECTION_KEYS)) {
      expect(isSection(old), old).toBe(false);
      expect(isSection(now), now).toBe(true);
    }
  });

  it('accepts only real sections from the address', () => {
    expect(isSection('agentTeamOverview')).toBe(true);
    expect(isSection('teamOverview')).toBe(false);
    expect(isSection('deposit')).toBe(false);
    expect(isSection('nothing')).toBe(false);
    expect(isSection(null)).toBe(false);
  });
});

describe('agent date presets', () => {
  it('count business days (Nepal), not the browser’s calendar', async () => {
    const { presetRange } = await import('./components/date-presets.tsx');
    // 18:30 UTC is already the next day in Nepal (+05:45).
    const at = new Date('2026-03-01T18:30:00Z');
    expect(presetRange('today', at)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    expect(presetRange('yesterday', at)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('week', at)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
  });
});

describe('sectionEnabled', () => {
  const on = { enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true };
  it('a switched-off feature closes its pages, whatever the menu shows', () => {
    expect(sectionEnabled('contracts', false, on)).toBe(false);
    expect(sectionEnabled('agentRevenueReport', false, on)).toBe(false);
    expect(sectionEnabled('agentDailyWages2', true, { ...on, salary: false })).toBe(false);
    expect(sectionEnabled('agentDailyWages2', false, on)).toBe(false);
    expect(sectionEnabled('agentDailyWages2', true, on)).toBe(true);
  });
  it('pages of no feature stay open', () => {
    expect(sectionEnabled('agentTeamOverview', false, {})).toBe(true);
    expect(sectionEnabled('palStatementsAgentCopy', false, {})).toBe(true);
  });
});
