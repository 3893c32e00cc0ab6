import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';

const BLURBS = ['team', 'income', 'salary', 'support'] as const;

/** `/agent`: the agent programme's front door (SPEC §2): title, tagline, login, support hours, blurbs. */
export default function AgentLoginPage() {
  const { t } = useTranslation();
  return (
    <div className="page agent-landing">
      <section className="agent-landing__hero" aria-labelledby="agent-title">
        <h1 id="agent-title" className="hero__title">
          {t('pages.agent.title')}
        </h1>
        <p className="hero__text">{t('pages.agent.tagline')}</p>
      </section>
      <div className="agent-landing__grid">
        <section className="card" aria-labelledby="agent-login-title">
          <h2 id="agent-login-title" className="section-title">
            {t('pages.agent.loginTitle')}
          </h2>
          <NotAvailable compact what={t('pages.agent.loginTitle')} />
          <p className="small muted">{t('pages.agent.hours')}</p>
        </section>
        <ul className="blurbs">
          {BLURBS.map((b) => (
            <li key={b} className="card blurb">
              <h3>{t(`pages.agent.blurbs.${b}.title`)}</h3>
              <p className="muted">{t(`pages.agent.blurbs.${b}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
