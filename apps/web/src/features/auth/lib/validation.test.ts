import {
  checkFieldRule,
  FEATURE_FLAGS,
  MESSAGES,
  MESSAGES_NE,
  PATTERN_KINDS,
  type RegisterFieldRule,
} from '@wps/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyRegisterValues,
  registerBody,
  registerFields,
  registerTabs,
  validateRegister,
} from './register-form.ts';
import {
  mobileTarget,
  validateChangePassword,
  validateForgotByPhone,
  validatePaymentPassword,
  validateSmsLogin,
  validateUsernameLogin,
} from './validation.ts';

const rule = (field: string, over: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 'ANY',
  minLength: 0,
  maxLength: 100,
  ...over,
});

const RULES: RegisterFieldRule[] = [
  rule('username', {
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    patternId: 'LETTER_FIRST_ALNUM',
    minLength: 4,
    maxLength: 16,
  }),
  rule('password', {
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$',
    patternId: 'LETTERS_AND_DIGITS',
    minLength: 8,
    maxLength: 32,
  }),
  rule('mobileNum', {
    acceptedPattern: '^9[0-9]*$',
    patternId: 'DIGITS_START_9',
    minLength: 10,
    maxLength: 10,
  }),
  rule('email', {
    acceptedPattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$',
    patternId: 'EMAIL',
    minLength: 6,
    maxLength: 100,
  }),
  rule('qqNum', { enabled: false }),
  rule('payeeName', {
    required: true,
    acceptedPattern: '^[\\p{L}\\p{M}]+( [\\p{L}\\p{M}]+)+$',
    patternId: 'FULL_NAME',
    minLength: 3,
    maxLength: 60,
  }),
  rule('paymentPassword', {
    enabled: false,
    acceptedPattern: '^[0-9]+$',
    patternId: 'DIGITS',
    minLength: 6,
    maxLength: 6,
  }),
  rule('captcha', { enabled: false }),
];

const names = (tab: 'username' | 'mobile', flags: Record<string, boolean>, rules = RULES) =>
  registerFields(tab, flags, rules).map((f) => f.name);

describe('register popup fields (SPEC §2, §5)', () => {
  it('shows the tabs the flags allow, the mobile tab first', () => {
    expect(registerTabs({ USERNAMEREG3: true, MOBILENUMREG3: true })).toEqual(['mobile', 'username']);
    expect(registerTabs({ USERNAMEREG3: true, MOBILENUMREG3: false })).toEqual(['username']);
    expect(registerTabs({ ...FEATURE_FLAGS })).toEqual(['username']);
    expect(registerTabs({})).toEqual([]);
  });

  it('shows password fields on the mobile tab only with MOBILENUMPASSREG3', () => {
    expect(names('mobile', { MOBILENUMPASSREG3: true })).toContain('password');
    expect(names('mobile', { MOBILENUMPASSREG3: false })).not.toContain('password');
    expect(names('mobile', { MOBILENUMPASSREG3: false })).not.toContain('confirmPassword');
    expect(names('username', { MOBILENUMPASSREG3: false })).toContain('password');
  });

  it('shows optional fields only when enabled, required per setting, and the payment password always required', () => {
    const fields = registerFields('username', {}, RULES);
    expect(fields.find((f) => f.name === 'payeeName')?.required).toBe(true);
    expect(fields.find((f) => f.name === 'email')?.required).toBe(false);
    expect(fields.some((f) => f.name === 'qqNum')).toBe(false);
    expect(fields.some((f) => f.name === 'paymentPassword')).toBe(false);
    const withPay = registerFields('username', {}, [
      ...RULES.filter((r) => r.field !== 'paymentPassword'),
      rule('paymentPassword', { required: false }),
    ]);
    expect(withPay.find((f) => f.name === 'paymentPassword')?.required).toBe(true);
  });

  it('asks for the SMS code with REGMOBVERF3, required on the mobile tab', () => {
    expect(names('mobile', { REGMOBVERF3: true })).toContain('verificationCode');
    expect(names('mobile', { REGMOBVERF3: false })).not.toContain('verificationCode');
    expect(
      registerFields('mobile', { REGMOBVERF3: true }, RULES).find((f) => f.name === 'verificationCode')
        ?.required,
    ).toBe(true);
  });
});

describe('register validation', () => {
  const fields = registerFields('username', {}, RULES);
  const good = {
    ...emptyRegisterValues(),
    username: 'player1',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    payeeName: 'Ram Bahadur',
    terms: true,
    ageConfirmed: true,
  };

  it('accepts a complete form', () => {
    expect(validateRegister(good, fields, 'en')).toEqual({});
  });

  it('needs the terms ticked, with the inline message, in both languages', () => {
    expect(validateRegister({ ...good, terms: false }, fields, 'en').terms).toBe(
      'Please agree to the terms and conditions',
    );
    expect(validateRegister({ ...good, terms: false }, fields, 'ne').terms).toBe(
      MESSAGES_NE.agreeTo.replace('{0}', MESSAGES_NE.termsName),
    );
    expect(validateRegister({ ...good, ageConfirmed: false }, fields, 'en').ageConfirmed).toBe(
      'Please confirm that you are at least 18 years old',
    );
  });

  it('offers an optional date of birth and refuses one under the configured age before calling the server', () => {
    expect(fields.find((f) => f.name === 'birthday')?.required).toBe(false);
    expect(validateRegister({ ...good, birthday: '' }, fields, 'en').birthday).toBeUndefined();
    expect(validateRegister({ ...good, birthday: '1990-02-28' }, fields, 'en').birthday).toBeUndefined();
    const year = new Date().getFullYear();
    expect(validateRegister({ ...good, birthday: `${year - 10}-01-01` }, fields, 'en').birthday).toBe(
      'You must be at least 18 years old to play.',
    );
    expect(validateRegister({ ...good, birthday: `${year - 19}-01-01` }, fields, 'en', 21).birthday).toBe(
      'You must be at least 21 years old to play.',
    );
    expect(validateRegister({ ...good, birthday: '1990-02-30' }, fields, 'en').birthday).toBe(
      MESSAGES.birthdayFormat,
    );
  });

  it('says the passwords are inconsistent, empty fields cannot be empty, and refuses the default weak password', () => {
    expect(validateRegister({ ...good, confirmPassword: 'Secret124' }, fields, 'en').confirmPassword).toBe(
      MESSAGES.passwordsInconsistent,
    );
    const empty = validateRegister({ ...good, username: '  ', payeeName: '' }, fields, 'en');
    expect(empty.username).toBe(MESSAGES.inputEmpty);
    expect(empty.payeeName).toBe(MESSAGES.inputEmpty);
    const weak = registerFields('username', {}, [rule('password')]);
    expect(
      validateRegister({ ...good, password: '{secret}', confirmPassword: '{secret}' }, weak, 'en').password,
    ).toBe(MESSAGES.passwordNotAllowed);
  });

  it('gives the rule message the server gives (one number when min equals max)', () => {
    const bad = validateRegister({ ...good, username: '1abc', mobileNum: '98123' }, fields, 'en');
    expect(bad.username).toBe('Please enter 4-16 characters: a letter first, then letters and digits');
    expect(bad.mobileNum).toBe('Please enter 10 characters: digits starting with 9');
  });

  it('agrees with checkFieldRule for any username, in both languages (property)', () => {
    const usernameRule = RULES[0]!;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 24 }),
        fc.constantFrom('en' as const, 'ne' as const),
        (name, locale) => {
          const message = validateRegister({ ...good, username: name }, fields, locale).username ?? null;
          const v = name.trim();
          const expected = v
            ? checkFieldRule(v, usernameRule, locale)
            : (locale === 'ne' ? MESSAGES_NE : MESSAGES).inputEmpty;
          expect(message).toBe(expected);
        },
      ),
    );
  });

  it('agrees with checkFieldRule for every pattern kind on an optional field (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATTERN_KINDS),
        fc.string({ maxLength: 20 }),
        fc.nat(6),
        fc.nat(10),
        (kind, value, min, extra) => {
          const r = rule('email', {
            acceptedPattern: kind.source,
            patternId: kind.id,
            minLength: min,
            maxLength: min + extra,
          });
          const f = registerFields('username', {}, [rule('username'), rule('password'), r]);
          const message = validateRegister({ ...good, email: value }, f, 'en').email ?? null;
          const v = value.trim();
          expect(message).toBe(v ? checkFieldRule(v, r, 'en') : null);
        },
      ),
    );
  });

  it('sends only the shown fields, trimmed, with the registration extras', () => {
    const body = registerBody(
      {
        ...good,
        username: ' player1 ',
        qqNum: '12345',
        mobileNum: '98-1234 5678',
        countryDialingCode: '977',
      },
      registerFields('username', {}, RULES),
      { referralCode: 'REF1', domain: 'example.com', registerUrl: 'https://example.com/register' },
    );
    expect(body).toMatchObject({
      username: 'player1',
      password: 'Secret123',
      mobileNum: '9812345678',
      mobileNo: '9812345678',
      countryDialingCode: '977',
      referralCode: 'REF1',
      domain: 'example.com',
      registerMethod: 'WEB',
      terms: true,
      ageConfirmed: true,
      login: true,
    });
    expect(body).not.toHaveProperty('qqNum');
  });
});

describe('login and password forms', () => {
  it('needs username and password, and the image code only once it is shown', () => {
    const v = { username: ' ', password: '', captcha: '' };
    expect(validateUsernameLogin(v, { captchaShown: false }, 'en')).toEqual({
      username: MESSAGES.inputEmpty,
      password: MESSAGES.inputEmpty,
    });
    expect(
      validateUsernameLogin({ username: 'a', password: 'b', captcha: '' }, { captchaShown: true }, 'en'),
    ).toEqual({
      captcha: MESSAGES.captchaNeeded,
    });
  });

  it('SMS login needs a valid mobile number and a code (SPEC §5 messages)', () => {
    expect(
      validateSmsLogin({ countryDialingCode: '977', mobileNum: '12', verificationCode: '' }, 'en'),
    ).toEqual({
      mobileNum: MESSAGES.mobileEnterValid,
      verificationCode: MESSAGES.codeEnterValid,
    });
    expect(
      validateSmsLogin(
        { countryDialingCode: '977', mobileNum: '980 000 0001', verificationCode: '123456' },
        'en',
      ),
    ).toEqual({});
  });

  it('change password: old required unless forced, new by the rule and not the old one, confirm equal', () => {
    const r = RULES[1];
    expect(
      validateChangePassword(
        { oldPassword: '', newPassword: 'Secret123', confirmNewPassword: 'Secret123' },
        { forced: false, rule: r },
        'en',
      ),
    ).toEqual({
      oldPassword: MESSAGES.inputEmpty,
    });
    expect(
      validateChangePassword(
        { oldPassword: '', newPassword: 'Secret123', confirmNewPassword: 'Secret123' },
        { forced: true, rule: r },
        'en',
      ),
    ).toEqual({});
    expect(
      validateChangePassword(
        { oldPassword: 'Secret123', newPassword: 'Secret123', confirmNewPassword: 'Secret123' },
        { forced: false, rule: r },
        'en',
      ).newPassword,
    ).toBe(MESSAGES.passwordSameAsOld);
    expect(
      validateChangePassword(
        { oldPassword: 'x', newPassword: 'short1', confirmNewPassword: 'other' },
        { forced: false, rule: r },
        'ne',
      ),
    ).toEqual({
      newPassword: 'कृपया 8-32 अक्षर लेख्नुहोस्: अक्षर र अङ्क दुवै मिलाएर',
      confirmNewPassword: MESSAGES_NE.confirmMismatch,
    });
  });

  it('forgot by phone and payment password follow the same rules', () => {
    expect(
      validateForgotByPhone(
        {
          countryDialingCode: '977',
          mobileNum: '',
          verificationCode: '',
          newPassword: '',
          confirmNewPassword: '',
        },
        RULES[1],
        'en',
      ),
    ).toEqual({
      mobileNum: MESSAGES.mobileEnterValid,
      verificationCode: MESSAGES.codeEnterValid,
      newPassword: MESSAGES.inputEmpty,
      confirmNewPassword: MESSAGES.inputEmpty,
    });
    const pay = rule('paymentPassword', {
      acceptedPattern: '^[0-9]+$',
      patternId: 'DIGITS',
      minLength: 6,
      maxLength: 6,
    });
    expect(
      validatePaymentPassword(
        { password: '', oldPaymentPassword: '', paymentPassword: '12ab', confirmPaymentPassword: '12ab' },
        { hasOne: false, rule: pay },
        'en',
      ),
    ).toEqual({ password: MESSAGES.inputEmpty, paymentPassword: 'Please enter 6 characters: digits only' });
    expect(
      validatePaymentPassword(
        { password: '', oldPaymentPassword: '', paymentPassword: '123456', confirmPaymentPassword: '123456' },
        { hasOne: true, rule: pay },
        'en',
      ),
    ).toEqual({ oldPaymentPassword: MESSAGES.inputEmpty });
  });
});

describe('mobileTarget (every send-code button)', () => {
  it('clears the field, then either flags the spec message or answers the normalised number', () => {
    const flags: Array<string | null> = [];
    const flag = (m: string | null) => flags.push(m);
    expect(
      mobileTarget({ mobileNum: ' 98-0000 0001 ', countryDialingCode: '+977' }, undefined, 'en', flag),
    ).toEqual({
      mobileNum: '9800000001',
      countryDialingCode: '+977',
    });
    expect(flags).toEqual([null]);
    expect(mobileTarget({ mobileNum: '', countryDialingCode: '+977' }, undefined, 'en', flag)).toBeNull();
    expect(flags).toEqual([null, null, 'Please enter a valid mobile number']);
  });
});
