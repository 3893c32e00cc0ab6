import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { type AuditRecord, useAudit } from './cashier-api.ts';
import { errorText, useAdminPager } from './cashier-ui.tsx';

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The append-only audit log: who did what, when, from where, with the state before and after. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('wallet-admin');
  const [draft, setDraft] = useState({ action: '', targetId: '' });
  const [filter, setFilter] = useState({ action: '', targetId: '' });
  const [page, setPage] = useState(1);
  const log = useAudit({
    pageNo: page,
    pageSize: 20,
    action: filter.action || undefined,
    targetId: filter.targetId || undefined,
  });
  const pager = useAdminPager();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <form
        className="wallet-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ action: draft.action.trim(), targetId: draft.targetId.trim() });
          setPage(1);
        }}
      >
        <TextField
          label={t('audit.action')}
          value={draft.action}
          onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value }))}
        />
        <TextField
          label={t('audit.target')}
          value={draft.targetId}
          onChange={(e) => setDraft((d) => ({ ...d, targetId: e.target.value }))}
        />
        <Button type="submit">{t('audit.filter')}</Button>
      </form>
      {log.isPending ? (
        <Loader label={t('loading')} />
      ) : log.error ? (
        <p className="wallet-error">{errorText(log.error)}</p>
      ) : (
        <>
          <Table<AuditRecord>
            caption={t('audit.title')}
            captionHidden
            rows={log.data.content}
            rowKey={(r) => r.id}
            empty={t('audit.none')}
            columns={[
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
              { key: 'who', header: t('audit.who'), render: (r) => r.actorAccount },
              { key: 'action', header: t('audit.action'), render: (r) => <code>{r.action}</code> },
              { key: 'target', header: t('audit.target'), render: (r) => `${r.targetType} ${r.targetId}` },
              { key: 'ip', header: t('audit.ip'), render: (r) => <span className="num">{r.ip ?? '—'}</span> },
              {
                key: 'change',
                header: t('audit.change'),
                render: (r) => (
                  <details>
                    <summary>{t('audit.beforeAfter')}</summary>
                    <div className="audit-diff">
                      <div>
                        <strong>{t('audit.before')}</strong>
                        <pre>{show(r.before)}</pre>
                      </div>
                      <div>
                        <strong>{t('audit.after')}</strong>
                        <pre>{show(r.after)}</pre>
                      </div>
                    </div>
                  </details>
                ),
              },
            ]}
          />
          <Pagination page={page} totalPages={log.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
    </div>
  );
}
