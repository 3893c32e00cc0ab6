import { useTranslation } from 'react-i18next';

/**
 * Organisations that help with gambling harm and mental health. Nepal: the government's
 * helplines at the Mental Hospital, Lagankhel (1166) and TU Teaching Hospital (1660-01-21600),
 * as announced by the Ministry of Health's Epidemiology and Disease Control Division (2020).
 */
const ORGS = [
  { key: 'mentalHospital', href: 'tel:1166', phone: '1166' },
  { key: 'tuth', href: 'tel:16600121600', phone: '1660-01-21600' },
  { key: 'tpo', href: 'https://tponepal.org', phone: null },
  { key: 'gamcare', href: 'https://www.gamcare.org.uk', phone: '+44 808 8020 133' },
  { key: 'begambleaware', href: 'https://www.begambleaware.org', phone: null },
  { key: 'ga', href: 'https://www.gamblersanonymous.org', phone: null },
] as const;

export function HelpLinks() {
  const { t } = useTranslation('protection');
  return (
    <section className="card security__card" aria-labelledby="sec-help">
      <h3 id="sec-help">{t('help.title')}</h3>
      <p className="muted small">{t('help.lead')}</p>
      <ul className="protection__help">
        {ORGS.map((o) => (
          <li key={o.key}>
            <a
              href={o.href}
              target={o.href.startsWith('http') ? '_blank' : undefined}
              rel="noreferrer noopener"
            >
              {t(`help.orgs.${o.key}`)}
            </a>
            {o.phone && <span className="num muted small"> {o.phone}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
