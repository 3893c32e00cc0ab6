import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useMemberInfo } from '../../account/api/get-member-info.ts';

/**
 * Start-up pieces of identity that must exist on every page (so they live in the entry chunk and
 * stay tiny): the forced password change and the one-button information dialog.
 */
interface InfoDialogState {
  message: { title?: string; text: string } | null;
  show(text: string, title?: string): void;
  dismiss(): void;
}

/** A message the person must acknowledge (SPEC §4 trial gate, §8 warning popups). */
export const useInfoDialog = create<InfoDialogState>((set) => ({
  message: null,
  show(text, title) {
    set({ message: title ? { text, title } : { text } });
  },
  dismiss() {
    set({ message: null });
  },
}));

export const showInfo = (text: string, title?: string) => useInfoDialog.getState().show(text, title);

function InfoDialogHost() {
  const { t } = useTranslation();
  const message = useInfoDialog((s) => s.message);
  const dismiss = useInfoDialog((s) => s.dismiss);
  return (
    <ConfirmDialog
      open={message !== null}
      title={message?.title ?? t('account.noticeTitle')}
      confirmLabel={t('account.ok')}
      closeLabel={t('actions.close')}
      onConfirm={dismiss}
      onCancel={dismiss}
    >
      <p>{message?.text}</p>
    </ConfirmDialog>
  );
}

/**
 * SPEC §4: a session signed in with the default, an expired or a mailed temporary password
 * must change it before anything else, also after a reload, so the member info decides.
 */
function ForcedChangeGate() {
  const token = useSessionStore((s) => s.token);
  const { data } = useMemberInfo(token);
  const current = usePopupStore((s) => s.current);
  const open = usePopupStore((s) => s.open);
  const mustChange = Boolean(token && data?.mustChangePassword);
  useEffect(() => {
    if (mustChange && current !== 'changePassModal') {
      open('changePassModal', { forced: true, dismissible: false });
    }
  }, [mustChange, current, open]);
  return null;
}

export function AuthEffects() {
  return (
    <>
      <ForcedChangeGate />
      <InfoDialogHost />
    </>
  );
}
