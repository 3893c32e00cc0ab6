import type { Page, FeedbackTicket } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client.ts';
import { Spinner } from '../../../shared/ui/loader.tsx';

/** The member's own feedback with the operator's replies (GET /wps/feedback). */
export function MyFeedback() {
  const { t } = useTranslation('content');
  const q = useQuery({
    queryKey: ['content', 'my-feedback'],
    queryFn: ({ signal }) =>
      api.get<Page<FeedbackTicket>>('/wps/feedback', { query: { pageNo: 1, pageSize: 20 }, signal }),
  });
  if (q.isPending) return <Spinner label={t('loading')} />;
  if (q.error) return <p className="feedback__warning">{q.error.message}</p>;
  if (q.data.content.length === 0) return <p className="muted small">{t('feedback.mineEmpty')}</p>;
  return (
    <ul className="my-feedback">
      {q.data.content.map((x) => (
        <li key={x.id} className="my-feedback__item">
          <p className="small muted">
            #{x.id} · {t(`feedback.types.${x.type}`)} · {t(`feedback.statuses.${x.status}`)}
          </p>
          <p className="my-feedback__text">{x.content}</p>
          {x.replies.map((r) => (
            <p key={r.id} className="my-feedback__reply">
              <strong>{t('feedback.support')}:</strong> {r.body}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}
