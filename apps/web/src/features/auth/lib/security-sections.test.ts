import { describe, expect, it } from 'vitest';
import { SECURITY_SECTIONS, sectionFrom, sectionStates } from './security-sections.ts';

describe('security centre sections', () => {
  it('opens the section the address names, the cashier’s anchors theirs, and otherwise the index', () => {
    for (const s of SECURITY_SECTIONS) expect(sectionFrom(s, '')).toBe(s);
    // wallet/lib/profile-needs.ts links a missing real name or birthday, and a payment password, so.
    expect(sectionFrom(null, '#personal-details')).toBe('details');
    expect(sectionFrom(null, '#payment-password')).toBe('payment');
    expect(sectionFrom('password', '#personal-details')).toBe('password');
    expect(sectionFrom(null, '')).toBeNull();
    expect(sectionFrom('constructor', '#elsewhere')).toBeNull();
  });

  it('says where each account section stands', () => {
    const bare = {
      payeeName: null,
      profile: { birthday: null },
      hasPaymentPassword: false,
      mobileNum: null,
      mobileVerified: false,
      email: 'a@b.np',
      emailVerified: false,
    } as unknown as Parameters<typeof sectionStates>[0];
    expect(sectionStates(bare)).toEqual({
      details: { ok: false, text: 'missing' },
      payment: { ok: false, text: 'notSet' },
      mobile: { ok: false, text: 'notBound' },
      email: { ok: false, text: 'notVerified' },
    });
    const done = {
      ...bare,
      payeeName: 'Sita Sharma',
      profile: { birthday: '1990-01-31' },
      hasPaymentPassword: true,
      mobileNum: '9800000001',
      mobileVerified: true,
      emailVerified: true,
    } as unknown as Parameters<typeof sectionStates>[0];
    expect(sectionStates(done)).toEqual({
      details: { ok: true, text: 'complete' },
      payment: { ok: true, text: 'set' },
      mobile: { ok: true, text: 'verified' },
      email: { ok: true, text: 'verified' },
    });
    // A name alone is not what the cashier needs: the date of birth is asked too.
    expect(sectionStates({ ...bare, payeeName: 'Sita Sharma' }).details).toEqual({
      ok: false,
      text: 'missing',
    });
  });
});
