import { roomPath } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useLiveHosts } from '../api/live.ts';
import '../home.css';

/**
 * SPEC §7 Live: the live hosts with their status, each opening its room inside the site (issue 31:
 * the stream and a moderated chat, /liveStream/room; GET /wps/live/chat answers the same path).
 * Anyone may enter and read; posting asks a guest to log in there. Says so plainly when the
 * operator has configured no hosts.
 */
export default function LiveStreamPage(_: PageProps) {
  const { t } = useTranslation('content');
  const hosts = useLiveHosts();

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
              <Link className={buttonClass('primary', 'sm')} to={roomPath(h.id)}>
                {t('live.chat', { name: h.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
