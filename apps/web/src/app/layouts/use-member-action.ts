import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePopupStore } from '../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../shared/session/store.ts';
import { showInfo } from '../../features/auth/components/auth-effects.tsx';

/**
 * SPEC §4 Guest/Trial: an action that needs a real account opens the login popup for a guest,
 * tells a trial player a real account is needed (a message with a confirm button), and otherwise
 * goes ahead.
 */
export function useMemberAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const open = usePopupStore((s) => s.open);
  return (to: string) => {
    if (!hasToken) open('loginModal', { returnTo: to });
    else if (isTrial) showInfo(t('account.trialNeedsReal'));
    else navigate(to);
  };
}
