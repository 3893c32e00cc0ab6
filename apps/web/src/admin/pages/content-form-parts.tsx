import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { type Inputs, type Kind, useDeleteContent, useSaveContent } from './content-api.ts';

/** Tiptap is large: it loads only when an editor form opens. */
const RichTextEditor = lazy(() => import('./content-editor.tsx'));

/**
 * The pieces every content editor (banners, notices, help) shares: the rich-text field, the
 * "enabled" switch, the sort order, save/cancel, and the edit/delete actions of a row.
 */
export function RichTextField(props: { label: string; value: string; onChange(html: string): void }) {
  const { t } = useTranslation('content-admin');
  return (
    <Suspense fallback={<Loader label={t('loading')} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

export function EnabledCheck({ checked, onChange }: { checked: boolean; onChange(on: boolean): void }) {
  const { t } = useTranslation('content-admin');
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {t('enabled')}
    </label>
  );
}

/** The order a row takes in its list (lowest first); an empty or bad number is 0. */
export function SortField({ value, onChange }: { value: number; onChange(sort: number): void }) {
  const { t } = useTranslation('content-admin');
  return (
    <TextField
      label={t('sort')}
      type="number"
      min={0}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) || 0)}
    />
  );
}

export function FormActions({ saveDisabled, onCancel }: { saveDisabled: boolean; onCancel(): void }) {
  const { t } = useTranslation('content-admin');
  return (
    <div className="content-form__actions">
      <Button type="submit" disabled={saveDisabled}>
        {t('save')}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}

/** Edit and delete (after a confirmation) for one row; a refused delete shows as a toast. */
export function RowActions({
  onEdit,
  remove,
  children,
}: {
  onEdit(): void;
  remove(handlers: { onError(e: unknown): void }): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('content-admin');
  return (
    <span className="content-row-actions">
      {children}
      <Button size="sm" variant="secondary" onClick={onEdit}>
        {t('edit')}
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          if (window.confirm(t('confirmDelete'))) remove({ onError: (e) => toast.error(errorText(e)) });
        }}
      >
        {t('delete')}
      </Button>
    </span>
  );
}

/**
 * One content kind's editing state: the open draft (null = the list only), a patch setter, and
 * the form's submit (saves, confirms with a toast and closes, or shows the server's refusal).
 */
export function useContentDrafts<K extends Kind, D extends { id: number | null; input: Inputs[K] }>(kind: K) {
  const { t } = useTranslation('content-admin');
  const save = useSaveContent(kind);
  const remove = useDeleteContent(kind);
  const [draft, setDraft] = useState<D | null>(null);
  const set = (patch: Partial<Inputs[K]>) =>
    setDraft((d) => (d ? { ...d, input: { ...d.input, ...patch } } : d));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    save.mutate(
      { id: draft.id, input: draft.input },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          setDraft(null);
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  };
  return { save, remove, draft, setDraft, set, submit };
}
