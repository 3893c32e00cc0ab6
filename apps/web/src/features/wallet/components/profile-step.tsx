import type { RequiredProfileField } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { PROFILE_FIELD_LINK, type ProfileStepField, type ProfileStepValues } from '../lib/profile-needs.ts';

/**
 * The details the cashier needs, asked inside the form that needs them (issue 27): the real name
 * and the date of birth, each with why it is asked. Saved with the form's own submit: one step.
 */
export function ProfileStep({
  need,
  values,
  errors,
  onChange,
  lead,
}: {
  need: readonly ProfileStepField[];
  values: ProfileStepValues;
  errors: Partial<Record<ProfileStepField, string | null>>;
  onChange(patch: Partial<ProfileStepValues>): void;
  /** Why these are asked here (the deposit's words or the withdrawal's). */
  lead: string;
}) {
  const { t } = useTranslation('wallet');
  const thisYear = new Date().getFullYear();
  return (
    <fieldset className="wallet-step" data-testid="profile-step">
      <legend className="wallet-step__title">{t('profileStep.title')}</legend>
      <p className="small wallet-step__lead">{lead}</p>
      {need.includes('payeeName') && (
        <TextField
          label={t('profileStep.realName')}
          autoComplete="name"
          maxLength={60}
          value={values.payeeName}
          onChange={(e) => onChange({ payeeName: e.target.value })}
          hint={t('profileStep.realNameHint')}
          error={errors.payeeName}
        />
      )}
      {need.includes('birthday') && (
        <DateField
          label={t('profileStep.birthday')}
          value={values.birthday}
          minYear={thisYear - 110}
          maxYear={thisYear - 10}
          hint={t('profileStep.birthdayHint')}
          error={errors.birthday}
          onChange={(v) => onChange({ birthday: v })}
        />
      )}
    </fieldset>
  );
}

/**
 * A refusal for missing details (PROFILE_INCOMPLETE) as a way forward, never a dead end: each
 * missing field by name, and a link to where it is set.
 */
export function ProfileIncompleteNotice({ fields }: { fields: readonly RequiredProfileField[] }) {
  const { t } = useTranslation('wallet');
  if (fields.length === 0) return null;
  const names = fields.map((f) => t(`profileStep.field.${f}`)).join(', ');
  return (
    <div className="wallet-note wallet-note--action" role="alert" data-testid="profile-incomplete">
      <p>{t('profileStep.missing', { fields: names })}</p>
      <p>
        <Link to={PROFILE_FIELD_LINK[fields[0]!]}>{t('profileStep.setThere')}</Link>
      </p>
    </div>
  );
}
