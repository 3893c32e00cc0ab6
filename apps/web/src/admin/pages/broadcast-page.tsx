import { BROADCAST_AUDIENCES } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { type Broadcast, useBroadcast, useBroadcasts } from './promotions-api.ts';
import { BilingualField } from './bilingual-field.tsx';
import { formatDateTime } from '../../shared/lib/format.ts';

/** Platform messages to an audience (messageV2 inboxes), and how many members read each. */
export default function BroadcastPage() {
  const { t, i18n } = useTranslation('promotions-admin');
  const [page, setPage] = useState(1);
  const list = useBroadcasts(page);
  const send = useBroadcast();
  const [audience, setAudience] = useState<(typeof BROADCAST_AUDIENCES)[number]>('all');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [titleNe, setTitleNe] = useState('');
  const [bodyNe, setBodyNe] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      { audience, title, body, titleNe, bodyNe },
      {
        onSuccess: () => {
          toast.success(t('broadcast.sent'));
          setTitle('');
          setBody('');
          setTitleNe('');
          setBodyNe('');
        },
      },
    );
  };
  const fields = (send.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  return (
    <div className="admin-page">
      <PageHeader title={t('broadcast.title')} lead={t('broadcast.lead')} />
      <form className="stack" onSubmit={submit} noValidate>
        <SelectField
          label={t('broadcast.audience')}
          value={audience}
          onChange={(e) => setAudience(e.target.value as typeof audience)}
        >
          {BROADCAST_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`broadcast.audiences.${a}`)}
            </option>
          ))}
        </SelectField>
        <BilingualField
          label={t('broadcast.subject')}
          en={title}
          ne={titleNe}
          onEn={(e) => setTitle(e.target.value)}
          onNe={(e) => setTitleNe(e.target.value)}
          error={fields.title}
        />
        <BilingualField
          label={t('broadcast.body')}
          en={body}
          ne={bodyNe}
          onEn={(e) => setBody(e.target.value)}
          onNe={(e) => setBodyNe(e.target.value)}
          error={fields.body}
        />
        {send.error && <p className="wallet-error">{errorText(send.error)}</p>}
        <Button type="submit" disabled={send.isPending}>
          {t('broadcast.send')}
        </Button>
      </form>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.error ? (
        <p className="wallet-error">{errorText(list.error)}</p>
      ) : (
        <>
          <Table<Broadcast>
            caption={t('broadcast.sentList')}
            rows={list.data.content}
            rowKey={(b) => b.id}
            empty={t('broadcast.none')}
            columns={[
              {
                key: 'created',
                header: t('broadcast.when'),
                render: (b) => formatDateTime(b.createdAt, i18n.language),
              },
              {
                key: 'audience',
                header: t('broadcast.audience'),
                render: (b) => t(`broadcast.audiences.${b.audience}`),
              },
              { key: 'title', header: t('broadcast.subject'), render: (b) => b.title },
              { key: 'by', header: t('broadcast.by'), render: (b) => b.createdBy },
              { key: 'reads', header: t('broadcast.reads'), numeric: true, render: (b) => b.reads },
            ]}
          />
          <Pagination
            page={page}
            totalPages={list.data.totalPages}
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
    </div>
  );
}
