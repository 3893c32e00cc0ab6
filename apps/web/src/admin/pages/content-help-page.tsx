import type { HelpInput } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Select } from './content-banners-page.tsx';
import { type AdminHelp, useAdminList } from './content-api.ts';
import {
  EnabledCheck,
  FormActions,
  RichTextField,
  RowActions,
  SortField,
  useContentDrafts,
} from './content-form-parts.tsx';
import './content-admin.css';

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
  const { save, remove, draft, setDraft, set, submit } = useContentDrafts<
    'help',
    { id: number | null; input: HelpInput }
  >('help');

  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('help.title')} lead={t('help.lead')} />
      {!draft && <Button onClick={() => setDraft({ id: null, input: blank() })}>{t('help.add')}</Button>}
      {draft && (
        <form className="card content-form" onSubmit={submit}>
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
            <SortField value={draft.input.sort} onChange={(sort) => set({ sort })} />
          </div>
          <RichTextField
            label={t('content')}
            value={draft.input.content}
            onChange={(content) => set({ content })}
          />
          <EnabledCheck checked={draft.input.enabled} onChange={(enabled) => set({ enabled })} />
          <FormActions saveDisabled={save.isPending} onCancel={() => setDraft(null)} />
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
                <RowActions
                  onEdit={() =>
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
                  remove={(h) => remove.mutate(a.id, h)}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
