import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectIsAgent, useSessionStore } from '../../../shared/session/store.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { LoginForm } from '../components/login-form.tsx';
import '../../home/hero.css';
import '../agent-landing.css';
import '../auth.css';

const BLURBS = ['team', 'income', 'salary', 'support'] as const;

/**
 * `/agent`: the agent programme's front door (SPEC §2): title, tagline, the agent login (which
 * refuses non-agents with the spec's 'Non-agents cannot log in'), support hours and blurbs. A
 * forced password change opens the change-password modal; success goes to /agentHome.
 */
export default function AgentLoginPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('auth');
  const isAgent = useSessionStore(selectIsAgent);
  const member = useSessionStore((s) => s.member);
  return (
    <div className="page agent-landing">
      <section className="agent-landing__hero" aria-labelledby="agent-title">
        <h1 id="agent-title" className="hero__title">
          {t('pages.agent.title')}
        </h1>
        <p className="hero__text">{t('pages.agent.tagline')}</p>
      </section>
      <div className="agent-landing__grid">
        <section className="card agent-login" aria-labelledby="agent-login-title">
          <h2 id="agent-login-title" className="section-title">
            {t('pages.agent.loginTitle')}
          </h2>
          {isAgent ? (
            <div className="auth-form">
              <p>{ta('agent.signedInAs', { name: member?.nickname || member?.account || '' })}</p>
              <Link to="/agentHome" className={buttonClass('primary', 'md', true)}>
                {ta('agent.toCentre')}
              </Link>
            </div>
          ) : (
            <LoginForm portal="agent" />
          )}
          <p className="small muted agent-login__hours">{t('pages.agent.hours')}</p>
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
