import { KYC_DOCUMENT_KINDS, type KycDocument } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { useLocale } from '../../features/wallet/lib/use-locale.ts';
import { ApiError } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell, SelectField, TextField } from '../../shared/ui/field.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { adminToken } from '../session-store.ts';
import { errorText, NoteDialog, ProofButton } from './cashier-ui.tsx';
import { type PlayerProfile, reviewKyc, setIdentity, uploadKyc, usePlayerAction } from './players-api.ts';

type Kind = KycDocument['kind'];

/** KYC: ID number and date of birth, documents (upload, view, approve / reject with a reason). */
export function PlayerKycTab({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players-admin');
  const locale = useLocale();
  const kyc = player.kyc;
  const [rejecting, setRejecting] = useState<KycDocument | null>(null);
  const review = usePlayerAction(player.id, (a: { doc: string; approve: boolean; reason?: string }) =>
    reviewKyc(player.id, a.doc, a.approve, a.reason),
  );
  if (!kyc) return null;
  return (
    <div className="player-kyc">
      <p>
        {t('kyc.status')}: <strong>{t(`kyc.statusOption.${kyc.status}`)}</strong>
      </p>
      <IdentityForm player={player} />
      <UploadForm id={player.id} />
      <Table<KycDocument>
        caption={t('kyc.documents')}
        rows={kyc.documents}
        rowKey={(d) => d.id}
        empty={t('kyc.none')}
        columns={[
          { key: 'kind', header: t('kyc.kind'), render: (d) => t(`kyc.kindOption.${d.kind}`) },
          { key: 'at', header: t('kyc.uploadedAt'), render: (d) => formatTime(d.createdAt, locale) },
          {
            key: 'status',
            header: t('kyc.status'),
            render: (d) => `${t(`kyc.statusOption.${d.status}`)}${d.reason ? ` — ${d.reason}` : ''}`,
          },
          {
            key: 'file',
            header: t('kyc.file'),
            render: (d) =>
              d.mime === 'application/pdf' ? (
                <PdfLink url={d.url} />
              ) : (
                <ProofButton url={d.url} label={t('kyc.file')} />
              ),
          },
          {
            key: 'actions',
            header: t('kyc.review'),
            render: (d) =>
              d.status === 'pending' ? (
                <span className="player-head__actions">
                  <Button
                    size="sm"
                    disabled={review.isPending}
                    onClick={() =>
                      review.mutate(
                        { doc: d.id, approve: true },
                        { onError: (e) => toast.error(errorText(e)) },
                      )
                    }
                  >
                    {t('kyc.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setRejecting(d)}>
                    {t('kyc.reject')}
                  </Button>
                </span>
              ) : (
                (d.reviewedBy ?? '—')
              ),
          },
        ]}
      />
      {rejecting && (
        <NoteDialog
          title={t('kyc.reject')}
          label={t('kyc.reason')}
          submitLabel={t('kyc.reject')}
          danger
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => review.mutateAsync({ doc: rejecting.id, approve: false, reason })}
        />
      )}
    </div>
  );
}

/** PDFs are served as attachments: fetched with the operator token, then saved. */
function PdfLink({ url }: { url: string }) {
  const { t } = useTranslation('players-admin');
  const download = async () => {
    const res = await fetch(url, { headers: { token: adminToken() ?? '' } });
    if (!res.ok) {
      toast.error(t('kyc.downloadFailed'));
      return;
    }
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = 'kyc.pdf';
    a.click();
    URL.revokeObjectURL(href);
  };
  return (
    <Button size="sm" variant="ghost" onClick={download}>
      {t('kyc.download')}
    </Button>
  );
}

function IdentityForm({ player }: { player: PlayerProfile }) {
  const { t } = useTranslation('players-admin');
  const [form, setForm] = useState({
    idNumber: player.kyc?.idNumber ?? '',
    birthday: player.kyc?.birthday ?? '',
    payeeName: player.payeeName ?? '',
  });
  // The real name: the player sets it once; after that only here, audited (issue 27). Sent only
  // when changed, so saving the ID number never rewrites it.
  const name = form.payeeName.trim().replace(/\s+/g, ' ');
  const nameChanged = name !== (player.payeeName ?? '');
  const save = usePlayerAction(player.id, () =>
    setIdentity(player.id, {
      idNumber: form.idNumber.trim() || null,
      birthday: form.birthday || null,
      ...(nameChanged ? { payeeName: name || null } : {}),
    }),
  );
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(undefined, { onSuccess: () => toast.success(t('saved')) });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField
        label={t('field.realName')}
        value={form.payeeName}
        maxLength={100}
        hint={t('kyc.realNameHint')}
        error={fields.payeeName}
        onChange={(e) => setForm({ ...form, payeeName: e.target.value })}
      />
      <TextField
        label={t('kyc.idNumber')}
        value={form.idNumber}
        maxLength={40}
        error={fields.idNumber}
        onChange={(e) => setForm({ ...form, idNumber: e.target.value })}
      />
      <TextField
        label={t('kyc.birthday')}
        type="date"
        value={form.birthday}
        error={fields.birthday}
        onChange={(e) => setForm({ ...form, birthday: e.target.value })}
      />
      {save.error && !Object.keys(fields).length && <p role="alert">{errorText(save.error)}</p>}
      <Button type="submit" size="sm" loading={save.isPending}>
        {t('kyc.saveIdentity')}
      </Button>
    </form>
  );
}

function UploadForm({ id }: { id: number }) {
  const { t } = useTranslation('players-admin');
  const [kind, setKind] = useState<Kind>('id_front');
  const [file, setFile] = useState<File | null>(null);
  const upload = usePlayerAction(id, (f: File) => uploadKyc(id, kind, f));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file, { onSuccess: () => toast.success(t('kyc.uploaded')) });
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <SelectField label={t('kyc.kind')} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
        {KYC_DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kyc.kindOption.${k}`)}
          </option>
        ))}
      </SelectField>
      <FieldShell
        label={t('kyc.file')}
        hint={t('kyc.fileHint')}
        error={upload.error ? errorText(upload.error) : undefined}
      >
        {({ inputId, describedBy }) => (
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,application/pdf"
            aria-describedby={describedBy}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </FieldShell>
      <Button type="submit" size="sm" disabled={!file} loading={upload.isPending}>
        {t('kyc.upload')}
      </Button>
    </form>
  );
}
