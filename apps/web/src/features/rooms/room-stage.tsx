import type { RoomHost } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons.tsx';

/**
 * The host and the stream: a native <video> when the host is online and the operator configured a
 * `streamUrl`; otherwise, or when the browser cannot play it, says so plainly (no fake player).
 */
export function RoomStage({ host }: { host: RoomHost }) {
  const { t } = useTranslation('rooms');
  const [failed, setFailed] = useState(false);
  const playable = host.online && host.streamUrl && !failed;
  return (
    <section className="room-stage" aria-label={t('stage', { name: host.name })}>
      <div className="room-host">
        {host.avatarUrl ? (
          <img className="room-host__avatar" src={host.avatarUrl} alt="" width={48} height={48} />
        ) : (
          <span className="room-host__avatar room-host__avatar--blank" aria-hidden="true">
            {host.name.slice(0, 1)}
          </span>
        )}
        <h1 className="room-host__name">{host.name}</h1>
        <span className={host.online ? 'room-host__state is-online' : 'room-host__state'}>
          {host.online ? t('online') : t('offline')}
        </span>
      </div>
      {playable ? (
        <video
          className="room-video"
          src={host.streamUrl ?? undefined}
          controls
          autoPlay
          muted
          playsInline
          aria-label={t('stream', { name: host.name })}
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="room-video room-video--none" role="status">
          <Icon name="live" size={28} />
          <p>
            {!host.online
              ? t('noStreamOffline', { name: host.name })
              : failed
                ? t('streamFailed')
                : t('noStream', { name: host.name })}
          </p>
        </div>
      )}
    </section>
  );
}
