import { NOTICE_EXECUTIONS, NOTICE_TYPES, type NoticeInput } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { Select } from './content-banners-page.tsx';
import { type AdminNotice, fromLocalInput, toLocalInput, useAdminList } from './content-api.ts';
import {
  EnabledCheck,
  FormActions,
  RichTextField,
  RowActions,
  SortField,
  useContentDrafts,
} from './content-form-parts.tsx';
import './content-admin.css';
import { formatDateTime } from '../../shared/lib/format.ts';

// The editor is the heaviest piece of the console: it loads only when a notice is being edited.
const blank = (): NoticeInput => ({
  type: 'B',
  execution: 'A',
  title: '',
  content: '',
  languages: [],
  sort: 0,
  enabled: true,
});

/** Announcements and notices: type, execution (A, B at start-up, F on first login), HTML, languages, schedule. */
export default function ContentNoticesPage() {
  const { t, i18n } = useTranslation('content-admin');
  const list = useAdminList<AdminNotice>('notices');
  const { save, remove, draft, setDraft, set, submit } = useContentDrafts<
    'notices',
    { id: number | null; input: NoticeInput }
  >('notices');

  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('notices.title')} lead={t('notices.lead')} />
      {!draft && <Button onClick={() => setDraft({ id: null, input: blank() })}>{t('notices.add')}</Button>}
      {draft && (
        <form className="card content-form" onSubmit={submit}>
          <div className="content-form__grid">
            <Select
              label={t('notices.type')}
              value={draft.input.type}
              options={NOTICE_TYPES}
              onChange={(v) => set({ type: v as NoticeInput['type'] })}
            />
            <Select
              label={t('notices.execution')}
              value={draft.input.execution}
              options={NOTICE_EXECUTIONS}
              labels={(v) => t(`notices.executions.${v}`)}
              onChange={(v) => set({ execution: v as NoticeInput['execution'] })}
            />
            <TextField
              label={t('notices.titleField')}
              value={draft.input.title}
              maxLength={200}
              required
              onChange={(e) => set({ title: e.target.value })}
            />
            <SortField value={draft.input.sort} onChange={(sort) => set({ sort })} />
            <TextField
              label={t('startsAt')}
              type="datetime-local"
              value={toLocalInput(draft.input.startsAt ?? null)}
              onChange={(e) => set({ startsAt: fromLocalInput(e.target.value) })}
            />
            <TextField
              label={t('endsAt')}
              type="datetime-local"
              value={toLocalInput(draft.input.endsAt ?? null)}
              onChange={(e) => set({ endsAt: fromLocalInput(e.target.value) })}
            />
          </div>
          <fieldset className="content-langs">
            <legend>{t('notices.languages')}</legend>
            {['EN', 'NE'].map((l) => (
              <label key={l} className="check">
                <input
                  type="checkbox"
                  checked={draft.input.languages.includes(l)}
                  onChange={(e) =>
                    set({
                      languages: e.target.checked
                        ? [...draft.input.languages, l]
                        : draft.input.languages.filter((x) => x !== l),
                    })
                  }
                />{' '}
                {l}
              </label>
            ))}
            <span className="small muted">{t('notices.languagesHint')}</span>
          </fieldset>
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
        <Table<AdminNotice>
          caption={t('notices.title')}
          captionHidden
          rows={list.data ?? []}
          rowKey={(n) => n.id}
          empty={t('notices.none')}
          columns={[
            { key: 'title', header: t('notices.titleField'), render: (n) => n.title },
            { key: 'type', header: t('notices.type'), render: (n) => n.type },
            {
              key: 'exec',
              header: t('notices.execution'),
              render: (n) => t(`notices.executions.${n.execution}`),
            },
            {
              key: 'lang',
              header: t('language'),
              render: (n) => (n.languages.length ? n.languages.join(', ') : t('allLanguages')),
            },
            {
              key: 'when',
              header: t('schedule'),
              render: (n) =>
                `${formatDateTime(n.startsAt, i18n.language) || '…'} → ${formatDateTime(n.endsAt, i18n.language) || '…'}`,
            },
            { key: 'on', header: t('enabled'), render: (n) => (n.enabled ? t('yes') : t('no')) },
            {
              key: 'act',
              header: t('actions'),
              render: (n) => (
                <RowActions
                  onEdit={() =>
                    setDraft({
                      id: n.id,
                      input: {
                        type: n.type,
                        execution: n.execution,
                        title: n.title,
                        content: n.content,
                        languages: n.languages,
                        startsAt: n.startsAt,
                        endsAt: n.endsAt,
                        sort: n.sort,
                        enabled: n.enabled,
                      },
                    })
                  }
                  remove={(h) => remove.mutate(n.id, h)}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
