import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import { MissionForm } from './mission-form.tsx';
import { type AdminMission, useMissionsAdmin } from './missions-admin-api.ts';

/** Missions: every daily and weekly task with the rewards it has paid. */
export default function MissionsAdminPage() {
  const { t } = useTranslation('missions-admin');
  const list = useMissionsAdmin();
  const [editing, setEditing] = useState<AdminMission | null | 'new'>(null);
  return (
    <div className="admin-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <Table<AdminMission>
          caption={t('title')}
          captionHidden
          rows={list.data}
          rowKey={(m) => m.id}
          empty={t('none')}
          columns={[
            { key: 'id', header: '#', numeric: true, render: (m) => m.id },
            { key: 'title', header: t('f.title'), render: (m) => m.title },
            { key: 'period', header: t('f.period'), render: (m) => t(`period.${m.period}`) },
            {
              key: 'metric',
              header: t('f.metric'),
              render: (m) => `${t(`metric.${m.metric}`)}${m.gameType ? ` · ${m.gameType}` : ''}`,
            },
            {
              key: 'target',
              header: t('f.target'),
              numeric: true,
              render: (m) => (m.metric === 'rounds' ? m.target : <Amount value={m.target} />),
            },
            {
              key: 'reward',
              header: t('f.reward'),
              numeric: true,
              render: (m) => <Amount value={m.reward} />,
            },
            { key: 'enabled', header: t('f.enabled'), render: (m) => (m.enabled ? '✓' : '—') },
            { key: 'claims', header: t('claims'), numeric: true, render: (m) => m.claims },
            { key: 'paid', header: t('paid'), numeric: true, render: (m) => <Amount value={m.paid} /> },
            {
              key: 'edit',
              header: t('actions'),
              render: (m) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(m)}
                  aria-label={t('editOne', { title: m.title })}
                >
                  {t('edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <Modal
          open
          onClose={() => setEditing(null)}
          title={editing === 'new' ? t('create') : t('editOne', { title: editing.title })}
          closeLabel={t('close')}
          size="lg"
        >
          <MissionForm mission={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}
