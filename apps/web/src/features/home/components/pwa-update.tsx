import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';

/**
 * Registers the service worker (vite-plugin-pwa / Workbox) once the page has loaded, and when a
 * new build is deployed offers to reload into it: never a surprise reload in the middle of a game.
 */
export function PwaUpdate() {
  const { t } = useTranslation('content');
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = () =>
      // workbox-window is its own chunk, fetched after the first screen.
      import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        update.current = registerSW({ onNeedRefresh: () => setNeedRefresh(true) });
      });
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!needRefresh) return null;
  return (
    <div className="pwa-update" role="status">
      <span>{t('pwa.ready')}</span>
      <Button size="sm" onClick={() => void update.current?.(true)}>
        {t('pwa.reload')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        {t('pwa.later')}
      </Button>
    </div>
  );
}
