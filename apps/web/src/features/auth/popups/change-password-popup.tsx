import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { toast } from '../../../shared/ui/toast.tsx';
import { completeFirstLogin } from '../api/first-login.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { safeReturnPath } from '../lib/after-login.ts';
import '../auth.css';

/**
 * changePassModal (SPEC §4). Opened with `{forced: true, dismissible: false}` after a login with
 * the default, an expired or a temporary password: it cannot be closed until the change is done.
 */
export default function ChangePasswordPopup({ close, props }: PopupBodyProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const forced = props.forced === true;
  return (
    <div>
      {forced && (
        <p className="notice-box" role="note">
          {t('changePassword.forcedText')}
        </p>
      )}
      <ChangePasswordForm
        forced={forced}
        onDone={() => {
          if (props.firstTimeLogin === true) completeFirstLogin().catch(() => {});
          navigate(safeReturnPath(props.next) ?? '/');
          close();
          toast.success(t('changePassword.done'));
        }}
      />
    </div>
  );
}
