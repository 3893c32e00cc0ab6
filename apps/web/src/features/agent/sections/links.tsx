import { useTranslation } from 'react-i18next';
import { LinkManager } from '../components/link-manager.tsx';

/** Agent centre › invite links (link management, issue 31): several named links with their counts. */
export default function LinksSection() {
  const { t } = useTranslation('agent-centre');
  return (
    <section className="agent-section" aria-labelledby="agent-links">
      <h2 id="agent-links">{t('menu.inviteLinks')}</h2>
      <p className="muted">{t('links.lead')}</p>
      <LinkManager />
    </section>
  );
}
