import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePopupStore } from '../../shared/popups/store.ts';

/** SPEC §2 footer vendors, as text badges until the catalogue brings their artwork. */
export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
const HELP_TOPICS = ['about', 'terms', 'privacy', 'responsible', 'deposit', 'faq'] as const;
const PROMO_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4'] as const;

export function Footer() {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section aria-labelledby="footer-vendors">
          <h2 className="footer__heading" id="footer-vendors">
            {t('footer.vendors')}
          </h2>
          <ul className="vendor-badges">
            {FOOTER_VENDORS.map((v) => (
              <li key={v} className="vendor-badge">
                {v}
              </li>
            ))}
          </ul>
        </section>

        <div className="footer__columns">
          <nav aria-labelledby="footer-help">
            <h2 className="footer__heading" id="footer-help">
              {t('footer.help')}
            </h2>
            <ul className="footer__links">
              {HELP_TOPICS.map((topic) => (
                <li key={topic}>
                  <Link to={`/help#${topic}`}>{t(`footer.topics.${topic}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 className="footer__heading" id="footer-contact">
              {t('footer.contact')}
            </h2>
            <p className="small muted">{t('footer.support')}</p>
            <button type="button" className="link-btn" onClick={() => open('feedbackModal')}>
              {t('footer.feedback')}
            </button>
          </section>
        </div>

        <section className="footer__promo" aria-labelledby="footer-promo">
          <h2 className="footer__heading" id="footer-promo">
            {t('footer.promoTitle')}
          </h2>
          {PROMO_PARAGRAPHS.map((p) => (
            <p key={p}>{t(`footer.promo.${p}`)}</p>
          ))}
        </section>

        <p className="footer__legal small muted">
          <span className="age-badge" aria-hidden="true">
            18+
          </span>{' '}
          {t('footer.legal', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
