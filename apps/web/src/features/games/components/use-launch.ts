import type { Game, GameCategory } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showInfo } from '../../auth/components/auth-effects.tsx';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, selectIsTrial, useSessionStore } from '../../../shared/session/store.ts';
import { launchGate } from '../lib/launch-gate.ts';

/** `trial`: a signed-in player's free trial (played as their trial twin, with play money). */
export type LaunchTarget = { game: Game; trial?: boolean } | { vendor: string; gameType: GameCategory };

/** Opens a game in the game popup, after SPEC §4's guest and trial rules. */
export function useLaunch() {
  const { t } = useTranslation(['games', 'common']);
  const hasToken = useSessionStore(selectHasToken);
  const isTrial = useSessionStore(selectIsTrial);
  const open = usePopupStore((s) => s.open);
  const navigate = useNavigate();
  return (target: LaunchTarget) => {
    const game = 'game' in target ? target.game : null;
    const gate = launchGate({ hasToken, isTrial }, game);
    if (gate === 'login') {
      open('loginModal', { message: t('pleaseLogin') });
    } else if (gate === 'realAccountNeeded') {
      showInfo(t('common:account.trialNeedsReal'));
    } else if (game?.vassalage === 'INHOUSE') {
      // Our own games are pages of this site, not a vendor's frame; `?trial=1` plays as the twin.
      const trial = 'trial' in target && target.trial ? '?trial=1' : '';
      navigate(`/rng/inhouse/${encodeURIComponent(game.gameCode)}${trial}`);
    } else {
      open('gameModal', { ...target });
    }
  };
}
