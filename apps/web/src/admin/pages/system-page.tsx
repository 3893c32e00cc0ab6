import { zodResolver } from '@hookform/resolvers/zod';
import { PATTERN_KINDS, type RegisterFieldRule } from '@wps/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell, SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { type AdminSystem, useAdminSystem } from '../api/get-system.ts';
import {
  blockedCountriesInput,
  parseCountryList,
  useUpdateBlockedCountries,
} from '../api/update-blocked-countries.ts';
import { domainRouteInput, parseDomainList, useUpdateDomainRoute } from '../api/update-domain-route.ts';
import { useUpdateFlag } from '../api/update-flag.ts';
import { type MaintenanceInput, maintenanceInput, useUpdateMaintenance } from '../api/update-maintenance.ts';
import {
  type RegisterRuleInput,
  registerRuleInput,
  useUpdateRegisterRule,
} from '../api/update-register-rule.ts';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

function MaintenanceCard({ value }: { value: AdminSystem['maintenance'] }) {
  const { t } = useTranslation('admin');
  const update = useUpdateMaintenance();
  const { register, handleSubmit, formState } = useForm<MaintenanceInput>({
    resolver: zodResolver(maintenanceInput),
    values: { enabled: value.enabled, message: value.message ?? '' },
  });
  return (
    <section className="card admin-card" aria-labelledby="maint-title">
      <h2 id="maint-title">{t('system.maintenance.title')}</h2>
      <p className="muted small">{t('system.maintenance.lead')}</p>
      <p>
        {t('system.maintenance.current')}{' '}
        <strong data-testid="maintenance-state" className={value.enabled ? 'text-danger' : 'text-success'}>
          {value.enabled ? t('system.maintenance.on') : t('system.maintenance.off')}
        </strong>
      </p>
      <form
        onSubmit={handleSubmit((v) =>
          update.mutate(
            { enabled: v.enabled, message: v.message ? v.message : null },
            { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorText(e)) },
          ),
        )}
      >
        <label className="check">
          <input type="checkbox" {...register('enabled')} /> {t('system.maintenance.enable')}
        </label>
        <FieldShell
          label={t('system.maintenance.message')}
          hint={t('system.maintenance.messageHint')}
          error={formState.errors.message ? t('system.maintenance.messageTooLong') : null}
        >
          {({ inputId, describedBy, invalid }) => (
            <textarea
              id={inputId}
              className="input"
              rows={3}
              maxLength={500}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('message')}
            />
          )}
        </FieldShell>
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </form>
    </section>
  );
}

function BlockedCountriesCard({ value }: { value: string[] }) {
  const { t } = useTranslation('admin');
  const update = useUpdateBlockedCountries();
  const [text, setText] = useState(value.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    setText(value.join(', '));
  }
  return (
    <section className="card admin-card" aria-labelledby="blocked-title">
      <h2 id="blocked-title">{t('system.blocked.title')}</h2>
      <p className="muted small">{t('system.blocked.lead')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = blockedCountriesInput.safeParse({ countries: parseCountryList(text) });
          if (!parsed.success) {
            setError(t('system.blocked.invalid'));
            return;
          }
          setError(null);
          update.mutate(parsed.data, {
            onSuccess: () => toast.success(t('saved')),
            onError: (err) => toast.error(errorText(err)),
          });
        }}
      >
        <TextField
          label={t('system.blocked.label')}
          hint={t('system.blocked.hint')}
          error={error}
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          autoCapitalize="characters"
        />
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </form>
    </section>
  );
}

function DomainCard({ value }: { value: AdminSystem['domainRoute'] }) {
  const { t } = useTranslation('admin');
  const update = useUpdateDomainRoute();
  const [main, setMain] = useState(value.mainDomain);
  const [others, setOthers] = useState(value.domains.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    setMain(value.mainDomain);
    setOthers(value.domains.join(', '));
  }
  return (
    <section className="card admin-card" aria-labelledby="domain-title">
      <h2 id="domain-title">{t('system.domain.title')}</h2>
      <p className="muted small">{t('system.domain.lead')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = domainRouteInput.safeParse({
            mainDomain: main.trim().toLowerCase(),
            domains: parseDomainList(others),
          });
          if (!parsed.success) {
            setError(t('system.domain.invalid'));
            return;
          }
          setError(null);
          update.mutate(parsed.data, {
            onSuccess: () => toast.success(t('saved')),
            onError: (err) => toast.error(errorText(err)),
          });
        }}
      >
        <TextField
          label={t('system.domain.main')}
          value={main}
          onChange={(e) => setMain(e.target.value)}
          spellCheck={false}
          autoCapitalize="none"
        />
        <TextField
          label={t('system.domain.all')}
          hint={t('system.domain.hint')}
          error={error}
          value={others}
          onChange={(e) => setOthers(e.target.value)}
          spellCheck={false}
          autoCapitalize="none"
        />
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </form>
    </section>
  );
}

function FlagsCard({ flags }: { flags: Record<string, boolean> }) {
  const { t } = useTranslation('admin');
  const update = useUpdateFlag();
  // A switch moves the moment it is flipped; it falls back if the server refuses.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  const codes = Object.keys(flags).sort();
  return (
    <section className="card admin-card" aria-labelledby="flags-title">
      <h2 id="flags-title">{t('system.flags.title')}</h2>
      <p className="muted small">{t('system.flags.lead')}</p>
      <ul className="flag-list">
        {codes.map((code) => (
          <li key={code} className="flag-list__item">
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                aria-checked={optimistic[code] ?? flags[code] ?? false}
                checked={optimistic[code] ?? flags[code] ?? false}
                onChange={(e) => {
                  const enabled = e.target.checked;
                  setOptimistic((o) => ({ ...o, [code]: enabled }));
                  update.mutate(
                    { code, enabled },
                    {
                      onError: (err) => toast.error(errorText(err)),
                      onSettled: () => setOptimistic(({ [code]: _done, ...rest }) => rest),
                    },
                  );
                }}
              />
              <span className="switch__track" aria-hidden="true" />
              <span>
                <code>{code}</code>
                <small className="muted block">
                  {t(`system.flags.descriptions.${code}`, { defaultValue: '' })}
                </small>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RuleEditor({ rule, onClose }: { rule: RegisterFieldRule; onClose(): void }) {
  const { t } = useTranslation('admin');
  const update = useUpdateRegisterRule();
  const { register, handleSubmit, setValue, formState } = useForm<RegisterRuleInput>({
    resolver: zodResolver(registerRuleInput),
    defaultValues: {
      enabled: rule.enabled,
      required: rule.required,
      acceptedPattern: rule.acceptedPattern,
      patternId: rule.patternId,
      minLength: rule.minLength,
      maxLength: rule.maxLength,
    },
  });
  const e = formState.errors;
  return (
    <Modal
      open
      onClose={onClose}
      title={t('system.rules.editTitle', { field: rule.field })}
      closeLabel={t('common:actions.close')}
    >
      <form
        className="stack"
        onSubmit={handleSubmit((v) =>
          update.mutate(
            { field: rule.field, ...v },
            {
              onSuccess: () => {
                toast.success(t('saved'));
                onClose();
              },
              onError: (err) => toast.error(errorText(err)),
            },
          ),
        )}
      >
        <label className="check">
          <input type="checkbox" {...register('enabled')} /> {t('system.rules.enabled')}
        </label>
        <label className="check">
          <input type="checkbox" {...register('required')} /> {t('system.rules.required')}
        </label>
        <SelectField
          label={t('system.rules.patternId')}
          error={e.patternId ? t('system.rules.unknownPattern') : null}
          {...register('patternId', {
            onChange: (ev: React.ChangeEvent<HTMLSelectElement>) => {
              const kind = PATTERN_KINDS.find((k) => k.id === ev.target.value);
              if (kind) setValue('acceptedPattern', kind.source);
            },
          })}
        >
          {PATTERN_KINDS.map((k) => (
            <option key={k.id} value={k.id}>
              {k.id} — {k.en.range.replace(/^Please enter \{0\}-\{1\} characters: /, '')}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('system.rules.acceptedPattern')}
          hint={t('system.rules.patternHint')}
          spellCheck={false}
          error={e.acceptedPattern ? t('system.rules.invalid') : null}
          {...register('acceptedPattern')}
        />
        <div className="row">
          <TextField
            label={t('system.rules.minLength')}
            type="number"
            min={0}
            inputMode="numeric"
            error={e.minLength ? t('system.rules.invalid') : null}
            {...register('minLength', { valueAsNumber: true })}
          />
          <TextField
            label={t('system.rules.maxLength')}
            type="number"
            min={0}
            inputMode="numeric"
            error={e.maxLength ? t('system.rules.maxBelowMin') : null}
            {...register('maxLength', { valueAsNumber: true })}
          />
        </div>
        <Button type="submit" loading={update.isPending}>
          {t('save')}
        </Button>
      </form>
    </Modal>
  );
}

function RegisterRulesCard({ rules }: { rules: RegisterFieldRule[] }) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState<RegisterFieldRule | null>(null);
  const yes = t('yes');
  const no = t('no');
  return (
    <section className="card admin-card admin-card--wide" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('system.rules.title')}</h2>
      <p className="muted small">{t('system.rules.lead')}</p>
      <Table
        caption={t('system.rules.title')}
        captionHidden
        rows={rules}
        rowKey={(r) => r.field}
        empty={t('system.rules.empty')}
        columns={[
          { key: 'field', header: t('system.rules.field'), render: (r) => <code>{r.field}</code> },
          { key: 'enabled', header: t('system.rules.enabled'), render: (r) => (r.enabled ? yes : no) },
          { key: 'required', header: t('system.rules.required'), render: (r) => (r.required ? yes : no) },
          { key: 'pattern', header: t('system.rules.patternId'), render: (r) => r.patternId },
          {
            key: 'len',
            header: t('system.rules.length'),
            numeric: true,
            render: (r) => `${r.minLength}–${r.maxLength}`,
          },
          {
            key: 'edit',
            header: <span className="visually-hidden">{t('edit')}</span>,
            render: (r) => (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing(r)}
                aria-label={t('system.rules.editTitle', { field: r.field })}
              >
                {t('edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <RuleEditor rule={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

export default function SystemPage() {
  const { t } = useTranslation('admin');
  const system = useAdminSystem();
  if (system.isPending) return <Loader label={t('common:loading')} />;
  if (system.isError) {
    return (
      <div className="admin-empty" role="alert">
        <p>{errorText(system.error)}</p>
        <Button onClick={() => void system.refetch()}>{t('common:actions.retry')}</Button>
      </div>
    );
  }
  const data = system.data;
  return (
    <div className="admin-page">
      <PageHeader title={t('system.title')} lead={t('system.lead')} />
      <div className="admin-grid">
        <MaintenanceCard value={data.maintenance} />
        <BlockedCountriesCard value={data.blockedCountries} />
        <FlagsCard flags={data.flags} />
        <DomainCard value={data.domainRoute} />
        <RegisterRulesCard rules={data.register} />
      </div>
    </div>
  );
}
