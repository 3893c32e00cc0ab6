import { BANNER_GROUPS, BANNER_LINK_TYPES, type BannerInput } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import {
  type AdminBanner,
  fromLocalInput,
  toLocalInput,
  uploadContentImage,
  useAdminList,
} from './content-api.ts';
import { CropPreview } from './content-crop-preview.tsx';
import { EnabledCheck, FormActions, RowActions, SortField, useContentDrafts } from './content-form-parts.tsx';
import './content-admin.css';
import { formatDateTime } from '../../shared/lib/format.ts';

interface Draft {
  id: number | null;
  input: BannerInput;
  preview: string | null;
  size: { width: number; height: number } | null;
}

const empty = (): Draft => ({
  id: null,
  input: {
    groupName: 'w_home',
    title: '',
    imageId: '',
    linkageType: 'none',
    link: null,
    language: null,
    sort: 0,
    enabled: true,
  },
  preview: null,
  size: null,
});

/** Banners by group: upload (checked and resized by the server), preview as shown, link, schedule. */
export default function ContentBannersPage() {
  const { t, i18n } = useTranslation('content-admin');
  const list = useAdminList<AdminBanner>('banners');
  const { save, remove, draft, setDraft, set, submit } = useContentDrafts<'banners', Draft>('banners');
  const [uploading, setUploading] = useState(false);

  const edit = (b: AdminBanner) =>
    setDraft({
      id: b.id,
      input: {
        groupName: b.groupName,
        title: b.title,
        imageId: b.imageId,
        linkageType: b.linkageType,
        link: b.link,
        language: b.language,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        sort: b.sort,
        enabled: b.enabled,
      },
      preview: b.url,
      size: { width: b.image.width, height: b.image.height },
    });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const img = await uploadContentImage(file);
      setDraft((d) =>
        d
          ? {
              ...d,
              input: { ...d.input, imageId: img.id },
              preview: img.variants[img.variants.length - 1]?.url ?? null,
              size: { width: img.width, height: img.height },
            }
          : d,
      );
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('banners.title')} lead={t('banners.lead')} />
      {!draft && <Button onClick={() => setDraft(empty())}>{t('banners.add')}</Button>}
      {draft && (
        <form className="card content-form" onSubmit={submit}>
          <FieldShell label={t('banners.image')} hint={t('banners.imageHint')}>
            {({ inputId, describedBy }) => (
              <input
                id={inputId}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-describedby={describedBy}
                onChange={(e) => upload(e.target.files?.[0])}
              />
            )}
          </FieldShell>
          {uploading && <Loader label={t('uploading')} />}
          {draft.preview && draft.size && (
            <CropPreview
              src={draft.preview}
              width={draft.size.width}
              height={draft.size.height}
              group={draft.input.groupName}
            />
          )}
          <div className="content-form__grid">
            <Select
              label={t('banners.group')}
              value={draft.input.groupName}
              options={BANNER_GROUPS}
              labels={(v) => t(`banners.groups.${v}`)}
              onChange={(v) => set({ groupName: v as BannerInput['groupName'] })}
            />
            <TextField
              label={t('banners.alt')}
              value={draft.input.title}
              maxLength={120}
              onChange={(e) => set({ title: e.target.value })}
            />
            <Select
              label={t('banners.linkType')}
              value={draft.input.linkageType}
              options={BANNER_LINK_TYPES}
              labels={(v) => t(`banners.linkTypes.${v}`)}
              onChange={(v) => set({ linkageType: v as BannerInput['linkageType'] })}
            />
            <TextField
              label={t('banners.link')}
              hint={t('banners.linkHint')}
              value={draft.input.link ?? ''}
              disabled={draft.input.linkageType === 'none'}
              onChange={(e) => set({ link: e.target.value })}
            />
            <Select
              label={t('language')}
              value={draft.input.language ?? ''}
              options={['', 'EN', 'NE']}
              labels={(v) => (v ? v : t('allLanguages'))}
              onChange={(v) => set({ language: v || null })}
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
          <EnabledCheck checked={draft.input.enabled} onChange={(enabled) => set({ enabled })} />
          <FormActions
            saveDisabled={!draft.input.imageId || save.isPending}
            onCancel={() => setDraft(null)}
          />
        </form>
      )}
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : (
        <Table<AdminBanner>
          caption={t('banners.title')}
          captionHidden
          rows={list.data ?? []}
          rowKey={(b) => b.id}
          empty={t('banners.none')}
          columns={[
            {
              key: 'img',
              header: t('banners.image'),
              render: (b) => (
                <img
                  className="content-thumb"
                  src={b.image.variants[0]?.url}
                  alt={b.title}
                  width={120}
                  height={40}
                />
              ),
            },
            { key: 'group', header: t('banners.group'), render: (b) => b.groupName },
            { key: 'link', header: t('banners.link'), render: (b) => b.link ?? '—' },
            { key: 'lang', header: t('language'), render: (b) => b.language ?? t('allLanguages') },
            {
              key: 'when',
              header: t('schedule'),
              render: (b) =>
                `${formatDateTime(b.startsAt, i18n.language) || '…'} → ${formatDateTime(b.endsAt, i18n.language) || '…'}`,
            },
            { key: 'sort', header: t('sort'), numeric: true, render: (b) => b.sort },
            { key: 'on', header: t('enabled'), render: (b) => (b.enabled ? t('yes') : t('no')) },
            {
              key: 'act',
              header: t('actions'),
              render: (b) => <RowActions onEdit={() => edit(b)} remove={(h) => remove.mutate(b.id, h)} />,
            },
          ]}
        />
      )}
    </div>
  );
}

export function Select({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  labels?: (v: string) => string;
  onChange(v: string): void;
}) {
  return (
    <FieldShell label={label}>
      {({ inputId }) => (
        <select id={inputId} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {labels ? labels(o) : o}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
