import type { ComponentType } from 'react';
import type { PopupName } from '../shared/popups/store.ts';

/** What every popup body receives from the host. */
export interface PopupBodyProps {
  name: PopupName;
  /** Close this popup. */
  close(): void;
  /** Data passed to `open(name, props)`, e.g. `{returnTo}` for login or `{term}` for help. */
  props: Record<string, unknown>;
}

export interface PopupEntry {
  /** i18n key of the dialog title. */
  titleKey: string;
  size?: 'sm' | 'md' | 'lg' | 'game';
  /** Loaded the first time the popup opens; each popup body is its own chunk. */
  load(): Promise<{ default: ComponentType<PopupBodyProps> }>;
}

/**
 * SPEC §2 popups by name. Features replace an entry's `load` with their real body as they land
 * (identity: login, register, forgot and change password; content: notices, help, feedback).
 */
export const POPUP_REGISTRY: Record<PopupName, PopupEntry> = {
  // One announcement at a time (issue 27): a reading width, not the notice dialog's list and pane.
  publicModal: {
    titleKey: 'popups.publicModal',
    load: () => import('../features/home/popups/announcement-popup.tsx'),
  },
  notice: {
    titleKey: 'popups.notice',
    size: 'lg',
    load: () => import('../features/home/popups/announcement-popup.tsx'),
  },
  loginModal: {
    titleKey: 'popups.loginModal',
    size: 'sm',
    load: () => import('../features/auth/popups/login-popup.tsx'),
  },
  registerModal: {
    titleKey: 'popups.registerModal',
    load: () => import('../features/auth/popups/register-popup.tsx'),
  },
  forgetPassModal: {
    titleKey: 'popups.forgetPassModal',
    size: 'sm',
    load: () => import('../features/auth/popups/forgot-password-popup.tsx'),
  },
  changePassModal: {
    titleKey: 'popups.changePassModal',
    size: 'sm',
    load: () => import('../features/auth/popups/change-password-popup.tsx'),
  },
  welcomeModal: {
    titleKey: 'popups.welcomeModal',
    size: 'sm',
    load: () => import('../features/auth/popups/welcome-popup.tsx'),
  },
  helpModal: {
    titleKey: 'popups.helpModal',
    size: 'lg',
    load: () => import('../features/home/popups/help-popup.tsx'),
  },
  feedbackModal: {
    titleKey: 'popups.feedbackModal',
    load: () => import('../features/home/popups/feedback-popup.tsx'),
  },
  gameModal: {
    titleKey: 'popups.gameModal',
    size: 'game',
    load: () => import('../features/games/components/game-popup.tsx'),
  },
  contractModal: {
    titleKey: 'popups.contractModal',
    load: () => import('../features/agent/popups/contract-popup.tsx'),
  },
  // The login check, then the centre's own page (SPEC §2: shown only after the check passes).
  memberCentreModal: {
    titleKey: 'popups.memberCentreModal',
    size: 'sm',
    load: () => import('./popups/centre-popup.tsx'),
  },
  agentCentreModal: {
    titleKey: 'popups.agentCentreModal',
    size: 'sm',
    load: () => import('./popups/centre-popup.tsx'),
  },
  supportChat: {
    titleKey: 'popups.supportChat',
    load: () => import('../features/support/support-popup.tsx'),
  },
};
