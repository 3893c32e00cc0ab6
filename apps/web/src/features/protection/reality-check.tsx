import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../shared/session/store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useProtectionStatus } from './api.ts';
import './protection.css';

const SHOWN_KEY = 'wps.previousLoginShown';
const MINUTE = 60_000;

/**
 * The reality check (issue 16): every N minutes of a signed-in session (the player's interval,
 * default 60), a popup with the session time, bets, wins and net; continue, leave or view the
 * betting history. After sign-in, a notice with the previous sign-in time.
 */
export function RealityCheck() {
  const { t, i18n } = useTranslation('protection');
  const token = useSessionStore((s) => s.token);
  const logout = useSessionStore((s) => s.logout);
  const navigate = useNavigate();
  const { data, refetch } = useProtectionStatus(Boolean(token));
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!token || !data?.previousLoginAt) return;
    if (sessionStorage.getItem(SHOWN_KEY) === token) return;
    sessionStorage.setItem(SHOWN_KEY, token);
    toast.info(
      t('reality.previousLogin', {
        at: new Date(data.previousLoginAt).toLocaleString(
          i18n.language === 'ne' ? 'ne-NP-u-nu-latn' : 'en-GB',
        ),
      }),
    );
  }, [token, data?.previousLoginAt, t, i18n.language]);

  const startedAt = data?.sessionStartedAt ? Date.parse(data.sessionStartedAt) : null;
  const interval = (data?.intervalMinutes ?? 60) * MINUTE;
  useEffect(() => {
    if (!token || startedAt === null || open) return;
    const elapsed = Date.now() - startedAt;
    const wait = interval - (elapsed % interval);
    const timer = window.setTimeout(() => {
      void refetch();
      setNow(Date.now());
      setOpen(true);
    }, wait);
    return () => window.clearTimeout(timer);
  }, [token, startedAt, interval, open, refetch]);

  if (!token || !data || !open) return null;
  const minutes = startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / MINUTE));
  return (
    <Modal
      open
      onClose={() => setOpen(false)}
      title={t('reality.popupTitle')}
      closeLabel={t('reality.continue')}
      size="sm"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
              navigate('/member?page=personalHistoryCopy');
            }}
          >
            {t('reality.history')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
              logout();
              navigate('/');
            }}
          >
            {t('reality.leave')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('reality.continue')}</Button>
        </>
      }
    >
      <p>{t('reality.popupLead', { minutes })}</p>
      <dl className="reality__figures">
        <dt>{t('reality.bets')}</dt>
        <dd className="num">{data.bets}</dd>
        <dt>{t('reality.wins')}</dt>
        <dd className="num">{data.wins}</dd>
        <dt>{t('reality.net')}</dt>
        <dd className="num">{data.net}</dd>
      </dl>
    </Modal>
  );
}
