import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../shared/session/store.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import { useSupportStatus, useSupportUi } from './api.ts';
import { supportBadgeCount } from './badge.ts';
import { useSupportSocket } from './socket.ts';
import '../../shared/ui/count-badge.css';
import './support-link.css';

/** Unread operator answers for the badge: the server's count, for a member or for this device's guest conversation. */
export function useSupportUnread(): number {
  const token = useSessionStore((s) => s.token);
  const guest = useSupportUi((s) => s.guest);
  const status = useSupportStatus({ poll: true });
  // The socket keeps the badge current while someone may be answered.
  useSupportSocket(Boolean(token ? status.data?.conversationId : guest));
  return supportBadgeCount(Boolean(token), guest?.id ?? null, status.data);
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
