import { CS_POSITIONS, type ContactInput, isAllDay, type SupportHours } from '@wps/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { Select } from './content-banners-page.tsx';
import { type AdminContact, useAdminList, useAdminSupportHours, useSaveSupportHours } from './content-api.ts';
import { EnabledCheck, FormActions, RowActions, SortField, useContentDrafts } from './content-form-parts.tsx';
import './content-admin.css';

interface Draft {
  id: number | null;
  input: ContactInput;
}

const empty = (): Draft => ({
  id: null,
  input: { csPosition: 'TELEGRAM1', title: '', url: '', sort: 0, enabled: true },
});

/**
 * The support hours the help centre and side menu state (Nepal time). The site says "24 hours"
 * only when round the clock is ticked (00:00–24:00), so hours and promises cannot drift apart.
 */
function SupportHoursForm() {
  const { t } = useTranslation('content-admin');
  const current = useAdminSupportHours();
  const save = useSaveSupportHours();
  const [draft, setDraft] = useState<SupportHours | null>(null);
  useEffect(() => {
    if (current.data) setDraft(current.data);
  }, [current.data]);
  if (!draft) return <Loader label={t('loading')} />;
  const allDay = isAllDay(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft, {
      onSuccess: () => toast.success(t('supportHours.saved')),
      onError: (err) => toast.error(errorText(err)),
    });
  };
  return (
    <form className="card content-form" onSubmit={submit} aria-labelledby="support-hours-title">
      <h2 className="content-form__title" id="support-hours-title">
        {t('supportHours.title')}
      </h2>
      <p className="small muted">{t('supportHours.lead')}</p>
      <label className="check">
        <input
          type="checkbox"
          checked={allDay}
          onChange={(e) =>
            setDraft(e.target.checked ? { from: '00:00', to: '24:00' } : { from: '10:00', to: '22:00' })
          }
        />{' '}
        {t('supportHours.allDay')}
      </label>
      {!allDay && (
        <div className="content-form__grid">
          <TextField
            label={t('supportHours.from')}
            type="time"
            required
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
          <TextField
            label={t('supportHours.to')}
            hint={t('supportHours.toHint')}
            type="time"
            required
            value={draft.to === '24:00' ? '00:00' : draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
      )}
      <div className="content-form__actions">
        <Button type="submit" disabled={save.isPending || (!allDay && draft.from === draft.to)}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** SPEC §2/§3 side-menu contacts: live chat, Telegram 1–3, Facebook, WhatsApp, with their links. */
export default function ContentContactsPage() {
  const { t } = useTranslation('content-admin');
  const list = useAdminList<AdminContact>('contacts');
  const { save, remove, draft, setDraft, set, submit } = useContentDrafts<'contacts', Draft>('contacts');
  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('contacts.title')} lead={t('contacts.lead')} />
      <SupportHoursForm />
      {!draft && <Button onClick={() => setDraft(empty())}>{t('contacts.add')}</Button>}
      {draft && (
        <form className="card content-form" onSubmit={submit}>
          <div className="content-form__grid">
            <Select
              label={t('contacts.position')}
              value={draft.input.csPosition}
              options={CS_POSITIONS}
              labels={(v) => t(`contacts.positions.${v}`)}
              onChange={(v) => set({ csPosition: v as ContactInput['csPosition'] })}
            />
            <TextField
              label={t('contacts.name')}
              value={draft.input.title}
              maxLength={80}
              required
              onChange={(e) => set({ title: e.target.value })}
            />
            <TextField
              label={t('contacts.url')}
              hint={t('contacts.urlHint')}
              value={draft.input.url}
              maxLength={500}
              required
              onChange={(e) => set({ url: e.target.value })}
            />
            <SortField value={draft.input.sort} onChange={(sort) => set({ sort })} />
          </div>
          <EnabledCheck checked={draft.input.enabled} onChange={(enabled) => set({ enabled })} />
          <FormActions
            saveDisabled={!draft.input.title.trim() || !draft.input.url.trim() || save.isPending}
            onCancel={() => setDraft(null)}
          />
        </form>
      )}
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : (
        <Table<AdminContact>
          caption={t('contacts.title')}
          captionHidden
          rows={list.data ?? []}
          rowKey={(c) => c.id}
          empty={t('contacts.none')}
          columns={[
            {
              key: 'pos',
              header: t('contacts.position'),
              render: (c) => t(`contacts.positions.${c.csPosition}`),
            },
            { key: 'name', header: t('contacts.name'), render: (c) => c.title },
            { key: 'url', header: t('contacts.url'), render: (c) => c.url },
            { key: 'sort', header: t('sort'), numeric: true, render: (c) => c.sort },
            { key: 'on', header: t('enabled'), render: (c) => (c.enabled ? t('yes') : t('no')) },
            {
              key: 'act',
              header: t('actions'),
              render: (c) => (
                <RowActions
                  onEdit={() =>
                    setDraft({
                      id: c.id,
                      input: {
                        csPosition: c.csPosition as ContactInput['csPosition'],
                        title: c.title,
                        url: c.url,
                        sort: c.sort,
                        enabled: c.enabled,
                      },
                    })
                  }
                  remove={(h) => remove.mutate(c.id, h)}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
