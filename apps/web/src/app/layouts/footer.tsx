import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../../features/games/api/get-game-menus.ts';
import { usePopupStore } from '../../shared/popups/store.ts';
import './footer.css';

/** SPEC §2 footer vendors: their marks from the catalogue, a text badge for one it does not carry. */
export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
/** Legal and about pages are real routes; the rest are help topics until the content issue. */
const HELP_TOPICS = [
  ['about', '/about'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['responsible', '/responsible-gaming'],
  ['deposit', '/help#deposit'],
  ['faq', '/help#faq'],
] as const;
const PROMO_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4'] as const;

export function Footer() {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  const lanes = useGameMenus().data?.lanes ?? [];
  const marks = new Map(lanes.flatMap((l) => l.gameClassify.map((v) => [v.vassalage, v] as const)));
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section aria-labelledby="footer-vendors">
          <h2 className="footer__heading" id="footer-vendors">
            {t('footer.vendors')}
          </h2>
          <ul className="vendor-badges">
            {FOOTER_VENDORS.map((v) => {
              const mark = marks.get(v);
              return (
                <li key={v} className={mark ? 'vendor-mark' : 'vendor-badge'}>
                  {mark ? (
                    <img src={mark.logoUrl} alt={mark.displayName} width={64} height={32} loading="lazy" />
                  ) : (
                    v
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        <div className="footer__columns">
          <nav aria-labelledby="footer-help">
            <h2 className="footer__heading" id="footer-help">
              {t('footer.help')}
            </h2>
            <ul className="footer__links">
              {HELP_TOPICS.map(([topic, to]) => (
                <li key={topic}>
                  <Link to={to}>{t(`footer.topics.${topic}`)}</Link>
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
