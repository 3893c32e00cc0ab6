import { FEEDBACK_MESSAGE_KIND, type InboxMessage } from '@wps/contract';

/** A reply to the member's feedback is titled in their language (the server stores English). */
export function inboxTitle(
  m: Pick<InboxMessage, 'kind' | 'title'>,
  t: (k: 'inbox.feedbackReply', o: { id: string }) => string,
) {
  const id = m.kind === FEEDBACK_MESSAGE_KIND ? /#(\d+)/.exec(m.title)?.[1] : undefined;
  return id ? t('inbox.feedbackReply', { id }) : m.title;
}
