import type { SupportStatusInfo } from '@wps/contract';

/**
 * The Live chat badge's count (issue 31). A member's is the status's unread answers. A guest's is
 * the unread answers of the conversation this device holds (the status call sends its token); a
 * status of another conversation (an older token, a cached answer from before a sign-out) counts 0.
 */
export function supportBadgeCount(
  hasSession: boolean,
  guestConversationId: number | null,
  status: Pick<SupportStatusInfo, 'conversationId' | 'unread'> | undefined,
): number {
  if (!status) return 0;
  if (hasSession) return status.unread;
  return guestConversationId !== null && status.conversationId === guestConversationId ? status.unread : 0;
}
