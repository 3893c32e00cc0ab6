import { useTranslation } from 'react-i18next';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { DIALOG_TYPES, useNotices } from '../api/content.ts';
import '../notice-marquee.css';

/**
 * SPEC §2 home notice marquee: the current notices' titles scrolling by. Hover or focus pauses
 * it, reduced motion shows them still (CSS); a click opens the notice dialog at that notice.
 */
export function NoticeMarquee() {
  const { t } = useTranslation('content');
  // The dialog's call (it opens at the clicked notice), without its help-type entries.
  const notices = (useNotices(DIALOG_TYPES).data ?? []).filter((n) => n.type !== 'H');
  const open = usePopupStore((s) => s.open);

  return (
    <section className="notice-bar" aria-label={t('marquee.label')}>
      <span className="notice-bar__label">{t('marquee.label')}</span>
      {notices.length === 0 ? (
        <span className="notice-bar__text">{t('marquee.empty')}</span>
      ) : (
        <div className="marquee">
          {/* Two copies make the loop seamless; the second is hidden from screen readers. */}
          <div
            className="marquee__track"
            style={{ animationDuration: `${Math.max(12, notices.length * 10)}s` }}
          >
            {[0, 1].map((copy) => (
              <ul className="marquee__list" key={copy} aria-hidden={copy === 1 || undefined}>
                {notices.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      className="marquee__item"
                      tabIndex={copy === 1 ? -1 : undefined}
                      onClick={() => open('notice', { id: n.id })}
                    >
                      {n.title}
                    </button>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
