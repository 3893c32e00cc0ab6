import { OPERATOR_ROLES, type OperatorRole, type OperatorRow } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { useOperatorAction, useOperators } from '../api/operators.ts';
import { formatDateTime } from '../../shared/lib/format.ts';

function RoleSelect({
  value,
  onChange,
  label,
}: {
  value: OperatorRole;
  onChange(r: OperatorRole): void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value as OperatorRole)}>
      {OPERATOR_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`operators.roles.${r}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** One operator's controls: role, disable/enable, new password, second-factor reset. */
function OperatorControls({ op }: { op: OperatorRow }) {
  const { t } = useTranslation('admin');
  const action = useOperatorAction();
  const [password, setPassword] = useState('');
  const error = action.error instanceof ApiError ? action.error : null;
  return (
    <div className="admin-operators__controls">
      <RoleSelect
        label={t('operators.role')}
        value={op.role}
        onChange={(role) => action.mutate({ kind: 'role', id: op.id, role })}
      />
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          action.mutate({ kind: 'status', id: op.id, status: op.status === 'active' ? 'disabled' : 'active' })
        }
      >
        {op.status === 'active' ? t('operators.disable') : t('operators.enable')}
      </Button>
      <TextField
        label={t('operators.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        error={error?.fields.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button
        size="sm"
        variant="secondary"
        disabled={!password}
        onClick={() =>
          action.mutate({ kind: 'password', id: op.id, password }, { onSuccess: () => setPassword('') })
        }
      >
        {t('operators.resetPassword')}
      </Button>
      {op.totpEnabled && (
        <Button size="sm" variant="secondary" onClick={() => action.mutate({ kind: 'totp', id: op.id })}>
          {t('operators.resetTotp')}
        </Button>
      )}
      {error && !error.fields.password && <p role="alert">{error.message}</p>}
      {action.isSuccess && <p role="status">{t('saved')}</p>}
    </div>
  );
}

/** Owner only: the console's operator accounts and their roles. */
export default function OperatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const list = useOperators();
  const create = useOperatorAction();
  const [form, setForm] = useState({ account: '', password: '', role: 'support' as OperatorRole });
  const [open, setOpen] = useState<number | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { kind: 'create', ...form },
      { onSuccess: () => setForm({ account: '', password: '', role: form.role }) },
    );
  };
  return (
    <div className="admin-page">
      <PageHeader title={t('operators.title')} lead={t('operators.lead')} />
      <Table<OperatorRow>
        caption={t('operators.title')}
        captionHidden
        rows={list.data ?? []}
        rowKey={(r) => r.id}
        empty={list.error ? list.error.message : t('operators.none')}
        columns={[
          { key: 'account', header: t('operators.account'), render: (r) => r.account },
          { key: 'role', header: t('operators.role'), render: (r) => t(`operators.roles.${r.role}`) },
          {
            key: 'status',
            header: t('operators.status'),
            render: (r) => (r.status === 'active' ? t('operators.active') : t('operators.disabled')),
          },
          { key: 'totp', header: t('operators.totp'), render: (r) => (r.totpEnabled ? t('yes') : t('no')) },
          {
            key: 'last',
            header: t('operators.lastLogin'),
            render: (r) => formatDateTime(r.lastLoginAt, i18n.language) || '—',
          },
          {
            key: 'edit',
            header: t('edit'),
            render: (r) => (
              <Button size="sm" variant="secondary" onClick={() => setOpen(open === r.id ? null : r.id)}>
                {t('operators.manage', { account: r.account })}
              </Button>
            ),
          },
        ]}
      />
      {list.data?.map((op) => (op.id === open ? <OperatorControls key={op.id} op={op} /> : null))}
      <h2>{t('operators.create')}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        <TextField
          label={t('operators.account')}
          autoComplete="off"
          value={form.account}
          error={fields.account}
          onChange={(e) => setForm({ ...form, account: e.target.value })}
        />
        <TextField
          label={t('operators.password')}
          type="password"
          autoComplete="new-password"
          hint={t('operators.passwordHint')}
          value={form.password}
          error={fields.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <RoleSelect
          label={t('operators.role')}
          value={form.role}
          onChange={(role) => setForm({ ...form, role })}
        />
        {create.error && !Object.keys(fields).length && <p role="alert">{create.error.message}</p>}
        {create.isSuccess && <p role="status">{t('saved')}</p>}
        <Button type="submit" loading={create.isPending}>
          {t('operators.create')}
        </Button>
      </form>
    </div>
  );
}
