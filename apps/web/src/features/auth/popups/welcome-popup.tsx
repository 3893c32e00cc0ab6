import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { Button } from '../../../shared/ui/button.tsx';

export const DEPOSIT_PATH = '/member?page=depositv2';

/**
 * The one step after a successful registration: a welcome and the way to the first deposit.
 * It opens only from the register popup, so it shows once per new account; closing it goes home.
 */
export default function WelcomePopup({ close, props }: PopupBodyProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const account = typeof props.account === 'string' ? props.account : '';
  // Navigate first: the popup-over-home route only sends the visitor home when they are still on it.
  const go = (to: string) => {
    navigate(to);
    close();
  };
  return (
    <div className="auth-form welcome-step">
      <p className="welcome-step__lead">{t('welcome.lead', { account })}</p>
      <ul className="welcome-step__points">
        <li>{t('welcome.points.deposit')}</li>
        <li>{t('welcome.points.record')}</li>
        <li>{t('welcome.points.responsible')}</li>
      </ul>
      <Button block onClick={() => go(DEPOSIT_PATH)}>
        {t('welcome.deposit')}
      </Button>
      <Button block variant="ghost" onClick={() => go('/')}>
        {t('welcome.later')}
      </Button>
    </div>
  );
}
