import type { LiveHost } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../shared/lib/page.ts';
import { usePopupStore } from '../../../shared/popups/store.ts';
import { selectHasToken, useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { launchLiveChat, useLiveHosts } from '../api/live.ts';
import '../home.css';

/**
 * SPEC §7 Live: the live hosts with their status, and a chat-room launch in a new window (opened
 * inside the click so a browser counts it as the person's; SPEC §8 message when it is blocked).
 * Says so plainly when the operator has configured no hosts.
 */
export default function LiveStreamPage(_: PageProps) {
  const { t } = useTranslation('content');
  const hosts = useLiveHosts();
  const hasToken = useSessionStore(selectHasToken);
  const open = usePopupStore((s) => s.open);

  const launch = async (host: LiveHost) => {
    if (!hasToken) {
      open('loginModal', { message: t('live.pleaseLogin') });
      return;
    }
    const w = window.open('about:blank', '_blank');
    if (!w) {
      toast.error(t('live.popupBlocked'));
      return;
    }
    try {
      const { chatUrl } = await launchLiveChat(host.id);
      w.opener = null;
      w.location.href = chatUrl;
    } catch (err) {
      w.close();
      toast.error(err instanceof Error ? err.message : t('live.failed'));
    }
  };

  return (
    <div className="page live-page">
      <PageHeader title={t('live.title')} lead={t('live.lead')} />
      {hosts.isPending ? (
        <Loader label={t('loading')} />
      ) : hosts.error ? (
        <p className="feedback__warning">{hosts.error.message}</p>
      ) : hosts.data.length === 0 ? (
        <EmptyState title={t('live.none')} description={t('live.noneText')} headingLevel={2} />
      ) : (
        <ul className="live-hosts" aria-label={t('live.list')}>
          {hosts.data.map((h) => (
            <li key={h.id} className="card live-host">
              {h.avatarUrl ? (
                <img
                  className="live-host__avatar"
                  src={h.avatarUrl}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                />
              ) : (
                <span className="live-host__avatar live-host__avatar--blank" aria-hidden="true">
                  {h.name.slice(0, 1)}
                </span>
              )}
              <span className="live-host__name">{h.name}</span>
              <span className={h.online ? 'live-host__status is-online' : 'live-host__status'}>
                {h.online ? t('live.online') : t('live.offline')}
              </span>
              <Button size="sm" disabled={!h.online} onClick={() => launch(h)}>
                {t('live.chat', { name: h.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
