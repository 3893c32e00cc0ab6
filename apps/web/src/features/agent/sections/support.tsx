import { useTranslation } from 'react-i18next';
import { serviceContacts } from '../../../shared/system/customer-service.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { DIALOG_TYPES, useNotices } from '../../home/api/content.ts';
import { RichText } from '../../home/components/rich-text.tsx';

/** SPEC §2 agentAnnouncement: the platform's current notices, newest first, each opening in place. */
export function AnnouncementSection() {
  const { t } = useTranslation('agent');
  const notices = useNotices(DIALOG_TYPES);
  const list = notices.data ?? [];
  return (
    <section className="agent-section" aria-labelledby="agent-announcement">
      <h2 id="agent-announcement">{t('menu.announcement')}</h2>
      {notices.isPending ? (
        <p>{t('loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('support.none')}</p>
      ) : (
        <ul className="agent-contracts">
          {list.map((n) => (
            <li key={n.id} className="agent-contract">
              <details>
                <summary>{n.title}</summary>
                <RichText html={n.content} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The contacts the operator configured (live chat first), as the side menu lists them. */
export function useAgentContacts() {
  const entries = usePermission().data?.info.customerService ?? [];
  return serviceContacts(entries);
}

export function CustomerServiceSection() {
  const { t } = useTranslation('agent');
  const contacts = useAgentContacts();
  return (
    <section className="agent-section" aria-labelledby="agent-support">
      <h2 id="agent-support">{t('menu.customerService')}</h2>
      <p>{t('support.lead')}</p>
      <ul className="agent-contracts">
        {contacts.map((c) => (
          <li key={`${c.position}:${c.href}`} className="agent-contract">
            <a href={c.href} {...(c.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {c.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
