import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QrCode } from '../../shared/ui/qr-code.tsx';
import { useTotpConfirm, useTotpEnrol } from '../api/totp.ts';
import { useAdminSession } from '../session-store.ts';

/**
 * Two-factor enrolment (owner and finance must, before anything else): scan the QR code (or type
 * the secret) into an authenticator app, confirm with a code, keep the ten recovery codes.
 */
export default function TotpEnrolPage() {
  const { t } = useTranslation('admin');
  const enrol = useTotpEnrol();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim());
  };
  const error = confirm.error instanceof ApiError ? confirm.error : null;
  const done = confirm.data;
  return (
    <div className="admin-page admin-totp">
      <PageHeader title={t('totp.enrolTitle')} lead={t('totp.enrolLead')} />
      {!enrol.data && (
        <>
          {enrol.error && <p role="alert">{enrol.error.message}</p>}
          <Button onClick={() => enrol.mutate()} loading={enrol.isPending}>
            {t('totp.start')}
          </Button>
        </>
      )}
      {enrol.data && !done && (
        <form className="admin-form" onSubmit={submit} noValidate>
          <QrCode value={enrol.data.uri} label={t('totp.qrLabel')} displaySize={200} />
          <p>
            {t('totp.secretLabel')} <code data-testid="totp-secret">{enrol.data.secret}</code>
          </p>
          <TextField
            label={t('totp.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error?.fields.code ?? (error ? error.message : undefined)}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" loading={confirm.isPending}>
            {t('totp.confirm')}
          </Button>
        </form>
      )}
      {done && (
        <section aria-labelledby="totp-recovery-title">
          <h2 id="totp-recovery-title">{t('totp.recoveryTitle')}</h2>
          <p>{t('totp.recoveryLead')}</p>
          <ul className="admin-totp__codes" data-testid="recovery-codes">
            {done.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Button onClick={() => useAdminSession.getState().enrolled()}>{t('totp.continue')}</Button>
        </section>
      )}
    </div>
  );
}
