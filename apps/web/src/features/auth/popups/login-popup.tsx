import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useFreeplay } from '../api/freeplay.ts';
import { LoginForm } from '../components/login-form.tsx';
import { useFlags } from '../hooks/use-flags.ts';
import { useStoreSession } from '../hooks/use-sign-in.ts';
import { PopupBanners } from '../../home/components/popup-banners.tsx';
import '../auth.css';

/** loginModal / loginPopupModal (SPEC §2): the login form, a switch to register, forgot, free play. */
export default function LoginPopup({ close, props }: PopupBodyProps) {
  const { t } = useTranslation('auth');
  const open = usePopupStore((s) => s.open);
  const { flags } = useFlags();
  const freeplay = useFreeplay();
  const storeSession = useStoreSession();
  // A player in a time-out or self-exclusion is told until when (the form shows the server's
  // message) and is offered nothing to play meanwhile: no free play under the refusal.
  const [excluded, setExcluded] = useState(false);

  const playFree = () =>
    freeplay.mutate(undefined, {
      onSuccess: (value) => {
        storeSession(value);
        close();
        toast.success(t('freeplay.started'));
      },
      onError: (err) => toast.error(err.message),
    });

  // Opened by something that needs a session (a game, a favourite): say why (SPEC §8).
  const message = typeof props.message === 'string' ? props.message : null;
  return (
    <>
      <PopupBanners group="w_login" onNavigate={close} />
      {message && (
        <p className="auth-reason" role="status">
          {message}
        </p>
      )}
      <LoginForm
        portal="player"
        returnTo={props.returnTo}
        close={close}
        onRefused={(err) => {
          if (err instanceof ApiError && err.code === 'SELF_EXCLUDED') setExcluded(true);
        }}
        footer={
          <div className="auth-links">
            <button type="button" className="link-btn" onClick={() => open('forgetPassModal')}>
              {t('login.forgot')}
            </button>
            <p className="auth-links__switch">
              {t('login.noAccount')}{' '}
              <button type="button" className="link-btn" onClick={() => open('registerModal')}>
                {t('login.toRegister')}
              </button>
            </p>
            {flags.FREEPLAY3 && !excluded && (
              <div className="auth-links__freeplay">
                <span className="auth-divider">{t('freeplay.or')}</span>
                <Button variant="secondary" block loading={freeplay.isPending} onClick={playFree}>
                  {t('freeplay.button')}
                </Button>
                <p className="small muted">{t('freeplay.note')}</p>
              </div>
            )}
          </div>
        }
      />
    </>
  );
}
