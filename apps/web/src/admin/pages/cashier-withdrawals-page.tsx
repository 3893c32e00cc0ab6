import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../features/wallet/lib/money.ts';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import {
  type AdminWithdrawal,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
  useCashierAction,
  useWithdrawalQueue,
} from './cashier-api.ts';
import { Amount, errorText, NoteDialog, ProofButton, useAdminPager } from './cashier-ui.tsx';

/** The queue's views: pending requests, investigations (not received), and the rest by status. */
const VIEWS = ['pending', 'investigations', 'paid', 'rejected', 'all'] as const;
type View = (typeof VIEWS)[number];
const queryOf = (view: View) =>
  view === 'investigations' ? { receiptStatus: 'not_received' } : view === 'all' ? {} : { status: view };

/** Withdrawal queue: pay (approve and pay out) or reject; close not-received investigations. */
export default function CashierWithdrawalsPage() {
  const { t, i18n } = useTranslation('wallet-admin');
  const [view, setView] = useState<View>('pending');
  const [page, setPage] = useState(1);
  const queue = useWithdrawalQueue({ ...queryOf(view), pageNo: page, pageSize: 20 });
  const pay = useCashierAction(payWithdrawal);
  const reject = useCashierAction(rejectWithdrawal);
  const resolve = useCashierAction(resolveWithdrawal);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [paying, setPaying] = useState<AdminWithdrawal | null>(null);
  const restate = (w: AdminWithdrawal) => ({
    id: w.id,
    account: w.account,
    amount: formatMoney(w.amount),
    payTo: `${w.payout.provider} · ${w.payout.accountNumber} · ${w.payout.accountName}`,
  });
  const [resolving, setResolving] = useState<AdminWithdrawal | null>(null);
  const [outcome, setOutcome] = useState<'paid_again' | 'refunded'>('paid_again');
  const pager = useAdminPager();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('withdrawals.title')} lead={t('withdrawals.lead')} />
      <div className="wallet-toolbar">
        <SelectField
          label={t('view')}
          value={view}
          onChange={(e) => {
            setView(e.target.value as View);
            setPage(1);
          }}
        >
          {VIEWS.map((v) => (
            <option key={v} value={v}>
              {t(`withdrawals.views.${v}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {queue.isPending ? (
        <Loader label={t('loading')} />
      ) : queue.error ? (
        <p className="wallet-error">{errorText(queue.error)}</p>
      ) : (
        <>
          <Table<AdminWithdrawal>
            caption={t('withdrawals.title')}
            captionHidden
            rows={queue.data.content}
            rowKey={(r) => r.id}
            empty={t('withdrawals.none')}
            columns={[
              { key: 'id', header: t('cols.id'), render: (r) => <span className="num">{r.id}</span> },
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
              { key: 'account', header: t('cols.player'), render: (r) => r.account },
              {
                key: 'payout',
                header: t('cols.payout'),
                render: (r) => (
                  <span className="small">
                    {r.payout.provider} · <span className="num">{r.payout.accountNumber}</span> ·{' '}
                    {r.payout.accountName}
                  </span>
                ),
              },
              {
                key: 'amount',
                header: t('cols.amount'),
                numeric: true,
                render: (r) => <Amount value={r.amount} />,
              },
              {
                key: 'status',
                header: t('cols.status'),
                render: (r) => (
                  <span>
                    {t(`withdrawStatus.${r.status}`)}
                    {r.reviewedBy && <span className="muted small"> · {r.reviewedBy}</span>}
                    {r.reviewNote && <span className="muted small"> · {r.reviewNote}</span>}
                    {r.payoutReference && (
                      <span className="muted small">
                        {' '}
                        · {t('withdrawals.referenceShort')} <span className="num">{r.payoutReference}</span>
                      </span>
                    )}
                  </span>
                ),
              },
              {
                key: 'receipt',
                header: t('cols.receipt'),
                render: (r) =>
                  r.receiptStatus ? (
                    <span className="small">
                      {t(`receiptStatus.${r.receiptStatus}`)}
                      {r.receiptStatus === 'partial' || r.receiptStatus === 'not_received' ? (
                        <>
                          {' · '}
                          {t('remainder')} <Amount value={r.remainder} />
                        </>
                      ) : null}
                      {r.receiptNote && <span className="muted"> · {r.receiptNote}</span>}
                      {r.resolution && (
                        <span className="muted">
                          {' '}
                          · {t(`resolution.${r.resolution}`, { defaultValue: r.resolution })}
                        </span>
                      )}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'proof',
                header: t('cols.proof'),
                render: (r) =>
                  r.receiptProofUrl ? (
                    <ProofButton url={r.receiptProofUrl} label={t('proof.receipt', { id: r.id })} />
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'actions',
                header: t('cols.actions'),
                render: (r) => (
                  <div className="wallet-actions">
                    {r.status === 'pending' && (
                      <>
                        <Button
                          size="sm"
                          loading={pay.isPending && pay.variables?.id === r.id}
                          aria-label={t('withdrawals.payLabel', { id: r.id, account: r.account })}
                          onClick={() => setPaying(r)}
                        >
                          {t('withdrawals.pay')}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          aria-label={t('withdrawals.rejectLabel', { id: r.id, account: r.account })}
                          onClick={() => setRejecting(r)}
                        >
                          {t('reject')}
                        </Button>
                      </>
                    )}
                    {r.receiptStatus === 'not_received' && (
                      <Button size="sm" variant="secondary" onClick={() => setResolving(r)}>
                        {t('withdrawals.resolve')}
                      </Button>
                    )}
                  </div>
                ),
              },
            ]}
          />
          <Pagination page={page} totalPages={queue.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
      {paying && (
        <NoteDialog
          title={t('withdrawals.payTitle', { id: paying.id })}
          summary={t('withdrawals.confirmPay', restate(paying))}
          label={t('withdrawals.reference')}
          requiredText={t('withdrawals.referenceRequired')}
          singleLine
          maxLength={100}
          submitLabel={t('withdrawals.pay')}
          pending={pay.isPending}
          onClose={() => setPaying(null)}
          onSubmit={(reference) =>
            pay
              .mutateAsync({ id: paying.id, reference })
              .then(() => toast.success(t('withdrawals.paid', { id: paying.id })))
          }
        />
      )}
      {rejecting && (
        <NoteDialog
          summary={t('withdrawals.confirmReject', restate(rejecting))}
          title={t('withdrawals.rejectTitle', { id: rejecting.id })}
          label={t('noteToMember')}
          submitLabel={t('reject')}
          danger
          pending={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(note) =>
            reject
              .mutateAsync({ id: rejecting.id, note })
              .then(() => toast.success(t('withdrawals.rejected', { id: rejecting.id })))
          }
        />
      )}
      {resolving && (
        <NoteDialog
          title={t('withdrawals.resolveTitle', { id: resolving.id })}
          label={t('note')}
          submitLabel={t('withdrawals.resolve')}
          pending={resolve.isPending}
          onClose={() => setResolving(null)}
          onSubmit={(note) =>
            resolve
              .mutateAsync({ id: resolving.id, outcome, note })
              .then(() => toast.success(t('withdrawals.resolved', { id: resolving.id })))
          }
        >
          <fieldset className="wallet-choices">
            <legend className="field__label">{t('withdrawals.resolveHow')}</legend>
            {(['paid_again', 'refunded'] as const).map((o) => (
              <label key={o}>
                <input type="radio" name="resolve" checked={outcome === o} onChange={() => setOutcome(o)} />
                {t(`resolution.${o}`)}
              </label>
            ))}
          </fieldset>
        </NoteDialog>
      )}
    </div>
  );
}
