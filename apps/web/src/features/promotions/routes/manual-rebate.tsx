import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { Table } from '../../../shared/ui/table.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { useClaimRebate, useRebatePreview } from '../api/rebate.ts';
import '../promotions.css';

type Line = { gameType: string; validStake: string; rateBp: number; amount: string };

/** Member centre › manualRebate (MANPLAYREB3): the rebate on valid bets since the last claim, claimed once a day. */
export default function ManualRebatePage() {
  const { t } = useTranslation('promotions');
  const preview = useRebatePreview();
  const claim = useClaimRebate();
  if (preview.isPending) return <Loader label={t('loading')} />;
  if (preview.error) return <p className="wallet-error">{preview.error.message}</p>;
  const p = preview.data;
  return (
    <div className="stack">
      <p>
        {t('rebate.available')}{' '}
        <strong data-testid="rebate-amount">
          <Money value={p.amount} />
        </strong>
      </p>
      <p className="muted small">
        {p.since
          ? t('rebate.since', { date: p.since.slice(0, 16).replace('T', ' ') })
          : t('rebate.sinceStart')}
      </p>
      <Table<Line>
        caption={t('rebate.lines')}
        rows={p.lines}
        rowKey={(l) => l.gameType}
        empty={t('rebate.none')}
        columns={[
          { key: 'type', header: t('rebate.gameType'), render: (l) => l.gameType },
          {
            key: 'stake',
            header: t('rebate.validStake'),
            numeric: true,
            render: (l) => <Money value={l.validStake} />,
          },
          {
            key: 'rate',
            header: t('rebate.rate'),
            numeric: true,
            render: (l) => `${(l.rateBp / 100).toFixed(2)}%`,
          },
          {
            key: 'amount',
            header: t('rebate.amount'),
            numeric: true,
            render: (l) => <Money value={l.amount} />,
          },
        ]}
      />
      {p.claimedToday && <p className="muted">{t('rebate.claimedToday')}</p>}
      <Button
        disabled={claim.isPending || p.claimedToday || p.amount === '0.00'}
        onClick={() =>
          claim.mutate(undefined, {
            onSuccess: (r) => toast.success(t('rebate.paid', { amount: r.amount })),
            onError: (e) => toast.error(e.message),
          })
        }
      >
        {t('rebate.claim')}
      </Button>
      <p className="muted small">{t('rebate.rules')}</p>
    </div>
  );
}
