import type { SeamlessVendor } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { EditDialog, saveThenClose } from './edit-dialog.tsx';
import {
  type AdminVendor,
  useAdminVendors,
  usePatchSeamless,
  usePatchVendor,
  useRotateSecret,
  useSeamlessVendors,
  type VendorSecret,
} from './games-api.ts';
import { FlagSwitch } from './flag-switch.tsx';
import './games-admin.css';

const CODE_RE = /^[A-Z0-9_]{1,32}$/;

/** Enable and maintenance switches of a catalogue vendor, saved at once (audited). */
function VendorFlag({ vendor, flag }: { vendor: AdminVendor; flag: 'enabled' | 'maintenance' }) {
  const { t } = useTranslation('games-admin');
  const patch = usePatchVendor();
  return (
    <FlagSwitch
      on={vendor[flag]}
      label={t(`flagOf.${flag}`, { name: vendor.code })}
      pending={patch.isPending}
      save={(value, h) => patch.mutate({ code: vendor.code, patch: { [flag]: value } }, h)}
    />
  );
}

/** Order, launch URL template and wallet vendor of one catalogue vendor. */
function VendorSettings({ vendor, onClose }: { vendor: AdminVendor; onClose(): void }) {
  const { t } = useTranslation('games-admin');
  const patch = usePatchVendor();
  const [sort, setSort] = useState(String(vendor.sort));
  const [template, setTemplate] = useState(vendor.launchUrlTemplate);
  const [wallet, setWallet] = useState(vendor.walletVendor ?? '');
  const [error, setError] = useState<string | null>(null);
  return (
    <EditDialog
      ns="games-admin"
      title={t('vendors.editTitle', { code: vendor.code })}
      error={error}
      pending={patch.isPending}
      onSave={() => {
        if (!/^\d{1,7}$/.test(sort) || Number(sort) > 1_000_000) return setError(t('orderInvalid'));
        if (!template.includes('{token}') || template.length > 500)
          return setError(t('vendors.templateInvalid'));
        if (wallet && !CODE_RE.test(wallet)) return setError(t('vendors.codeInvalid'));
        setError(null);
        patch.mutate(
          {
            code: vendor.code,
            patch: { sort: Number(sort), launchUrlTemplate: template, walletVendor: wallet || null },
          },
          saveThenClose(t('saved'), onClose, setError),
        );
      }}
      onClose={onClose}
    >
      <TextField
        label={t('cols.order')}
        inputMode="numeric"
        value={sort}
        onChange={(e) => setSort(e.target.value.trim())}
      />
      <TextField
        label={t('vendors.template')}
        hint={t('vendors.templateHint')}
        value={template}
        maxLength={500}
        onChange={(e) => setTemplate(e.target.value)}
      />
      <TextField
        label={t('vendors.walletVendor')}
        hint={t('vendors.walletVendorHint')}
        value={wallet}
        maxLength={32}
        onChange={(e) => setWallet(e.target.value.trim().toUpperCase())}
      />
    </EditDialog>
  );
}

/** The new secret, shown this one time: the operator copies it into the vendor's configuration. */
function SecretShown({ secret, onClose }: { secret: VendorSecret; onClose(): void }) {
  const { t } = useTranslation('games-admin');
  return (
    <Modal
      open
      onClose={onClose}
      title={t('seamless.newSecret', { code: secret.code })}
      closeLabel={t('close')}
      size="sm"
    >
      <p>{t('seamless.shownOnce')}</p>
      <code className="games-admin__secret" data-testid="vendor-secret">
        {secret.secret}
      </code>
      {secret.secretSource === 'env' && <p className="wallet-error">{t('seamless.envOverrides')}</p>}
      <div className="wallet-actions">
        <Button onClick={onClose}>{t('seamless.copied')}</Button>
      </div>
    </Modal>
  );
}

/** Rotating a secret breaks the vendor until it has the new one: asked for first. */
function RotateButton({
  code,
  onRotated,
  label,
}: {
  code: string;
  onRotated(s: VendorSecret): void;
  label?: string;
}) {
  const { t } = useTranslation('games-admin');
  const rotate = useRotateSecret();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setAsking(true)}>
        {label ?? t('seamless.rotate')}
      </Button>
      {asking && (
        <Modal
          open
          onClose={() => setAsking(false)}
          title={t('seamless.rotateTitle', { code })}
          closeLabel={t('close')}
          size="sm"
        >
          <p>{t('seamless.rotateWarn', { code })}</p>
          <div className="wallet-actions">
            <Button
              variant="danger"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(code, {
                  onSuccess: (s) => {
                    setAsking(false);
                    onRotated(s);
                  },
                  onError: (err) => toast.error(errorText(err)),
                })
              }
            >
              {t('seamless.rotateConfirm')}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('cancel')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

function SeamlessFlag({ vendor, flag }: { vendor: SeamlessVendor; flag: 'enabled' | 'allowBetlessWins' }) {
  const { t } = useTranslation('games-admin');
  const patch = usePatchSeamless();
  return (
    <FlagSwitch
      on={vendor[flag]}
      label={t(`flagOf.${flag}`, { name: vendor.code })}
      pending={patch.isPending}
      save={(value, h) => patch.mutate({ code: vendor.code, patch: { [flag]: value } }, h)}
    />
  );
}

/** Catalogue vendors (switches, order, launch URL) and the seamless vendors that sign wallet calls. */
export default function GamesVendorsPage() {
  const { t, i18n } = useTranslation('games-admin');
  const vendors = useAdminVendors();
  const seamless = useSeamlessVendors();
  const [editing, setEditing] = useState<AdminVendor | null>(null);
  const [shown, setShown] = useState<VendorSecret | null>(null);
  const [newCode, setNewCode] = useState('');
  const name = (v: AdminVendor) => (i18n.language === 'ne' ? v.nameNe : v.nameEn);
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('vendors.title')} lead={t('vendors.lead')} />
      {vendors.isPending ? (
        <Loader label={t('loading')} />
      ) : vendors.error ? (
        <p className="wallet-error">{errorText(vendors.error)}</p>
      ) : (
        <Table<AdminVendor>
          caption={t('vendors.title')}
          captionHidden
          rows={vendors.data.list}
          rowKey={(v) => v.code}
          empty={t('vendors.none')}
          columns={[
            {
              key: 'vendor',
              header: t('vendor'),
              render: (v) => (
                <>
                  <strong>{v.code}</strong> {name(v)}
                  <div className="games-admin__muted">
                    {v.categories.join(', ')} · {t('vendors.games', { count: v.gameCount })}
                  </div>
                </>
              ),
            },
            {
              key: 'enabled',
              header: t('cols.enabled'),
              render: (v) => <VendorFlag vendor={v} flag="enabled" />,
            },
            {
              key: 'maintenance',
              header: t('cols.maintenance'),
              render: (v) => <VendorFlag vendor={v} flag="maintenance" />,
            },
            { key: 'order', header: t('cols.order'), numeric: true, render: (v) => v.sort },
            {
              key: 'wallet',
              header: t('vendors.walletVendor'),
              render: (v) => (
                <>
                  <code>{v.walletVendor ?? v.code}</code>
                  <div className="games-admin__muted">
                    {v.secretConfigured ? t('vendors.secretOk') : t('vendors.secretMissing')}
                  </div>
                </>
              ),
            },
            {
              key: 'edit',
              header: t('vendors.settings'),
              render: (v) => (
                <Button size="sm" variant="ghost" onClick={() => setEditing(v)}>
                  {t('vendors.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}

      <section className="games-admin__section" aria-labelledby="seamless-title">
        <h2 id="seamless-title">{t('seamless.title')}</h2>
        <p className="games-admin__muted">{t('seamless.lead')}</p>
        {seamless.isPending ? (
          <Loader label={t('loading')} />
        ) : seamless.error ? (
          <p className="wallet-error">{errorText(seamless.error)}</p>
        ) : (
          <Table<SeamlessVendor>
            caption={t('seamless.title')}
            captionHidden
            rows={seamless.data}
            rowKey={(v) => v.code}
            empty={t('seamless.none')}
            columns={[
              { key: 'code', header: t('vendor'), render: (v) => <code>{v.code}</code> },
              {
                key: 'secret',
                header: t('seamless.secret'),
                render: (v) =>
                  `${t(`seamless.source.${v.secretSource}`)}${v.secretHint ? ` ${v.secretHint}` : ''}`,
              },
              {
                key: 'enabled',
                header: t('cols.enabled'),
                render: (v) => <SeamlessFlag vendor={v} flag="enabled" />,
              },
              {
                key: 'betless',
                header: t('seamless.betless'),
                render: (v) => <SeamlessFlag vendor={v} flag="allowBetlessWins" />,
              },
              {
                key: 'rotate',
                header: t('seamless.secret'),
                render: (v) => <RotateButton code={v.code} onRotated={setShown} />,
              },
            ]}
          />
        )}
        <form className="wallet-toolbar" onSubmit={(e) => e.preventDefault()} aria-label={t('seamless.add')}>
          <TextField
            label={t('seamless.newCode')}
            value={newCode}
            maxLength={32}
            onChange={(e) => setNewCode(e.target.value.trim().toUpperCase())}
          />
          {CODE_RE.test(newCode) && (
            <RotateButton
              code={newCode}
              label={t('seamless.add')}
              onRotated={(s) => {
                setNewCode('');
                setShown(s);
              }}
            />
          )}
        </form>
      </section>
      {editing && <VendorSettings vendor={editing} onClose={() => setEditing(null)} />}
      {shown && <SecretShown secret={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
