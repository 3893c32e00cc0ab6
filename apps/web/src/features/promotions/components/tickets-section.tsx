import { TICKET_KINDS, type Ticket } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { useTickets } from '../api/tickets.ts';
import { ticketVerifyHref } from '../lib/ticket-verify-link.ts';
import { TicketStage, usePrizeText } from './ticket-draw.tsx';
import '../tickets.css';

/** Reward centre › tickets: what waits to be opened per kind, the odds, the stage and past draws. */
export function TicketsSection() {
  const { t } = useTranslation('tickets');
  const text = usePrizeText();
  const tickets = useTickets();
  const [active, setActive] = useState<Ticket | null>(null);
  if (tickets.isPending) return <Loader label={t('loading')} />;
  if (tickets.error) return <p className="wallet-error">{tickets.error.message}</p>;
  const { tickets: list, unopened, next } = tickets.data;
  const waiting = list.filter((x) => x.status === 'issued');
  const opened = list.filter((x) => x.status === 'opened');
  if (list.length === 0 && !active) return null;
  return (
    <section className="stack tk-section" aria-labelledby="tk-heading">
      <h2 id="tk-heading" className="tk-heading">
        {t('title')}{' '}
        <span className="tk-count" data-testid="tickets-unopened">
          {unopened}
        </span>
      </h2>
      <ul className="tk-kinds">
        {TICKET_KINDS.map((kind) => {
          const mine = waiting.filter((x) => x.kind === kind);
          if (mine.length === 0) return null;
          return (
            <li key={kind} className={`card tk-kind tk-kind--${kind.toLowerCase()}`}>
              <span>
                {t(`kind.${kind}`)} × {mine.length}
              </span>
              <Button
                size="sm"
                onClick={() => setActive(mine[mine.length - 1]!)}
                disabled={active?.status === 'issued' && active.kind === kind}
                data-testid={`tickets-choose-${kind}`}
              >
                {t(`open.${kind}`)}
              </Button>
            </li>
          );
        })}
      </ul>
      {active && (
        <>
          <TicketStage key={active.id} ticket={active} onNext={() => setActive(null)} />
          <table className="tk-odds">
            <caption>{t('odds')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('prizeCol')}</th>
                <th scope="col" className="num">
                  {t('chance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {active.prizes.map((p) => (
                <tr key={p.index}>
                  <td>{text(p)}</td>
                  <td className="num">{p.probability}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="small muted tk-commit">
            {t('commit', { hash: `${next.serverSeedHash.slice(0, 16)}…`, nonce: next.nonce })}
          </p>
        </>
      )}
      {opened.length > 0 && (
        <details className="tk-history">
          <summary>{t('history', { count: opened.length })}</summary>
          <ul className="tk-history-list">
            {opened.map((x) => (
              <li key={x.id}>
                <span>
                  {t(`kind.${x.kind}`)} · {x.openedAt?.slice(0, 10)}
                </span>
                <span>{x.result ? text(x.result) : ''}</span>
                {historyVerifyLink(x, t('verifyDraw'))}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** An opened ticket's link to the public verifier, once its server seed is revealed. */
function historyVerifyLink(x: Ticket, label: string) {
  const href = ticketVerifyHref(x);
  return href ? (
    <Link to={href} data-testid={`ticket-verify-${x.id}`}>
      {label}
    </Link>
  ) : null;
}
