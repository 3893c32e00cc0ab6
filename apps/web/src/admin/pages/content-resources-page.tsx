import type { ResourceInput } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { type AdminResource, useAdminList } from './content-api.ts';
import { FormActions, RowActions, SortField, useContentDrafts } from './content-form-parts.tsx';
import './content-admin.css';

interface Draft {
  id: number | null;
  input: ResourceInput;
}

const empty = (): Draft => ({ id: null, input: { resourceType: 'APP', labelNameEn: '', url: '', sort: 0 } });

/**
 * SPEC §3 resources by type: type APP with label iOS or Android is what the app-download QR
 * codes lead to; other types (WHATSAPP …) are links the site may show.
 */
export default function ContentResourcesPage() {
  const { t } = useTranslation('content-admin');
  const list = useAdminList<AdminResource>('resources');
  const { save, remove, draft, setDraft, set, submit } = useContentDrafts<'resources', Draft>('resources');
  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('resources.title')} lead={t('resources.lead')} />
      {!draft && <Button onClick={() => setDraft(empty())}>{t('resources.add')}</Button>}
      {draft && (
        <form className="card content-form" onSubmit={submit}>
          <div className="content-form__grid">
            <TextField
              label={t('resources.type')}
              hint={t('resources.typeHint')}
              value={draft.input.resourceType}
              maxLength={32}
              required
              onChange={(e) => set({ resourceType: e.target.value.toUpperCase() })}
            />
            <TextField
              label={t('resources.label')}
              hint={t('resources.labelHint')}
              value={draft.input.labelNameEn}
              maxLength={80}
              required
              onChange={(e) => set({ labelNameEn: e.target.value })}
            />
            <TextField
              label={t('resources.url')}
              hint={t('contacts.urlHint')}
              value={draft.input.url}
              maxLength={500}
              required
              onChange={(e) => set({ url: e.target.value })}
            />
            <SortField value={draft.input.sort} onChange={(sort) => set({ sort })} />
          </div>
          <FormActions
            saveDisabled={
              !draft.input.resourceType.trim() ||
              !draft.input.labelNameEn.trim() ||
              !draft.input.url.trim() ||
              save.isPending
            }
            onCancel={() => setDraft(null)}
          />
        </form>
      )}
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : (
        <Table<AdminResource>
          caption={t('resources.title')}
          captionHidden
          rows={list.data ?? []}
          rowKey={(r) => r.id}
          empty={t('resources.none')}
          columns={[
            { key: 'type', header: t('resources.type'), render: (r) => r.resourceType },
            { key: 'label', header: t('resources.label'), render: (r) => r.labelNameEn },
            { key: 'url', header: t('resources.url'), render: (r) => r.url },
            { key: 'sort', header: t('sort'), numeric: true, render: (r) => r.sort },
            {
              key: 'act',
              header: t('actions'),
              render: (r) => (
                <RowActions
                  onEdit={() =>
                    setDraft({
                      id: r.id,
                      input: {
                        resourceType: r.resourceType,
                        labelNameEn: r.labelNameEn,
                        url: r.url,
                        sort: r.sort,
                      },
                    })
                  }
                  remove={(h) => remove.mutate(r.id, h)}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
