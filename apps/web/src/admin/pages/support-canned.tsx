import type { SupportCanned } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { useCanned, useDeleteCanned, useSaveCanned } from './support-admin-api.ts';

const EMPTY = { title: '', textEn: '', textNe: '' };

/** Canned answers in English and Nepali: add, edit, delete (each audited on the server). */
export function CannedManager() {
  const { t } = useTranslation('support-admin');
  const canned = useCanned();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState(EMPTY);
  const edit = (c: SupportCanned) => {
    setEditing(c.id);
    setDraft({ title: c.title, textEn: c.textEn, textNe: c.textNe });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: editing, input: draft },
      {
        onSuccess: () => {
          toast.success(t('canned.saved'));
          setEditing(null);
          setDraft(EMPTY);
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };
  return (
    <section className="support-desk__canned" aria-labelledby="support-canned-title">
      <h2 id="support-canned-title">{t('canned.title')}</h2>
      <ul className="support-desk__canned-list">
        {(canned.data ?? []).map((c) => (
          <li key={c.id}>
            <strong>{c.title}</strong>
            <p className="small">{c.textEn}</p>
            <p className="small" lang="ne">
              {c.textNe}
            </p>
            <div className="support-desk__row">
              <Button size="sm" variant="secondary" onClick={() => edit(c)}>
                {t('canned.edit')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => remove.mutate(c.id, { onError: (err) => toast.error(errorText(err)) })}
              >
                {t('canned.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="support-desk__canned-form">
        <TextField
          label={t('canned.name')}
          value={draft.title}
          maxLength={80}
          required
          onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
        />
        <label className="field__label" htmlFor="canned-en">
          {t('canned.textEn')}
        </label>
        <textarea
          id="canned-en"
          className="input"
          rows={2}
          maxLength={1000}
          required
          value={draft.textEn}
          onChange={(e) => setDraft((d) => ({ ...d, textEn: e.target.value }))}
        />
        <label className="field__label" htmlFor="canned-ne">
          {t('canned.textNe')}
        </label>
        <textarea
          id="canned-ne"
          className="input"
          rows={2}
          maxLength={1000}
          required
          lang="ne"
          value={draft.textNe}
          onChange={(e) => setDraft((d) => ({ ...d, textNe: e.target.value }))}
        />
        <div className="support-desk__row">
          <Button type="submit" size="sm" loading={save.isPending}>
            {editing === null ? t('canned.add') : t('canned.save')}
          </Button>
          {editing !== null && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              {t('canned.cancel')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
