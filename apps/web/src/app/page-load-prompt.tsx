import { SPEC } from '@wps/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../shared/i18n/index.ts';
import { checkNetwork, type NetworkCheck } from '../shared/system/network-check.ts';
import { Button } from '../shared/ui/button.tsx';
import './page-load-prompt.css';

/**
 * SPEC §8 page-load timeout: a page still loading after a while says so and offers a network
 * check (offline, the site unreachable: 'Network link is abnormal', or both fine). Its catalogue
 * is asked for as soon as a page starts loading, so it is there if the network then stalls.
 */
export function PageLoadPrompt({ afterMs = SPEC.pageLoadPromptMs }: { afterMs?: number }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    void i18n.loadNamespaces('network');
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
  if (!late) return null;
  return (
    <Suspense fallback={null}>
      <SlowPage />
    </Suspense>
  );
}

function SlowPage() {
  const { t } = useTranslation(['network', 'common']);
  const [state, setState] = useState<NetworkCheck | 'checking' | null>(null);
  const result =
    state === 'offline'
      ? t('slow.offline')
      : state === 'unreachable'
        ? t('common:errors.network')
        : state === 'ok'
          ? t('slow.ok')
          : state === 'checking'
            ? t('slow.checking')
            : null;
  return (
    <div className="page-load-prompt" role="alert">
      <p className="page-load-prompt__title">{t('slow.title')}</p>
      <p className="muted small">{t('slow.text')}</p>
      <div className="page-load-prompt__actions">
        <Button
          size="sm"
          loading={state === 'checking'}
          onClick={async () => {
            setState('checking');
            setState(await checkNetwork());
          }}
        >
          {t('slow.check')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
          {t('slow.reload')}
        </Button>
      </div>
      {result && (
        <p className="page-load-prompt__result" role="status" data-state={state}>
          {result}
        </p>
      )}
    </div>
  );
}
