import type { PlayerStatus } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { type TabItem, Tabs } from '../../shared/ui/tabs.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { hasPermission, useAdminSession } from '../session-store.ts';
import { Amount, errorText, NoteDialog } from './cashier-ui.tsx';
import { PlayerKycTab } from './player-kyc.tsx';
import { ActivityTab, LoginsTab, NotesTab, OverviewTab, SessionsTab } from './player-tabs.tsx';
import { type PlayerProfile, setStatus, usePlayer, usePlayerAction } from './players-api.ts';
import { StatusBadge } from './players-page.tsx';

type TabId = 'overview' | 'notes' | 'kyc' | 'logins' | 'sessions' | 'activity';

/** One player: identity and status up top, everything else in tabs. */
export function PlayerProfilePage() {
  const { t } = useTranslation('players-admin');
  const id = Number(useParams().id);
  const player = usePlayer(id);
  if (!Number.isSafeInteger(id) || id < 1) return <p className="admin-empty">{t('notFound')}</p>;
  if (player.isPending) return <Loader label={t('loading')} />;
  if (player.error) return <p className="wallet-error">{errorText(player.error)}</p>;
  return <Profile player={player.data} />;
}

function Profile({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players-admin');
  const permissions = useAdminSession((s) => s.permissions);
  const canWrite = hasPermission(permissions, 'players.write');
  const canKyc = hasPermission(permissions, 'players.kyc');
  const [tab, setTab] = useState<TabId>('overview');
  const [statusTo, setStatusTo] = useState<PlayerStatus | null>(null);
  const status = usePlayerAction(player.id, (a: { status: PlayerStatus; reason: string }) =>
    setStatus(player.id, a),
  );
  const items: Array<TabItem<TabId>> = [
    {
      id: 'overview',
      label: t('tabs.overview'),
      content: <OverviewTab player={player} canWrite={canWrite} />,
    },
    { id: 'notes', label: t('tabs.notes'), content: <NotesTab id={player.id} canWrite={canWrite} /> },
    ...(canKyc
      ? [{ id: 'kyc' as const, label: t('tabs.kyc'), content: <PlayerKycTab player={player} /> }]
      : []),
    { id: 'logins', label: t('tabs.logins'), content: <LoginsTab id={player.id} /> },
    {
      id: 'sessions',
      label: t('tabs.sessions'),
      content: <SessionsTab id={player.id} canWrite={canWrite} />,
    },
    {
      id: 'activity',
      label: t('tabs.activity'),
      content: <ActivityTab player={player} canWrite={canWrite} />,
    },
  ];
  const closed = player.status === 'closed';
  return (
    <div className="admin-page players-admin">
      <p>
        <Link to="..">{t('back')}</Link>
      </p>
      <PageHeader title={player.account} lead={player.payeeName ?? undefined} />
      <div className="player-head">
        <StatusBadge status={player.status} />
        {player.balance !== null && (
          <span>
            {t('field.balance')}: <Amount value={player.balance} />
          </span>
        )}
        {canWrite && !closed && (
          <span className="player-head__actions">
            {player.status === 'active' ? (
              <Button size="sm" variant="secondary" onClick={() => setStatusTo('frozen')}>
                {t('action.freeze')}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setStatusTo('active')}>
                {t('action.unfreeze')}
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => setStatusTo('closed')}>
              {t('action.close')}
            </Button>
          </span>
        )}
      </div>
      <Tabs<TabId> items={items} value={tab} onChange={setTab} label={t('tabs.label')} />
      {statusTo && (
        <NoteDialog
          title={t(
            `action.${statusTo === 'active' ? 'unfreeze' : statusTo === 'frozen' ? 'freeze' : 'close'}`,
          )}
          label={t('action.reason')}
          submitLabel={t('action.confirm')}
          danger={statusTo !== 'active'}
          summary={t(`action.summary.${statusTo}`, { account: player.account })}
          pending={status.isPending}
          onClose={() => setStatusTo(null)}
          onSubmit={async (reason) => {
            await status.mutateAsync({ status: statusTo, reason });
            toast.success(t(`status.${statusTo}`));
          }}
        />
      )}
    </div>
  );
}
