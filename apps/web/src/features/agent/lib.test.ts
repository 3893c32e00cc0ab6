import { describe, expect, it } from 'vitest';
import { isSection, offerableKinds, timezoneOffsetLabel, visibleMenu } from './lib.ts';

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
    expect(keys(false, ['REALTIME'])).not.toContain('realtimeSalary');
    expect(keys(true, ['REALTIME'])).toEqual(expect.arrayContaining(['contracts', 'realtimeSalary']));
    expect(keys(true, ['REALTIME'])).not.toContain('dividend');
    expect(keys(true, [])).toContain('teamOverview');
    expect(keys(true, [])).toContain('announcement');
  });

  it('hides a salary or dividend page whose kind is switched off (SPEC §6), and stops offering it', () => {
    const all = new Set(['REALTIME', 'DAILY', 'HOURLY', 'DIVIDEND']);
    const keys = (flags: Record<string, boolean>) =>
      visibleMenu({ agentPolicy: true, heldKinds: all, flags }).map((m) => m.key);
    expect(keys({})).toEqual(
      expect.arrayContaining(['dividend', 'dailyWages', 'hourlySalary', 'realtimeSalary']),
    );
    expect(keys({ enableCt: false })).not.toContain('dividend');
    expect(keys({ salary: false })).not.toContain('dailyWages');
    expect(keys({ hourSalary: false })).not.toContain('hourlySalary');
    expect(keys({ agentRealtimeSalary: false })).not.toContain('realtimeSalary');
    expect(keys({ agentRealtimeSalary: false })).toContain('dailyWages');
    expect(offerableKinds({ agentRealtimeSalary: false, enableCt: false })).toEqual(['DAILY', 'HOURLY']);
    expect(offerableKinds({ AGENTPOLICY3: false })).toEqual([]);
  });

  it('offers customer service only when a contact is configured', () => {
    const keys = (hasContacts: boolean) =>
      visibleMenu({ agentPolicy: true, heldKinds: new Set(), hasContacts }).map((m) => m.key);
    expect(keys(false)).not.toContain('customerService');
    expect(keys(true).at(-1)).toBe('customerService');
  });

  it('accepts only real sections from the address', () => {
    expect(isSection('teamOverview')).toBe(true);
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
