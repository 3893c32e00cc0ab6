import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { useLocale } from '../../features/wallet/lib/use-locale.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText, useAdminPager } from './cashier-ui.tsx';
import {
  type LoginEvent,
  type PlayerSession,
  type PlayerTraces,
  revokeSession,
  usePlayerAction,
  usePlayerLogins,
  usePlayerSessions,
  usePlayerTraces,
} from './players-api.ts';

type Trace = PlayerTraces['traces'][number];

/** Login history, and each IP/device with the other accounts seen on it (linked accounts). */
export function LoginsTab({ id }: { id: number }) {
  const { t } = useTranslation('players-admin');
  const locale = useLocale();
  const pager = useAdminPager();
  const [page, setPage] = useState(1);
  const logins = usePlayerLogins(id, page);
  const traces = usePlayerTraces(id);
  return (
    <div className="player-history">
      <h2>{t('logins.traces')}</h2>
      <Table<Trace>
        caption={t('logins.traces')}
        captionHidden
        rows={traces.data?.traces ?? []}
        rowKey={(r) => `${r.kind}:${r.value}`}
        empty={traces.error ? errorText(traces.error) : t('logins.none')}
        columns={[
          { key: 'kind', header: t('logins.kind'), render: (r) => t(`logins.kindOption.${r.kind}`) },
          { key: 'value', header: t('logins.value'), render: (r) => <code>{r.value}</code> },
          { key: 'logins', header: t('logins.count'), render: (r) => r.logins, numeric: true },
          { key: 'last', header: t('logins.lastAt'), render: (r) => formatTime(r.lastAt, locale) },
          {
            key: 'linked',
            header: t('logins.linked'),
            render: (r) =>
              r.accounts.length === 0 ? (
                '—'
              ) : (
                <span className="player-linked">
                  {r.accounts.map((a) => (
                    <Link key={a.id} to={`../${a.id}`} relative="path">
                      {a.account}
                    </Link>
                  ))}
                </span>
              ),
          },
        ]}
      />
      <h2>{t('logins.history')}</h2>
      <Table<LoginEvent>
        caption={t('logins.history')}
        captionHidden
        rows={logins.data?.content ?? []}
        rowKey={(r) => `${r.at}-${r.ip}-${r.result}`}
        empty={logins.error ? errorText(logins.error) : t('logins.none')}
        columns={[
          { key: 'at', header: t('logins.at'), render: (r) => formatTime(r.at, locale) },
          { key: 'result', header: t('logins.result'), render: (r) => r.result },
          { key: 'ip', header: t('logins.ip'), render: (r) => r.ip },
          { key: 'device', header: t('logins.device'), render: (r) => r.deviceId ?? '—' },
          {
            key: 'ua',
            header: t('logins.userAgent'),
            render: (r) => <span className="player-ua">{r.userAgent ?? '—'}</span>,
          },
        ]}
      />
      <Pagination page={page} totalPages={logins.data?.totalPages ?? 0} onChange={setPage} labels={pager} />
    </div>
  );
}

/** Live sessions; revoking one signs that device out at once. */
export function SessionsTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { t } = useTranslation('players-admin');
  const locale = useLocale();
  const sessions = usePlayerSessions(id);
  const revoke = usePlayerAction(id, (sessionId: number) => revokeSession(id, sessionId));
  return (
    <Table<PlayerSession>
      caption={t('tabs.sessions')}
      captionHidden
      rows={sessions.data ?? []}
      rowKey={(r) => r.id}
      empty={sessions.error ? errorText(sessions.error) : t('sessions.none')}
      columns={[
        { key: 'created', header: t('sessions.createdAt'), render: (r) => formatTime(r.createdAt, locale) },
        { key: 'seen', header: t('sessions.lastSeenAt'), render: (r) => formatTime(r.lastSeenAt, locale) },
        { key: 'ip', header: t('logins.ip'), render: (r) => r.ip ?? '—' },
        {
          key: 'ua',
          header: t('logins.userAgent'),
          render: (r) => <span className="player-ua">{r.userAgent ?? '—'}</span>,
        },
        ...(canWrite
          ? [
              {
                key: 'revoke',
                header: t('sessions.actions'),
                render: (r: PlayerSession) => (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(r.id, {
                        onSuccess: () => toast.success(t('sessions.revoked')),
                        onError: (e) => toast.error(errorText(e)),
                      })
                    }
                  >
                    {t('sessions.revoke')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
