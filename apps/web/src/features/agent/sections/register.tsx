import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type RegisterDownline, useRegisterDownline } from '../api/agent-calls.ts';
import { InviteLink } from '../components/invite-link.tsx';

/** registerCenter: a player or sub-agent directly below the agent (the register field rules apply). */
export default function RegisterSection() {
  const { t } = useTranslation('agent');
  const register = useRegisterDownline();
  const [form, setForm] = useState<RegisterDownline>({
    username: '',
    password: '',
    confirmPassword: '',
    accountType: 'PLAYER',
  });
  const fields = register.error instanceof ApiError ? register.error.fields : {};
  const set = (k: keyof RegisterDownline) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(form, {
      onSuccess: (r) => {
        toast.success(t('register.done', { account: r.account }));
        setForm({ username: '', password: '', confirmPassword: '', accountType: form.accountType });
      },
    });
  };
  return (
    <section className="agent-section" aria-labelledby="agent-register">
      <h2 id="agent-register">{t('menu.registerAccount')}</h2>
      <form className="agent-form" onSubmit={submit} noValidate>
        <SelectField label={t('register.accountType')} value={form.accountType} onChange={set('accountType')}>
          <option value="PLAYER">{t('register.player')}</option>
          <option value="AGENT">{t('register.agent')}</option>
        </SelectField>
        <TextField
          label={t('register.username')}
          name="username"
          value={form.username}
          onChange={set('username')}
          error={fields.username}
          autoComplete="off"
        />
        <TextField
          label={t('register.nickname')}
          name="nickname"
          value={form.nickname ?? ''}
          onChange={set('nickname')}
        />
        <TextField
          label={t('register.password')}
          name="password"
          type="password"
          value={form.password}
          onChange={set('password')}
          error={fields.password}
          autoComplete="new-password"
        />
        <TextField
          label={t('register.confirmPassword')}
          name="confirmPassword"
          type="password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={fields.confirmPassword}
          autoComplete="new-password"
        />
        {register.error && !Object.keys(fields).length && <p role="alert">{register.error.message}</p>}
        <Button type="submit" disabled={register.isPending}>
          {t('register.submit')}
        </Button>
      </form>
      <InviteLink />
    </section>
  );
}
