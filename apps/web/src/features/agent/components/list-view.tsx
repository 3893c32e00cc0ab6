import type { Page } from '@wps/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { type RecordColumn, RecordList } from '../../../shared/ui/record-list.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type AGENT_LISTS, downloadCsv, type Query, useAgentList } from '../api/agent-calls.ts';

export const PAGE_SIZE = 20;

/** A server-paginated list of the centre with its CSV export (same filters, every page): a table, or cards on a phone. */
export function ListView<K extends keyof typeof AGENT_LISTS, Row>({
  name,
  query,
  columns,
  rowKey,
  caption,
  toolbar,
  enabled = true,
}: {
  name: K;
  query: Query;
  /** Each column says where it goes on a phone's card (shared/ui/record-list.tsx). */
  columns: Array<RecordColumn<Row>>;
  rowKey(row: Row): string | number;
  caption: string;
  toolbar?: ReactNode;
  enabled?: boolean;
}) {
  const { t } = useTranslation('agent');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const q = { ...query, pageNo: page, pageSize: PAGE_SIZE };
  const list = useAgentList(name, q, enabled);
  const data = list.data as Page<Row> | undefined;
  return (
    <div className="agent-list">
      <div className="agent-toolbar">
        {toolbar}
        <Button
          size="sm"
          variant="secondary"
          disabled={exporting || !enabled}
          onClick={() => {
            setExporting(true);
            downloadCsv(name, query)
              .catch(() => toast.error(t('exportFailed')))
              .finally(() => setExporting(false));
          }}
        >
          {t('exportCsv')}
        </Button>
      </div>
      <RecordList
        caption={caption}
        captionHidden
        columns={columns}
        rows={data?.content ?? []}
        rowKey={rowKey}
        empty={list.isError ? list.error.message : list.isPending && enabled ? t('loading') : t('empty')}
      />
      <Pagination
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={setPage}
        labels={{
          nav: t('pager.nav'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          page: (n) => t('pager.page', { n }),
        }}
      />
    </div>
  );
}
