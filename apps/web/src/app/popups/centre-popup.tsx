import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showInfo } from '../../features/auth/components/auth-effects.tsx';
import { usePopupStore } from '../../shared/popups/store.ts';
import { selectHasToken, selectIsAgent, selectIsTrial, useSessionStore } from '../../shared/session/store.ts';
import { Loader } from '../../shared/ui/loader.tsx';
import type { PopupBodyProps } from '../popup-registry.ts';
import { type Centre, centreDecision, centreTarget } from './centre-gate.ts';

/**
 * Body of the member-centre and agent-centre popups (SPEC §2): the login check, then the centre
 * itself (a page of its own: the popup hands over to it). `props.page` names the page to open.
 */
export default function CentrePopup({ name, close, props }: PopupBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = usePopupStore((s) => s.open);
  const hasToken = useSessionStore(selectHasToken);
  const memberKnown = useSessionStore((s) => s.member !== null);
  const isTrial = useSessionStore(selectIsTrial);
  const isAgent = useSessionStore(selectIsAgent);
  const centre: Centre = name === 'agentCentreModal' ? 'agent' : 'member';
  const decision = centreDecision(centre, { hasToken, memberKnown, isTrial, isAgent });
  const target = centreTarget(centre, props.page);

  useEffect(() => {
    switch (decision) {
      case 'login':
        open('loginModal', { returnTo: target });
        return;
      case 'trial':
        close();
        showInfo(t('account.trialNeedsReal'));
        return;
      case 'notAgent':
        close();
        navigate('/agent');
        return;
      case 'open':
        close();
        navigate(target);
        return;
      default:
    }
  }, [decision, target, open, close, navigate, t]);

  return <Loader label={t('loading')} />;
}
