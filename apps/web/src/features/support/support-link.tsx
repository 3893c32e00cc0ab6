import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../shared/session/store.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import { useSupportStatus, useSupportUi } from './api.ts';
import { useSupportSocket } from './socket.ts';
import '../../shared/ui/count-badge.css';
import './support-link.css';

/** Unread operator answers for the badge (members: the server's count; a guest's socket shows them in the chat). */
export function useSupportUnread(): number {
  const token = useSessionStore((s) => s.token);
  const guest = useSupportUi((s) => s.guest);
  const status = useSupportStatus({ poll: true });
  // The socket keeps the badge current while someone may be answered.
  useSupportSocket(Boolean(token ? status.data?.conversationId : guest));
  return token ? (status.data?.unread ?? 0) : 0;
}

export const openSupportChat = () => usePopupStore.getState().open('supportChat');

/** The count badge beside a "Live chat" entry. */
export function SupportBadge({ count }: { count: number }) {
  const { t } = useTranslation('support');
  if (count <= 0) return null;
  return (
    <span className="badge badge--count" data-testid="support-unread">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('unread', { count })}</span>
    </span>
  );
}
