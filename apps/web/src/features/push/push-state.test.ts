import { describe, expect, it } from 'vitest';
import { canToggle, keyBytes, pushState } from './push-state.ts';

const env = {
  supported: true,
  serverEnabled: true as boolean | null,
  permission: 'default' as NotificationPermission,
  subscribedHere: false,
};

describe('the "notify me" switch (issue 31)', () => {
  it('says honestly why it cannot be turned on', () => {
    expect(pushState({ ...env, supported: false })).toBe('unsupported');
    expect(pushState({ ...env, serverEnabled: null })).toBe('checking');
    expect(pushState({ ...env, serverEnabled: false })).toBe('unavailable');
    expect(pushState({ ...env, permission: 'denied' })).toBe('denied');
    for (const s of ['unsupported', 'checking', 'unavailable', 'denied'] as const)
      expect(canToggle(s)).toBe(false);
  });
  it('is on only when this account subscribed this device and the permission stands', () => {
    expect(pushState(env)).toBe('off');
    expect(pushState({ ...env, permission: 'granted' })).toBe('off');
    expect(pushState({ ...env, permission: 'granted', subscribedHere: true })).toBe('on');
    // Permission withdrawn in the browser's settings after subscribing: not on any more.
    expect(pushState({ ...env, permission: 'default', subscribedHere: true })).toBe('off');
    expect(canToggle('on')).toBe(true);
    expect(canToggle('off')).toBe(true);
  });
  it('turns the base64url key into the bytes the browser wants', () => {
    expect([...keyBytes('AQIDBA')]).toEqual([1, 2, 3, 4]);
    expect(keyBytes('_-8')).toEqual(new Uint8Array([255, 239]));
  });
});
