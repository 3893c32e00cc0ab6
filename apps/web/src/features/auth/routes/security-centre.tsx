import type { MemberInfo } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSessionStore } from '../../../shared/session/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useMemberInfo } from '../../account/api/get-member-info.ts';
import { useBindEmail, useBindMobile } from '../api/bind-contact.ts';
import { sendBindEmailCode, sendBindMobileCode } from '../api/send-bind-code.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { PaymentPasswordCard } from '../components/payment-password-card.tsx';
import { DEFAULT_DIAL_CODE, PhoneField } from '../components/phone-field.tsx';
import { SmsCodeField } from '../components/sms-code-field.tsx';
import { useLocale } from '../hooks/use-locale.ts';
import { useRulesForm } from '../hooks/use-rules-form.ts';
import {
  checkCode,
  checkMobile,
  mobileTarget,
  checkValue,
  normalizeMobile,
  specMessage,
} from '../lib/validation.ts';
import { AvatarCard, ProfileCard } from './profile-cards.tsx';
import { HelpLinks } from '../../protection/help-links.tsx';
import { ExclusionCard, LimitsCard, RealityCard } from '../../protection/protection-cards.tsx';
import { type SecuritySection, sectionFrom, sectionStates } from '../lib/security-sections.ts';
import '../auth.css';

/**
 * Member centre › securityCenter (SPEC §2, §6): avatar, password, phone, email, payment password,
 * the profile fields of SPEC §3 and player protection. An index of its sections, each opening on
 * its own (`&section=`), so no screen is one long scroll of every form; the cashier's links to
 * `#personal-details` and `#payment-password` open theirs.
 */
export default function SecurityCentre() {
  const { t } = useTranslation('auth');
  const token = useSessionStore((s) => s.token);
  const { data: member, isPending, error } = useMemberInfo(token);
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const section = sectionFrom(params.get('section'), hash);
  if (isPending) return <Loader label={t('loading')} />;
  if (!member)
    return <p className="form-error form-error--box">{error?.message ?? specMessage('unknown', 'en')}</p>;
  if (member.isTrial) return <p className="notice-box">{t('security.trial')}</p>;
  if (!section) return <SecurityIndex member={member} />;
  return (
    <div className="security">
      <Link className="security__back" to="/member?page=securityCenter" data-testid="security-back">
        <span aria-hidden="true">‹</span> {t('security.sections.back')}
      </Link>
      <SectionBody section={section} member={member} />
    </div>
  );
}

function SectionBody({ section, member }: { section: SecuritySection; member: MemberInfo }) {
  const { t } = useTranslation('auth');
  switch (section) {
    case 'details':
      return <ProfileCard member={member} />;
    case 'password':
      return (
        <section className="card security__card" aria-labelledby="sec-password">
          <h3 id="sec-password">{t('security.password.title')}</h3>
          <p className="muted small">{t('security.password.lead')}</p>
          <ChangePasswordForm forced={false} inline onDone={() => toast.success(t('changePassword.done'))} />
        </section>
      );
    case 'mobile':
      return <MobileCard member={member} />;
    case 'email':
      return <EmailCard member={member} />;
    case 'payment':
      return <PaymentPasswordCard hasOne={member.hasPaymentPassword} />;
    case 'avatar':
      return <AvatarCard member={member} />;
    case 'limits':
      return <LimitsCard />;
    case 'reality':
      return <RealityCard />;
    case 'exclusion':
      return <ExclusionCard />;
    case 'help':
      return <HelpLinks />;
  }
}

/** Each section as a row: what it is, where it stands, and a tap to open it. */
function SecurityIndex({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const { t: tp } = useTranslation('protection');
  const state = sectionStates(member);
  const row = (s: SecuritySection, title: string) => {
    const st = state[s];
    return (
      <li key={s}>
        <Link
          className="security-index__link"
          to={`/member?page=securityCenter&section=${s}`}
          data-section={s}
        >
          <span className="security-index__title">{title}</span>
          {st && (
            <span className={`badge ${st.ok ? 'badge--ok' : 'badge--warn'}`}>
              {t(`security.sections.state.${st.text}`)}
            </span>
          )}
          <span className="security-index__chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      </li>
    );
  };
  return (
    <div className="security">
      <Overview member={member} />
      <section className="card security-index" aria-labelledby="sec-account">
        <h3 id="sec-account">{t('security.sections.account')}</h3>
        <ul>
          {row('details', t('security.profile.title'))}
          {row('password', t('security.password.title'))}
          {row(
            'payment',
            t(member.hasPaymentPassword ? 'security.payment.change' : 'security.payment.title'),
          )}
          {row('mobile', t(member.mobileVerified ? 'security.mobile.change' : 'security.mobile.title'))}
          {row('email', t(member.emailVerified ? 'security.email.change' : 'security.email.title'))}
          {row('avatar', t('security.avatar.title'))}
        </ul>
      </section>
      <section className="card security-index" aria-labelledby="sec-protection">
        <h3 id="sec-protection">{t('security.sections.protection')}</h3>
        <ul>
          {row('limits', tp('limits.title'))}
          {row('reality', tp('reality.title'))}
          {row('exclusion', tp('exclusion.title'))}
          {row('help', tp('help.title'))}
        </ul>
      </section>
    </div>
  );
}

function Status({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <span className={`badge ${ok ? 'badge--ok' : 'badge--warn'}`}>{ok ? yes : no}</span>;
}

function Overview({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const phone = member.mobileNum
    ? `+${member.countryDialingCode ?? ''} ${member.mobileNum}`
    : t('security.none');
  return (
    <section className="card security__overview" aria-labelledby="sec-overview">
      <h3 id="sec-overview">{t('security.overview')}</h3>
      <dl className="security__list">
        <div>
          <dt>{t('fields.username')}</dt>
          <dd>{member.account}</dd>
        </div>
        <div>
          <dt>{t('fields.mobile')}</dt>
          <dd>
            <span className="num">{phone}</span>{' '}
            {member.mobileNum && (
              <Status
                ok={member.mobileVerified}
                yes={t('security.verified')}
                no={t('security.notVerified')}
              />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('fields.email')}</dt>
          <dd>
            {member.email ?? t('security.none')}{' '}
            {member.email && (
              <Status ok={member.emailVerified} yes={t('security.verified')} no={t('security.notVerified')} />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('fields.paymentPassword')}</dt>
          <dd>
            <Status ok={member.hasPaymentPassword} yes={t('security.set')} no={t('security.notSet')} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function MobileCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const bind = useBindMobile();
  const form = useRulesForm<{ countryDialingCode: string; mobileNum: string; verificationCode: string }>(
    (v) => {
      const out: Record<string, string> = {};
      const m = checkMobile(v.mobileNum, undefined, locale);
      if (m) out.mobileNum = m;
      const c = checkCode(v.verificationCode, locale);
      if (c) out.verificationCode = c;
      return out;
    },
    {
      defaultValues: {
        countryDialingCode: member.countryDialingCode ?? DEFAULT_DIAL_CODE,
        mobileNum: member.mobileVerified ? '' : (member.mobileNum ?? ''),
        verificationCode: '',
      },
    },
  );
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const send = async () => {
    const target = mobileTarget(getValues(), undefined, locale, (m) =>
      m ? setError('mobileNum', { type: 'validate', message: m }) : form.clearErrors('mobileNum'),
    );
    if (!target) return null;
    return sendBindMobileCode(target);
  };
  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      await bind.mutateAsync({
        mobileNum: normalizeMobile(v.mobileNum.trim()),
        countryDialingCode: v.countryDialingCode,
        verificationCode: v.verificationCode.trim(),
      });
      reset({ countryDialingCode: v.countryDialingCode, mobileNum: '', verificationCode: '' });
      toast.success(t('security.mobile.done'));
    } catch (err) {
      form.showServerError(err, ['mobileNum', 'verificationCode'], specMessage('unknown', locale));
    }
  });
  return (
    <section className="card security__card" aria-labelledby="sec-mobile">
      <h3 id="sec-mobile">
        {member.mobileVerified ? t('security.mobile.change') : t('security.mobile.title')}
      </h3>
      <p className="muted small">{t('security.mobile.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <PhoneField
          label={t('fields.mobile')}
          error={errors.mobileNum?.message}
          dialCode={register('countryDialingCode')}
          mobile={register('mobileNum')}
        />
        <SmsCodeField
          label={t('fields.code')}
          error={errors.verificationCode?.message}
          code={register('verificationCode')}
          send={send}
          onFieldError={(fields) => {
            if (fields.mobileNum) setError('mobileNum', { type: 'server', message: fields.mobileNum });
          }}
        />
        {form.formError && (
          <p className="form-error form-error--box" role="alert">
            {form.formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting}>
          {t('security.mobile.submit')}
        </Button>
      </form>
    </section>
  );
}

function EmailCard({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const emailRule = usePermission().data?.info.register.find((r) => r.field === 'email');
  const bind = useBindEmail();
  const form = useRulesForm<{ email: string; verificationCode: string }>(
    (v) => {
      const out: Record<string, string> = {};
      const e = checkValue(v.email, { required: true, rule: emailRule }, locale);
      if (e) out.email = e;
      const c = checkCode(v.verificationCode, locale);
      if (c) out.verificationCode = c;
      return out;
    },
    { defaultValues: { email: member.emailVerified ? '' : (member.email ?? ''), verificationCode: '' } },
  );
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const send = async () => {
    const { email } = getValues();
    form.clearErrors('email');
    const bad = checkValue(email, { required: true, rule: emailRule }, locale);
    if (bad) {
      setError('email', { type: 'validate', message: bad });
      return null;
    }
    return sendBindEmailCode({ email: email.trim() });
  };
  const onSubmit = handleSubmit(async (v) => {
    form.setFormError(null);
    try {
      await bind.mutateAsync({ email: v.email.trim(), verificationCode: v.verificationCode.trim() });
      reset({ email: '', verificationCode: '' });
      toast.success(t('security.email.done'));
    } catch (err) {
      form.showServerError(err, ['email', 'verificationCode'], specMessage('unknown', locale));
    }
  });
  return (
    <section className="card security__card" aria-labelledby="sec-email">
      <h3 id="sec-email">{member.emailVerified ? t('security.email.change') : t('security.email.title')}</h3>
      <p className="muted small">{t('security.email.lead')}</p>
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SmsCodeField
          label={t('fields.emailCode')}
          error={errors.verificationCode?.message}
          code={register('verificationCode')}
          send={send}
          onFieldError={(fields) => {
            if (fields.email) setError('email', { type: 'server', message: fields.email });
          }}
        />
        {form.formError && (
          <p className="form-error form-error--box" role="alert">
            {form.formError}
          </p>
        )}
        <Button type="submit" loading={isSubmitting}>
          {t('security.email.submit')}
        </Button>
      </form>
    </section>
  );
}
