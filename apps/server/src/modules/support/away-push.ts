import {
  type CompleteLocale,
  PUSH_BODY_MAX,
  type PushNotification,
  type SupportMessage,
  toCompleteLocale,
} from '@wps/contract';
import type { PushService } from '../push/service.ts';
import type { SupportPresence } from './presence.ts';

const TITLE: Record<CompleteLocale, string> = { en: 'Support replied', ne: 'सहायता टोलीले जवाफ दियो' };
const IMAGE: Record<CompleteLocale, string> = {
  en: 'Sent you an image',
  ne: 'तपाईंलाई एउटा तस्बिर पठाइयो',
};
/** Where a tap lands: the help page opens the chat itself at #livechat. */
export const SUPPORT_CHAT_URL = '/help#livechat';

/** The notification of an operator's answer: its first PUSH_BODY_MAX characters (whole code points). */
export function replyNotification(message: SupportMessage, locale: string): PushNotification {
  const l = toCompleteLocale(locale);
  const chars = Array.from(message.text.trim());
  const body =
    chars.length === 0
      ? IMAGE[l]
      : chars.length > PUSH_BODY_MAX
        ? `${chars.slice(0, PUSH_BODY_MAX - 1).join('')}…`
        : chars.join('');
  return { title: TITLE[l], body, tag: `support-${message.conversationId}`, url: SUPPORT_CHAT_URL };
}

/**
 * After an operator's answer is committed: when the member has no support socket open on any
 * instance (away), their devices get a push. In the background: the operator's answer never waits
 * for a push service, and a failure is logged by the push service, not thrown. Guests have no
 * devices registered (subscriptions belong to members).
 */
export function pushReplyWhenAway(
  deps: { presence: SupportPresence; push: PushService },
  memberId: number | null,
  message: SupportMessage,
): void {
  if (memberId === null || !deps.push.enabled) return;
  deps.push.dispatch(async () => {
    if (await deps.presence.here(memberId)) return;
    await deps.push.notifyMember(
      memberId,
      (locale) => replyNotification(message, locale),
      // One waiting message per conversation at the push service: a newer answer replaces it.
      `support-${message.conversationId}`,
    );
  });
}
