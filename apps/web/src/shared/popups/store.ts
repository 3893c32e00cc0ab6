import { create } from 'zustand';

/** SPEC §2 popups. `loginPopupModal` is the spec's alias of `loginModal`. */
export const POPUP_NAMES = [
  'publicModal',
  'notice',
  'loginModal',
  'registerModal',
  'forgetPassModal',
  'changePassModal',
  'helpModal',
  'feedbackModal',
  'gameModal',
  'contractModal',
  'memberCentreModal',
  'agentCentreModal',
  // Beyond SPEC §2: the welcome step after a successful registration.
  'welcomeModal',
  // SPEC §1 live support (issue 31): the chat with the support team.
  'supportChat',
] as const;
export type PopupName = (typeof POPUP_NAMES)[number];
export type PopupAlias = PopupName | 'loginPopupModal';

export const canonicalPopup = (name: PopupAlias): PopupName =>
  name === 'loginPopupModal' ? 'loginModal' : name;

interface PopupState {
  current: PopupName | null;
  /** Free-form data for the open popup (e.g. the help term from `/help#term`). */
  props: Record<string, unknown>;
  open(name: PopupAlias, props?: Record<string, unknown>): void;
  close(): void;
}

/** One popup at a time: opening another (login → register) replaces the current one. */
export const usePopupStore = create<PopupState>((set) => ({
  current: null,
  props: {},
  open(name, props = {}) {
    set({ current: canonicalPopup(name), props });
  },
  close() {
    set({ current: null, props: {} });
  },
}));
