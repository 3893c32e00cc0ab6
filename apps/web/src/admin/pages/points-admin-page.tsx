import { type PointsSettings, TICKET_KINDS, type TicketKind } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { errorText, NoteDialog } from './cashier-ui.tsx';
import {
  type AdminPointsProduct,
  type AdminRedemption,
  usePointsProductsAdmin,
  useRedeemQueue,
  useReviewRedemption,
  usePointsSettingsAdmin,
  useSavePointsProduct,
  useSavePointsSettings,
} from './points-admin-api.ts';

function ProductForm() {
  const { t } = useTranslation('promotions-admin');
  const save = useSavePointsProduct();
  const [name, setName] = useState('');
  const [nameNe, setNameNe] = useState('');
  const [description, setDescription] = useState('');
  const [descriptionNe, setDescriptionNe] = useState('');
  const { t: tt } = useTranslation('tickets-admin');
  const [kind, setKind] = useState<'cash' | 'physical' | 'ticket'>('cash');
  const [ticketKind, setTicketKind] = useState<TicketKind>('WHEEL');
  const [ticketCount, setTicketCount] = useState('1');
  const [points, setPoints] = useState('100');
  const [cashValue, setCashValue] = useState('10.00');
  const [stock, setStock] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        name,
        description,
        nameNe,
        descriptionNe,
        kind,
        points: Number(points),
        cashValue: kind === 'cash' ? cashValue : null,
        ticketKind: kind === 'ticket' ? ticketKind : null,
        ticketCount: kind === 'ticket' ? Number(ticketCount) || null : null,
        stock: stock === '' ? null : Number(stock),
        imageUrl: null,
        enabled: true,
        sort: 0,
      },
      { onSuccess: () => toast.success(t('points.saved')) },
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <BilingualField
        label={t('points.name')}
        en={name}
        ne={nameNe}
        onEn={(e) => setName(e.target.value)}
        onNe={(e) => setNameNe(e.target.value)}
      />
      <BilingualField
        label={t('points.description')}
        en={description}
        ne={descriptionNe}
        onEn={(e) => setDescription(e.target.value)}
        onNe={(e) => setDescriptionNe(e.target.value)}
      />
      <SelectField
        label={t('points.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as typeof kind)}
      >
        <option value="cash">{t('points.kinds.cash')}</option>
        <option value="physical">{t('points.kinds.physical')}</option>
        <option value="ticket">{t('points.kinds.ticket')}</option>
      </SelectField>
      {kind === 'ticket' && (
        <>
          <SelectField
            label={tt('f.kind')}
            value={ticketKind}
            onChange={(e) => setTicketKind(e.target.value as TicketKind)}
          >
            {TICKET_KINDS.map((k) => (
              <option key={k} value={k}>
                {tt(`kind.${k}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={tt('f.count')}
            inputMode="numeric"
            value={ticketCount}
            onChange={(e) => setTicketCount(e.target.value)}
          />
        </>
      )}
      <TextField
        label={t('points.points')}
        inputMode="numeric"
        value={points}
        onChange={(e) => setPoints(e.target.value)}
      />
      {kind === 'cash' && (
        <TextField
          label={t('points.cashValue')}
          inputMode="decimal"
          value={cashValue}
          onChange={(e) => setCashValue(e.target.value)}
        />
      )}
      <TextField
        label={t('points.stock')}
        inputMode="numeric"
        value={stock}
        onChange={(e) => setStock(e.target.value)}
      />
      {save.error && <p className="wallet-error">{errorText(save.error)}</p>}
      <Button type="submit" disabled={save.isPending}>
        {t('points.add')}
      </Button>
    </form>
  );
}

/** Points mall: the redeem queue (approve pays cash items; reject refunds points) and the products. */
/** How points are earned (valid bet per point), the mall's rules and what a point converts to. */
function SettingsForm({ initial }: { initial: PointsSettings }) {
  const { t } = useTranslation('promotions-admin');
  const save = useSavePointsSettings();
  const [betPerPoint, setBetPerPoint] = useState(initial.betPerPoint);
  const [rules, setRules] = useState(initial.rules);
  const [convertPerPoint, setConvertPerPoint] = useState(initial.convertPerPoint ?? '');
  const [convertMinPoints, setConvertMinPoints] = useState(String(initial.convertMinPoints));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        betPerPoint,
        rules,
        convertPerPoint: convertPerPoint.trim() === '' ? null : convertPerPoint.trim(),
        convertMinPoints: Number(convertMinPoints) || 1,
      },
      { onSuccess: () => toast.success(t('points.settingsSaved')) },
    );
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('points.settings')}>
      <TextField
        label={t('points.betPerPoint')}
        inputMode="decimal"
        value={betPerPoint}
        onChange={(e) => setBetPerPoint(e.target.value)}
      />
      <TextField
        label={t('points.rules')}
        value={rules}
        maxLength={4000}
        onChange={(e) => setRules(e.target.value)}
      />
      <TextField
        label={t('points.convertPerPoint')}
        inputMode="decimal"
        value={convertPerPoint}
        hint={t('points.convertHint')}
        onChange={(e) => setConvertPerPoint(e.target.value)}
      />
      <TextField
        label={t('points.convertMinPoints')}
        inputMode="numeric"
        value={convertMinPoints}
        onChange={(e) => setConvertMinPoints(e.target.value.replace(/\D/g, ''))}
      />
      {save.error && (
        <p className="wallet-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {t('points.saveSettings')}
      </Button>
    </form>
  );
}

export default function PointsAdminPage() {
  const { t } = useTranslation('promotions-admin');
  const { t: tt } = useTranslation('tickets-admin');
  const [status, setStatus] = useState('process');
  const [page, setPage] = useState(1);
  const queue = useRedeemQueue({ pageNo: page, status });
  const products = usePointsProductsAdmin();
  const review = useReviewRedemption();
  const settings = usePointsSettingsAdmin();
  const [rejecting, setRejecting] = useState<AdminRedemption | null>(null);
  return (
    <div className="admin-page">
      <PageHeader title={t('points.title')} lead={t('points.lead')} />
      <SelectField
        label={t('applications.status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
      >
        {(['process', 'approved', 'rejected'] as const).map((s) => (
          <option key={s} value={s}>
            {t(`points.status.${s}`)}
          </option>
        ))}
      </SelectField>
      {queue.isPending ? (
        <Loader label={t('loading')} />
      ) : queue.error ? (
        <p className="wallet-error">{errorText(queue.error)}</p>
      ) : (
        <>
          <Table<AdminRedemption>
            caption={t('points.queue')}
            rows={queue.data.content}
            rowKey={(r) => r.id}
            empty={t('points.none')}
            columns={[
              { key: 'id', header: '#', numeric: true, render: (r) => r.id },
              { key: 'account', header: t('applications.account'), render: (r) => r.account },
              { key: 'product', header: t('points.name'), render: (r) => r.productName },
              { key: 'points', header: t('points.points'), numeric: true, render: (r) => r.points },
              { key: 'address', header: t('points.address'), render: (r) => r.address ?? '—' },
              {
                key: 'actions',
                header: t('applications.actions'),
                render: (r) =>
                  r.status === 'process' ? (
                    <span className="chip-row">
                      <Button
                        size="sm"
                        disabled={review.isPending}
                        aria-label={t('points.approveOne', { id: r.id })}
                        onClick={() =>
                          review.mutate(
                            { id: r.id, approve: true },
                            {
                              onSuccess: () => toast.success(t('points.approved', { id: r.id })),
                              onError: (e) => toast.error(errorText(e)),
                            },
                          )
                        }
                      >
                        {t('applications.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={t('points.rejectOne', { id: r.id })}
                        onClick={() => setRejecting(r)}
                      >
                        {t('applications.reject')}
                      </Button>
                    </span>
                  ) : (
                    (r.reviewNote ?? t(`points.status.${r.status}`))
                  ),
              },
            ]}
          />
          <Pagination
            page={page}
            totalPages={queue.data.totalPages}
            onChange={setPage}
            labels={{
              nav: t('pager.nav'),
              previous: t('pager.previous'),
              next: t('pager.next'),
              page: (n) => t('pager.page', { n }),
            }}
          />
        </>
      )}
      <h2 className="section-title">{t('points.products')}</h2>
      {products.data && (
        <Table<AdminPointsProduct>
          caption={t('points.products')}
          captionHidden
          rows={products.data}
          rowKey={(p) => p.id}
          empty={t('points.noProducts')}
          columns={[
            { key: 'name', header: t('points.name'), render: (p) => p.name },
            { key: 'kind', header: t('points.kind'), render: (p) => t(`points.kinds.${p.kind}`) },
            { key: 'points', header: t('points.points'), numeric: true, render: (p) => p.points },
            {
              key: 'cash',
              header: t('points.cashValue'),
              numeric: true,
              render: (p) =>
                p.cashValue ?? (p.ticketKind ? `${p.ticketCount ?? 1} × ${tt(`kind.${p.ticketKind}`)}` : '—'),
            },
            { key: 'stock', header: t('points.stock'), numeric: true, render: (p) => p.stock ?? '∞' },
          ]}
        />
      )}
      <h2 className="section-title">{t('points.settings')}</h2>
      {settings.data ? <SettingsForm initial={settings.data} /> : <Loader label={t('points.settings')} />}
      <h2 className="section-title">{t('points.add')}</h2>
      <ProductForm />
      {rejecting && (
        <NoteDialog
          title={t('points.rejectOne', { id: rejecting.id })}
          label={t('applications.note')}
          submitLabel={t('applications.reject')}
          danger
          maxLength={200}
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(note) =>
            review.mutateAsync({ id: rejecting.id, approve: false, note }).then(
              () => setRejecting(null),
              (e) => toast.error(errorText(e)),
            )
          }
        />
      )}
    </div>
  );
}
