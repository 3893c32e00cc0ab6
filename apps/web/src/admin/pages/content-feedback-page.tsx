import { FEEDBACK_STATUSES } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { FieldShell } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { Select } from './content-banners-page.tsx';
import { type AdminTicket, fetchProof, useReply, useTickets } from './content-api.ts';
import { errorText, useAdminPager } from './cashier-ui.tsx';
import './content-admin.css';
import { formatDateTime } from '../../shared/lib/format.ts';

/** The feedback inbox: tickets by status, the player's text and proof, replies that reach the player. */
export default function ContentFeedbackPage() {
  const { t } = useTranslation('content-admin');
  const [status, setStatus] = useState<string>('open');
  const [page, setPage] = useState(1);
  const tickets = useTickets({ pageNo: page, status: status || undefined });
  const pager = useAdminPager();
  return (
    <div className="admin-page content-admin">
      <PageHeader title={t('feedback.title')} lead={t('feedback.lead')} />
      <div className="content-toolbar">
        <Select
          label={t('feedback.status')}
          value={status}
          options={['', ...FEEDBACK_STATUSES]}
          labels={(v) => (v ? t(`feedback.statuses.${v}`) : t('feedback.all'))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>
      {tickets.isPending ? (
        <Loader label={t('loading')} />
      ) : tickets.error ? (
        <p className="text-danger">{errorText(tickets.error)}</p>
      ) : tickets.data.content.length === 0 ? (
        <p className="muted">{t('feedback.none')}</p>
      ) : (
        <>
          <ul className="ticket-list">
            {tickets.data.content.map((x) => (
              <Ticket key={x.id} ticket={x} />
            ))}
          </ul>
          {tickets.data.totalPages > 1 && (
            <Pagination page={page} totalPages={tickets.data.totalPages} onChange={setPage} labels={pager} />
          )}
        </>
      )}
    </div>
  );
}

function Ticket({ ticket }: { ticket: AdminTicket }) {
  const { t, i18n } = useTranslation('content-admin');
  const reply = useReply();
  const [body, setBody] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  return (
    <li className="card ticket">
      <p className="ticket__meta small muted">
        #{ticket.id} · {formatDateTime(ticket.createdAt, i18n.language)} ·{' '}
        {ticket.memberAccount ?? t('feedback.guest')} ({ticket.sender}) · {t(`feedback.types.${ticket.type}`)}{' '}
        · {t(`feedback.statuses.${ticket.status}`)}
      </p>
      <p className="ticket__text">{ticket.content}</p>
      {ticket.hasProof &&
        (proof ? (
          <img className="ticket__proof" src={proof} alt={t('feedback.proof')} />
        ) : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => fetchProof(ticket.id).then(setProof, (e) => toast.error(errorText(e)))}
          >
            {t('feedback.showProof')}
          </Button>
        ))}
      {ticket.replies.map((r) => (
        <p key={r.id} className="ticket__reply">
          <strong>{r.author === 'operator' ? t('feedback.operator') : t('feedback.player')}:</strong> {r.body}
        </p>
      ))}
      {ticket.status !== 'closed' && (
        <form
          className="ticket__form"
          onSubmit={(e) => {
            e.preventDefault();
            const close = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'close';
            reply.mutate(
              { id: ticket.id, body: body.trim(), close },
              {
                onSuccess: () => {
                  setBody('');
                  toast.success(t('saved'));
                },
                onError: (err) => toast.error(errorText(err)),
              },
            );
          }}
        >
          <FieldShell label={t('feedback.reply')}>
            {({ inputId }) => (
              <textarea
                id={inputId}
                className="input"
                rows={2}
                maxLength={2000}
                value={body}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </FieldShell>
          <div className="content-form__actions">
            <Button type="submit" size="sm" disabled={!body.trim() || reply.isPending}>
              {t('feedback.send')}
            </Button>
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              value="close"
              disabled={!body.trim() || reply.isPending}
            >
              {t('feedback.sendClose')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
