import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { serviceContacts } from '../../../shared/system/customer-service.ts';
import { supportHoursText } from '../../../shared/system/support-hours.ts';
import { Icon } from '../../../shared/ui/icons.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Spinner } from '../../../shared/ui/loader.tsx';
import { useHelp } from '../api/content.ts';
import { RichText } from '../components/rich-text.tsx';
import '../home.css';

/** The contact panel's hash; `#livechat` opens the live chat itself (issue 31). */
const CONTACT_TERMS = new Set(['contact']);
const LIVE_CHAT_TERM = 'livechat';

/**
 * "Help and contact": the support hours as the operator set them, the live chat (answered by the
 * team within those hours, issue 31) and the other channels that reach a person.
 */
function ContactPanel() {
  const { t } = useTranslation('content');
  const info = usePermission().data?.info;
  const contacts = serviceContacts(info?.customerService ?? []);
  return (
    <section className="help__contact" id="help-contact" aria-labelledby="help-contact-title">
      <h3 className="help__contact-title" id="help-contact-title">
        {t('common:support.helpContact')}
      </h3>
      {info?.supportHours && (
        <p className="help__hours">
          <Icon name="clock" />
          <span>{supportHoursText(info.supportHours, t)}</span>
        </p>
      )}
      <Button variant="primary" size="sm" onClick={() => usePopupStore.getState().open('supportChat')}>
        <Icon name="chat" size={16} />
        {t('common:support.liveChat')}
      </Button>
      {contacts.length > 0 && (
        <>
          <p className="small muted help__write">{t('common:support.writeTo')}</p>
          <ul className="help__channels">
            {contacts.map((c) => (
              <li key={`${c.position}-${c.href}`}>
                <a href={c.href} target="_blank" rel="noopener noreferrer">
                  <Icon name="chat" />
                  <span>{c.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * SPEC §2 help centre (helpModal, /help#term): the support hours and contact channels first,
 * then every article of the language, the one named by the hash opened and scrolled to; a
 * search box filters titles and text as you type.
 */
export default function HelpPopup({ props }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const query = useHelp();
  const term = typeof props.term === 'string' ? props.term : null;
  const contactTerm = term !== null && CONTACT_TERMS.has(term);
  const [search, setSearch] = useState('');
  const [openAnchor, setOpenAnchor] = useState<string | null>(term);
  const refs = useRef(new Map<string, HTMLElement>());
  const openPopup = usePopupStore((s) => s.open);

  useEffect(() => setOpenAnchor(term), [term]);
  // The old "Live chat" links (/help#livechat) open the chat.
  useEffect(() => {
    if (term === LIVE_CHAT_TERM) openPopup('supportChat');
  }, [term, openPopup]);

  const articles = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = query.data ?? [];
    if (!q) return all;
    return all.filter(
      (a) => a.title.toLowerCase().includes(q) || textOf(a.content).toLowerCase().includes(q),
    );
  }, [query.data, search]);

  useEffect(() => {
    if (!term || !query.data) return;
    if (contactTerm) document.getElementById('help-contact')?.scrollIntoView({ block: 'start' });
    else refs.current.get(term)?.scrollIntoView({ block: 'start' });
  }, [term, contactTerm, query.data]);

  // A search with few hits shows them opened.
  const isOpen = (anchor: string) => openAnchor === anchor || (search.trim() !== '' && articles.length <= 3);

  if (query.isPending) return <Spinner label={t('loading')} />;
  return (
    <div className="help">
      <ContactPanel />
      <input
        type="search"
        className="input help__search"
        placeholder={t('help.search')}
        aria-label={t('help.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {articles.length === 0 ? (
        <EmptyState title={t('help.empty')} compact />
      ) : (
        <div className="help__list">
          {articles.map((a) => (
            <section
              key={a.id}
              id={`help-${a.anchor}`}
              className="help__article"
              ref={(el) => {
                if (el) refs.current.set(a.anchor, el);
              }}
            >
              <h3 className="help__title">
                <button
                  type="button"
                  aria-expanded={isOpen(a.anchor)}
                  onClick={() => setOpenAnchor((x) => (x === a.anchor ? null : a.anchor))}
                >
                  {a.title}
                </button>
              </h3>
              {isOpen(a.anchor) && <RichText html={a.content} />}
            </section>
          ))}
        </div>
      )}
      <p className="small muted help__more">
        {t('help.more')}{' '}
        <button type="button" className="link-btn" onClick={() => openPopup('feedbackModal')}>
          {t('help.feedback')}
        </button>
      </p>
    </div>
  );
}

function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
