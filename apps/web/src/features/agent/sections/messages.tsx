import type { AgentMessage } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client.ts';
import { AGENT_KEY } from '../api/agent-calls.ts';
import { formatDateTime } from '../../../shared/lib/format.ts';

/** Platform messages: what happened to the agent's contracts (offers, answers, auto-ended …). */
export default function MessagesSection() {
  const { t, i18n } = useTranslation('agent');
  const { data, isPending } = useQuery({
    queryKey: [...AGENT_KEY, 'messages'],
    queryFn: ({ signal }) => api.get<{ content: AgentMessage[] }>('/wps/agent/messages', { signal }),
  });
  const list = data?.content ?? [];
  return (
    <section className="agent-section" aria-labelledby="agent-messages">
      <h2 id="agent-messages">{t('menu.messages')}</h2>
      {isPending ? (
        <p>{t('loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="agent-contracts">
          {list.map((m) => (
            <li key={m.id} className="agent-contract">
              <p>
                {t(`messages.${m.event}`, {
                  kind: t(`kinds.${m.kind}`),
                  who: m.counterparty ?? t('contracts.platform'),
                })}
              </p>
              <p className="small muted num">{formatDateTime(m.createdAt, i18n.language)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
