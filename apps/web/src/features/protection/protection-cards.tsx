import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_DAYS,
  TIMEOUT_DAYS,
} from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { exclude, useLimits, useProtectionStatus, useSetLimit, useSetRealityInterval } from './api.ts';
import { HelpLinks } from './help-links.tsx';
import './protection.css';

const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale === 'ne' ? 'ne-NP-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** Security centre › player protection: limits, reality check, time-out / self-exclusion, help. */
export function ProtectionCards() {
  return (
    <>
      <LimitsCard />
      <RealityCard />
      <ExclusionCard />
      <HelpLinks />
    </>
  );
}

export function LimitsCard() {
  const { t, i18n } = useTranslation('protection');
  const { data } = useLimits();
  const save = useSetLimit();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const show = (k: LimitKind, v: string | number | null) =>
    v === null ? t('limits.none') : k === 'session' ? t('limits.minutes', { n: v }) : String(v);
  const submit = async (e: FormEvent, remove = false) => {
    e.preventDefault();
    setError(null);
    try {
      const body = {
        kind,
        ...(kind === 'session' ? {} : { period }),
        value: remove ? null : kind === 'session' ? Number(value) : value.trim(),
      };
      const out = await save.mutateAsync(body);
      const waiting = out.pending.find((p) => p.kind === kind && (kind === 'session' || p.period === period));
      toast.success(
        waiting
          ? t('limits.pendingSaved', { at: when(waiting.effectiveAt, i18n.language) })
          : t('limits.saved'),
      );
      setValue('');
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.value ?? err.message) : t('limits.failed'));
    }
  };
  return (
    <section className="card security__card" aria-labelledby="sec-limits">
      <h3 id="sec-limits">{t('limits.title')}</h3>
      <p className="muted small">{t('limits.lead')}</p>
      <ul className="protection__list" aria-label={t('limits.current')}>
        {data?.limits.length === 0 && <li className="muted">{t('limits.noneSet')}</li>}
        {data?.limits.map((l) => (
          <li key={`${l.kind}:${l.period}`} data-testid={`limit-${l.kind}-${l.period}`}>
            {t(`limits.kinds.${l.kind}`)} · {t(`limits.periods.${l.period}`)}:{' '}
            <strong className="num">{show(l.kind, l.value)}</strong>
          </li>
        ))}
        {data?.pending.map((p) => (
          <li key={`p:${p.kind}:${p.period}`} className="protection__pending">
            {t('limits.pendingLine', {
              what: `${t(`limits.kinds.${p.kind}`)} · ${t(`limits.periods.${p.period}`)}`,
              value: show(p.kind, p.value),
              at: when(p.effectiveAt, i18n.language),
            })}
          </li>
        ))}
      </ul>
      <form className="protection__form" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField
          label={t('limits.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as LimitKind)}
        >
          {LIMIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`limits.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        {kind !== 'session' && (
          <SelectField
            label={t('limits.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
          >
            {LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`limits.periods.${p}`)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={kind === 'session' ? t('limits.valueMinutes') : t('limits.valueAmount')}
          inputMode={kind === 'session' ? 'numeric' : 'decimal'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error ?? undefined}
        />
        <div className="protection__actions">
          <Button type="submit" loading={save.isPending} disabled={!value.trim()}>
            {t('limits.save')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={(e) => void submit(e, true)}
            disabled={save.isPending}
          >
            {t('limits.remove')}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function RealityCard() {
  const { t } = useTranslation('protection');
  const { data } = useProtectionStatus(true);
  const save = useSetRealityInterval();
  const options = [15, 30, 45, 60, 90, 120, 180, 240].filter(
    (m) => m >= REALITY_CHECK_MINUTES.min && m <= REALITY_CHECK_MINUTES.max,
  );
  return (
    <section className="card security__card" aria-labelledby="sec-reality">
      <h3 id="sec-reality">{t('reality.title')}</h3>
      <p className="muted small">{t('reality.lead')}</p>
      <SelectField
        label={t('reality.interval')}
        value={String(data?.intervalMinutes ?? REALITY_CHECK_MINUTES.default)}
        onChange={(e) =>
          void save.mutateAsync(Number(e.target.value)).then(() => toast.success(t('reality.saved')))
        }
      >
        {options.map((m) => (
          <option key={m} value={m}>
            {t('limits.minutes', { n: m })}
          </option>
        ))}
      </SelectField>
    </section>
  );
}

export function ExclusionCard() {
  const { t } = useTranslation('protection');
  const logout = useSessionStore((s) => s.logout);
  const [kind, setKind] = useState<'timeout' | 'self'>('timeout');
  const [days, setDays] = useState('1');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices =
    kind === 'timeout'
      ? [1, 3, 7, 14, 28, TIMEOUT_DAYS.max]
      : [SELF_EXCLUSION_DAYS.min, 365, 730, 1095, SELF_EXCLUSION_DAYS.max, 0];
  const label = (d: number) => (d === 0 ? t('exclusion.permanent') : t('exclusion.days', { n: d }));
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const n = Number(days);
      await exclude({ kind, days: n === 0 ? null : n, password });
      setConfirming(false);
      toast.success(t('exclusion.done'));
      logout();
    } catch (err) {
      setConfirming(false);
      setError(
        err instanceof ApiError
          ? (err.fields.password ?? err.fields.days ?? err.message)
          : t('limits.failed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card security__card" aria-labelledby="sec-exclusion">
      <h3 id="sec-exclusion">{t('exclusion.title')}</h3>
      <p className="muted small">{t('exclusion.lead')}</p>
      <form
        className="protection__form"
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
        noValidate
      >
        <SelectField
          label={t('exclusion.kind')}
          value={kind}
          onChange={(e) => {
            const k = e.target.value as 'timeout' | 'self';
            setKind(k);
            setDays(String(k === 'timeout' ? 1 : SELF_EXCLUSION_DAYS.min));
          }}
        >
          <option value="timeout">{t('exclusion.timeout')}</option>
          <option value="self">{t('exclusion.self')}</option>
        </SelectField>
        <SelectField label={t('exclusion.length')} value={days} onChange={(e) => setDays(e.target.value)}>
          {choices.map((d) => (
            <option key={d} value={d}>
              {label(d)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('exclusion.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" variant="danger" disabled={!password}>
          {t('exclusion.start')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('exclusion.confirmTitle')}
        confirmLabel={t('exclusion.confirm')}
        cancelLabel={t('exclusion.cancel')}
        closeLabel={t('exclusion.cancel')}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('exclusion.confirmText', { kind: t(`exclusion.${kind}`), length: label(Number(days)) })}</p>
      </ConfirmDialog>
    </section>
  );
}
