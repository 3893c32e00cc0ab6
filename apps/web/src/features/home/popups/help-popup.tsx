import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Spinner } from '../../../shared/ui/loader.tsx';
import { useHelp } from '../api/content.ts';
import { RichText } from '../components/rich-text.tsx';
import '../home.css';

/**
 * SPEC §2 help centre (helpModal, /help#term): every article of the language, the one named by
 * the hash opened and scrolled to; a search box filters titles and text as you type.
 */
export default function HelpPopup({ props }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const query = useHelp();
  const term = typeof props.term === 'string' ? props.term : null;
  const [search, setSearch] = useState('');
  const [openAnchor, setOpenAnchor] = useState<string | null>(term);
  const refs = useRef(new Map<string, HTMLElement>());
  const openPopup = usePopupStore((s) => s.open);

  useEffect(() => setOpenAnchor(term), [term]);

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
    refs.current.get(term)?.scrollIntoView({ block: 'start' });
  }, [term, query.data]);

  // A search with few hits shows them opened.
  const isOpen = (anchor: string) => openAnchor === anchor || (search.trim() !== '' && articles.length <= 3);

  if (query.isPending) return <Spinner label={t('loading')} />;
  return (
    <div className="help">
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
