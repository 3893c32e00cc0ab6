import type { HelpInput } from '@wps/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { Select } from './content-banners-page.tsx';
import { type AdminHelp, useAdminList, useDeleteContent, useSaveContent } from './content-api.ts';
import { errorText } from './cashier-ui.tsx';
import './content-admin.css';

const RichTextEditor = lazy(() => import('./content-editor.tsx'));

const blank = (): HelpInput => ({
  language: 'EN',
  device: 'ALL',
  anchor: '',
  title: '',
  content: '',
  sort: 0,
  enabled: true,
});

/** Help-centre articles per language and device; the anchor is the /help#anchor address. */
export default function ContentHelpPage() {
  const { t } = useTranslation('content-admin');
  const list = useAdminList<AdminHelp>('help');
  const save = useSaveContent('help');
  const remove = useDeleteContent('help');
  const [draft, setDraft] = useState<{ id: number | null; input: HelpInput } | null>(null);
  const set = (patch: Partial<HelpInput>) =>
    setDraft((d) => (d ? { ...d, input: { ...d.input, ...patch } } : d));

  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('help.title')} lead={t('help.lead')} />
      {!draft && <Button onClick={() => setDraft({ id: null, input: blank() })}>{t('help.add')}</Button>}
      {draft && (
        <form
          className="card content-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft, {
              onSuccess: () => {
                toast.success(t('saved'));
                setDraft(null);
              },
              onError: (err) => toast.error(errorText(err)),
            });
          }}
        >
          <div className="content-form__grid">
            <Select
              label={t('language')}
              value={draft.input.language}
              options={['EN', 'NE']}
              onChange={(v) => set({ language: v })}
            />
            <Select
              label={t('help.device')}
              value={draft.input.device}
              options={['ALL', 'WEB']}
              labels={(v) => t(`help.devices.${v}`)}
              onChange={(v) => set({ device: v as HelpInput['device'] })}
            />
            <TextField
              label={t('help.anchor')}
              hint={t('help.anchorHint')}
              value={draft.input.anchor}
              pattern="[a-z0-9][a-z0-9\-]{0,62}"
              required
              onChange={(e) => set({ anchor: e.target.value })}
            />
            <TextField
              label={t('help.titleField')}
              value={draft.input.title}
              required
              maxLength={200}
              onChange={(e) => set({ title: e.target.value })}
            />
            <TextField
              label={t('sort')}
              type="number"
              min={0}
              value={draft.input.sort}
              onChange={(e) => set({ sort: Number(e.target.value) || 0 })}
            />
          </div>
          <Suspense fallback={<Loader label={t('loading')} />}>
            <RichTextEditor
              label={t('content')}
              value={draft.input.content}
              onChange={(content) => set({ content })}
            />
          </Suspense>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.input.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />{' '}
            {t('enabled')}
          </label>
          <div className="content-form__actions">
            <Button type="submit" disabled={save.isPending}>
              {t('save')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : (
        <Table<AdminHelp>
          caption={t('help.title')}
          captionHidden
          rows={list.data ?? []}
          rowKey={(a) => a.id}
          empty={t('help.none')}
          columns={[
            { key: 'lang', header: t('language'), render: (a) => a.language },
            { key: 'anchor', header: t('help.anchor'), render: (a) => <code>#{a.anchor}</code> },
            { key: 'title', header: t('help.titleField'), render: (a) => a.title },
            { key: 'device', header: t('help.device'), render: (a) => t(`help.devices.${a.device}`) },
            { key: 'on', header: t('enabled'), render: (a) => (a.enabled ? t('yes') : t('no')) },
            {
              key: 'act',
              header: t('actions'),
              render: (a) => (
                <span className="content-row-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      setDraft({
                        id: a.id,
                        input: {
                          language: a.language,
                          device: a.device === 'WEB' ? 'WEB' : 'ALL',
                          anchor: a.anchor,
                          title: a.title,
                          content: a.content,
                          sort: a.sort,
                          enabled: a.enabled,
                        },
                      })
                    }
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => {
                      if (window.confirm(t('confirmDelete')))
                        remove.mutate(a.id, { onError: (e) => toast.error(errorText(e)) });
                    }}
                  >
                    {t('delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
