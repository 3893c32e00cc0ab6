import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QrCode } from '../../shared/ui/qr-code.tsx';
import { useNavigate } from 'react-router';
import { useTotpConfirm, useTotpEnrol, useTotpStatus } from '../api/totp.ts';
import { useAdminSession } from '../session-store.ts';

/**
 * Two-factor enrolment (owner and finance must, before anything else): scan the QR code (or type
 * the secret) into an authenticator app, confirm with a code, keep the ten recovery codes.
 * `voluntary`: any other operator's own "Two-factor" page (from the header), which first says
 * whether the account already has a second factor.
 */
export default function TotpEnrolPage({ voluntary = false }: { voluntary?: boolean }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const status = useTotpStatus(voluntary);
  const enrol = useTotpEnrol();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim());
  };
  const error = confirm.error instanceof ApiError ? confirm.error : null;
  const done = confirm.data;
  if (voluntary && status.data?.enabled && !done) {
    return (
      <div className="admin-page admin-totp">
        <PageHeader
          title={t('totp.enrolTitle')}
          lead={t('totp.enabledLead', { count: status.data.recoveryCodesLeft })}
        />
      </div>
    );
  }
  if (voluntary && !status.data) {
    return (
      <div className="admin-page admin-totp">
        <PageHeader title={t('totp.enrolTitle')} />
        {status.error && <p role="alert">{status.error.message}</p>}
      </div>
    );
  }
  return (
    <div className="admin-page admin-totp">
      <PageHeader
        title={t('totp.enrolTitle')}
        lead={t(voluntary ? 'totp.voluntaryLead' : 'totp.enrolLead')}
      />
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
          <Button
            onClick={() => {
              useAdminSession.getState().enrolled();
              if (voluntary) navigate('/', { replace: true });
            }}
          >
            {t('totp.continue')}
          </Button>
        </section>
      )}
    </div>
  );
}
