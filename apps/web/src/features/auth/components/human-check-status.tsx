import { useTranslation } from 'react-i18next';
import type { HumanCheckStatus } from '../hooks/use-human-check.ts';

/** What the ALTCHA check is doing, like the widget would show it; nothing when the server does not check. */
export function HumanCheckStatusLine({ status, retry }: { status: HumanCheckStatus; retry(): void }) {
  const { t } = useTranslation('auth');
  if (status === 'off') return null;
  return (
    <div className={`human-check human-check--${status}`} role="status">
      {status === 'working' && <span className="spinner spinner--inline" aria-hidden="true" />}
      {status === 'ready' && (
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          aria-hidden="true"
        >
          <path d="M5 12l5 5 9-10" />
        </svg>
      )}
      <span>{t(`humanCheck.${status}`)}</span>
      {status === 'error' && (
        <button type="button" className="link-btn" onClick={retry}>
          {t('humanCheck.retry')}
        </button>
      )}
    </div>
  );
}
