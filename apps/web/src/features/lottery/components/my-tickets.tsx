import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type LotteryTicket, useCancelTicket } from '../api/lottery.ts';
import { formatNepalTime } from '../lib/time.ts';

/** Where an official draw's result came from and who approved it (issue 28). */
export function OfficialSource({ official }: { official: NonNullable<LotteryTicket['official']> }) {
  const { t } = useTranslation('lottery');
  return (
    <p className="small muted" data-testid="ticket-source">
      {t('official.source', { source: t(`official.sourceName.${official.source}`) })} ·{' '}
      {official.approvedBy
        ? t('official.approvedBy', { name: official.approvedBy })
        : t('official.approvedAuto')}
    </p>
  );
}

/** My tickets of this game: open ones can be cancelled before the cut-off; settled ones show hits and payout. */
export function MyTickets({ tickets }: { tickets: LotteryTicket[] }) {
  const { t } = useTranslation('lottery');
  const cancel = useCancelTicket();
  const onCancel = async (id: string) => {
    try {
      await cancel.mutateAsync(id);
      toast.success(t('tickets.cancelled'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section className="card lt-tickets" aria-label={t('tickets.title')}>
      <h2 className="lt-h">{t('tickets.title')}</h2>
      {tickets.length === 0 && <p className="small muted">{t('tickets.none')}</p>}
      <ul className="lt-lines">
        {tickets.map((x) => (
          <li
            key={x.ticketId}
            className="lt-ticket"
            data-testid="ticket"
            data-status={x.status}
            data-draw={x.drawId}
          >
            <div className="lt-row">
              <span className="small">
                {formatNepalTime(x.drawTime)} ·{' '}
                <span data-testid="ticket-status">
                  {x.status === 'open' && x.drawStatus === 'waiting'
                    ? t('official.waiting')
                    : t(`status.${x.status}`)}
                </span>
              </span>
              <span className="num small">
                {t('tickets.cost')} {x.cost}
                {Number(x.commission) > 0 && (
                  <>
                    {' '}
                    · {t('tickets.commission')} <span data-testid="ticket-commission">{x.commission}</span>
                  </>
                )}
                {x.status === 'settled' && (
                  <>
                    {' '}
                    · {t('tickets.payout')} <strong data-testid="ticket-payout">{x.payout}</strong>
                  </>
                )}
              </span>
            </div>
            {x.official && <OfficialSource official={x.official} />}
            <ul className="lt-sub">
              {x.bets.map((b) => (
                <li key={`${b.type}-${b.numbers.join('.')}-${b.amount}`} className="small">
                  {t(`type.${b.type}`)}: {b.numbers.join(', ')} × {b.amount}
                  {b.hits !== null && (
                    <>
                      {' '}
                      · {t('tickets.hits', { count: b.hits })} · {b.payout}
                    </>
                  )}
                </li>
              ))}
            </ul>
            {x.status === 'open' && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onCancel(x.ticketId)}
                loading={cancel.isPending}
              >
                {t('tickets.cancel')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
