import { MESSAGES, MESSAGES_NE, type Promotion } from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client.ts';
import {
  bonusTerms,
  incompleteFields,
  missingProfile,
  profileStepBody,
  tidyName,
  validateProfileStep,
} from './profile-needs.ts';

/** Issue 27: what the first deposit asks for before it is needed, and a refusal as a way forward. */
const FULL_NAME = {
  field: 'payeeName',
  acceptedPattern: '^[\\p{L}\\p{M}]+( [\\p{L}\\p{M}]+)+$',
  patternId: 'FULL_NAME',
  minLength: 3,
  maxLength: 60,
};
const info = (payeeName: string | null, birthday: string | null) =>
  ({ payeeName, profile: { birthday } }) as Parameters<typeof missingProfile>[0];

describe('the details the cashier needs', () => {
  it('asks only for what the member has not set', () => {
    expect(missingProfile(info(null, null))).toEqual(['payeeName', 'birthday']);
    expect(missingProfile(info('Ram Thapa', null))).toEqual(['birthday']);
    expect(missingProfile(info('  ', '1990-01-01'))).toEqual(['payeeName']);
    expect(missingProfile(info('Ram Thapa', '1990-01-01'))).toEqual([]);
    expect(missingProfile(undefined)).toEqual([]);
    expect(missingProfile({ ...info(null, null)!, isTrial: true })).toEqual([]);
  });

  it('checks the real-name rule, a real date and the minimum age, in the reader language', () => {
    const today = new Date('2026-11-29T00:00:00Z');
    const opts = { nameRule: FULL_NAME, ageMin: 18, today };
    const need = ['payeeName', 'birthday'] as const;
    expect(validateProfileStep({ payeeName: '', birthday: '' }, need, opts, 'en')).toEqual({
      payeeName: MESSAGES.inputEmpty,
      birthday: MESSAGES.inputEmpty,
    });
    expect(validateProfileStep({ payeeName: 'Ram', birthday: '2010-01-01' }, need, opts, 'ne')).toEqual({
      payeeName: MESSAGES_NE.realNameFormat,
      birthday: MESSAGES_NE.underAge.replace('{0}', '18'),
    });
    expect(validateProfileStep({ payeeName: 'राम  थापा', birthday: '1995-02-30' }, need, opts, 'en')).toEqual(
      {
        birthday: MESSAGES.birthdayFormat,
      },
    );
    expect(
      validateProfileStep({ payeeName: ' Ram  Bahadur ', birthday: '2008-11-29' }, need, opts, 'en'),
    ).toEqual({});
    // Only what was asked is checked and sent.
    expect(validateProfileStep({ payeeName: '', birthday: '' }, ['birthday'], opts, 'en')).toEqual({
      birthday: MESSAGES.inputEmpty,
    });
    expect(profileStepBody({ payeeName: ' Ram   Thapa ', birthday: '1990-01-01' }, ['payeeName'])).toEqual({
      payeeName: 'Ram Thapa',
    });
    expect(tidyName('  a \t b  ')).toBe('a b');
  });

  it('reads the fields a PROFILE_INCOMPLETE refusal names, and nothing from other errors', () => {
    const refusal = new ApiError({
      status: 409,
      code: 'PROFILE_INCOMPLETE',
      message: 'Some details are missing.',
      fields: { paymentPassword: 'x', payeeName: 'y' },
    });
    expect(incompleteFields(refusal)).toEqual(['payeeName', 'paymentPassword']);
    expect(
      incompleteFields(
        new ApiError({ status: 400, code: 'VALIDATION', message: 'm', fields: { payeeName: 'y' } }),
      ),
    ).toEqual([]);
    expect(incompleteFields(new Error('x'))).toEqual([]);
  });

  it('states a deposit bonus in numbers for its one-line terms', () => {
    const p = { percent: 100, cap: '1000.00', wageringMultiplier: 10, expiryDays: 7, minDeposit: '100.00' };
    expect(bonusTerms(p as Promotion)).toEqual({
      percent: 100,
      cap: '1000.00',
      times: 10,
      days: 7,
      min: '100.00',
    });
    expect(bonusTerms({ ...p, minDeposit: '0.00' } as Promotion)?.min).toBeNull();
    expect(bonusTerms({ ...p, percent: null } as Promotion)).toBeNull();
  });
});
