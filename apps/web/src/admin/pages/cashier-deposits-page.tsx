import { DEPOSIT_STATUSES } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../features/wallet/lib/money.ts';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import {
  type AdminDeposit,
  approveDeposit,
  checkProviderDeposit,
  rejectDeposit,
  useCashierAction,
  useDepositQueue,
} from './cashier-api.ts';
import { Amount, errorText, NoteDialog, ProofButton, useAdminPager } from './cashier-ui.tsx';

type Status = (typeof DEPOSIT_STATUSES)[number];

const providerLabel = (p: string) => (p === 'khalti' ? 'Khalti' : 'eSewa');

/**
 * A provider deposit's references and reconciliation (issue 29): our order id, Khalti's pidx,
 * the provider's reference once it confirmed, its last status, and when reconciliation asks next.
 */
function ProviderState({ d }: { d: AdminDeposit }) {
  const { t, i18n } = useTranslation('wallet-admin');
  const g = d.gateway!;
  return (
    <span className="small" data-testid={`provider-state-${d.id}`}>
      <strong>{providerLabel(g.provider)}</strong> · {t(`deposits.orderState.${g.state}`)}
      <br />
      <span className="muted">
        {t('deposits.order')} {g.orderId}
        {g.pidx && ` · pidx ${g.pidx}`}
        {g.providerRef && ` · ${t('deposits.providerRef')} ${g.providerRef}`}
      </span>
      <br />
      <span className="muted">
        {t('deposits.reconcile', { status: g.providerStatus ?? '—', checks: g.checks })}
        {g.nextCheckAt && ` · ${t('deposits.nextCheck', { at: formatTime(g.nextCheckAt, i18n.language) })}`}
        {g.lastError && ` · ${g.lastError}`}
      </span>
    </span>
  );
}

/** Deposit queue: oldest pending first; approve credits the member, reject tells them why. */
export default function CashierDepositsPage() {
  const { t, i18n } = useTranslation('wallet-admin');
  const [status, setStatus] = useState<Status | ''>('pending');
  const [page, setPage] = useState(1);
  const queue = useDepositQueue({ status: status || undefined, pageNo: page, pageSize: 20 });
  const approve = useCashierAction(approveDeposit);
  const reject = useCashierAction(rejectDeposit);
  const check = useCashierAction(checkProviderDeposit);
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);
  const [approving, setApproving] = useState<AdminDeposit | null>(null);
  const restate = (d: AdminDeposit) => ({
    id: d.id,
    account: d.account,
    amount: formatMoney(d.amount),
    channel: d.channelCode,
    reference: d.reference,
  });
  const pager = useAdminPager();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('deposits.title')} lead={t('deposits.lead')} />
      <div className="wallet-toolbar">
        <SelectField
          label={t('status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | '');
            setPage(1);
          }}
        >
          <option value="">{t('all')}</option>
          {DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`depositStatus.${s}`)}
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
          <Table<AdminDeposit>
            caption={t('deposits.title')}
            captionHidden
            rows={queue.data.content}
            rowKey={(r) => r.id}
            empty={t('deposits.none')}
            columns={[
              { key: 'id', header: t('cols.id'), render: (r) => <span className="num">{r.id}</span> },
              { key: 'time', header: t('cols.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
              { key: 'account', header: t('cols.player'), render: (r) => r.account },
              { key: 'channel', header: t('cols.channel'), render: (r) => r.channelCode },
              {
                key: 'amount',
                header: t('cols.amount'),
                numeric: true,
                render: (r) => <Amount value={r.amount} />,
              },
              { key: 'reference', header: t('cols.reference'), render: (r) => r.reference },
              {
                key: 'provider',
                header: t('cols.provider'),
                render: (r) => (r.gateway ? <ProviderState d={r} /> : '—'),
              },
              {
                key: 'proof',
                header: t('cols.proof'),
                render: (r) =>
                  r.proofUrl ? (
                    <ProofButton url={r.proofUrl} label={t('proof.deposit', { id: r.id })} />
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'status',
                header: t('cols.status'),
                render: (r) => (
                  <span>
                    {t(`depositStatus.${r.status}`)}
                    {r.reviewedBy && <span className="muted small"> · {r.reviewedBy}</span>}
                    {r.reviewNote && <span className="muted small"> · {r.reviewNote}</span>}
                  </span>
                ),
              },
              {
                key: 'actions',
                header: t('cols.actions'),
                render: (r) =>
                  r.gateway ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={check.isPending && check.variables === r.id}
                      aria-label={t('deposits.checkLabel', {
                        id: r.id,
                        provider: providerLabel(r.gateway.provider),
                      })}
                      onClick={() =>
                        check.mutate(r.id, {
                          onSuccess: (res) =>
                            toast.success(
                              t('deposits.checked', {
                                id: r.id,
                                outcome: t(`deposits.outcome.${res.outcome}`),
                              }),
                            ),
                          onError: (e) => toast.error(errorText(e)),
                        })
                      }
                    >
                      {t('deposits.check')}
                    </Button>
                  ) : r.status === 'pending' ? (
                    <div className="wallet-actions">
                      <Button
                        size="sm"
                        loading={approve.isPending && approve.variables === r.id}
                        aria-label={t('deposits.approveLabel', { id: r.id, account: r.account })}
                        onClick={() => setApproving(r)}
                      >
                        {t('deposits.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={t('deposits.rejectLabel', { id: r.id, account: r.account })}
                        onClick={() => setRejecting(r)}
                      >
                        {t('reject')}
                      </Button>
                    </div>
                  ) : null,
              },
            ]}
          />
          <Pagination page={page} totalPages={queue.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
      {approving && (
        <ConfirmDialog
          open
          title={t('deposits.approveTitle', { id: approving.id })}
          confirmLabel={t('deposits.approve')}
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          busy={approve.isPending}
          onCancel={() => setApproving(null)}
          onConfirm={() =>
            approve.mutate(approving.id, {
              onSuccess: () => {
                toast.success(t('deposits.approved', { id: approving.id }));
                setApproving(null);
              },
              onError: (e) => toast.error(errorText(e)),
            })
          }
        >
          <p className="wallet-confirm">{t('deposits.confirmApprove', restate(approving))}</p>
        </ConfirmDialog>
      )}
      {rejecting && (
        <NoteDialog
          summary={t('deposits.confirmReject', restate(rejecting))}
          title={t('deposits.rejectTitle', { id: rejecting.id })}
          label={t('noteToMember')}
          submitLabel={t('reject')}
          danger
          pending={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(note) =>
            reject
              .mutateAsync({ id: rejecting.id, note })
              .then(() => toast.success(t('deposits.rejected', { id: rejecting.id })))
          }
        />
      )}
    </div>
  );
}
