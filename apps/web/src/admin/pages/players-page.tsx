import { PLAYER_SEARCH_BY, type PlayerSearchBy } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { errorText, useAdminPager } from './cashier-ui.tsx';
import { PlayerProfilePage } from './player-profile.tsx';
import { type PlayerRow, usePlayerSearch } from './players-api.ts';
import './players-admin.css';

/** Players: search (by account, mobile, email, real name, IP, device) → a profile with tabs. */
export default function PlayersPage() {
  return (
    <Routes>
      <Route index element={<PlayerSearch />} />
      <Route path=":id/*" element={<PlayerProfilePage />} />
    </Routes>
  );
}

function PlayerSearch() {
  const { t } = useTranslation('players-admin');
  const pager = useAdminPager();
  // The query lives in the URL, so "back" from a profile returns to the same results.
  const [params, setParams] = useSearchParams();
  const by = (PLAYER_SEARCH_BY as readonly string[]).includes(params.get('by') ?? '')
    ? (params.get('by') as PlayerSearchBy)
    : 'account';
  const q = params.get('q') ?? '';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState({ by, q });
  const search = usePlayerSearch({ by, q, pageNo });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams({ by: form.by, q: form.q.trim(), page: '1' });
  };
  return (
    <div className="admin-page players-admin">
      <PageHeader title={t('title')} lead={t('lead')} />
      <form className="players-search" onSubmit={submit}>
        <SelectField
          label={t('search.by')}
          value={form.by}
          onChange={(e) => setForm({ ...form, by: e.target.value as PlayerSearchBy })}
        >
          {PLAYER_SEARCH_BY.map((b) => (
            <option key={b} value={b}>
              {t(`search.byOption.${b}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('search.query')}
          value={form.q}
          autoComplete="off"
          maxLength={100}
          onChange={(e) => setForm({ ...form, q: e.target.value })}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {q && (
        <>
          <Table<PlayerRow>
            caption={t('search.results')}
            captionHidden
            rows={search.data?.content ?? []}
            rowKey={(r) => r.id}
            empty={
              search.error ? errorText(search.error) : search.isPending ? t('loading') : t('search.none')
            }
            columns={[
              {
                key: 'account',
                header: t('field.account'),
                render: (r) => <Link to={`${r.id}`}>{r.account}</Link>,
              },
              { key: 'status', header: t('field.status'), render: (r) => <StatusBadge status={r.status} /> },
              { key: 'name', header: t('field.realName'), render: (r) => r.payeeName ?? '—' },
              { key: 'mobile', header: t('field.mobile'), render: (r) => r.mobile ?? '—' },
              { key: 'email', header: t('field.email'), render: (r) => r.email ?? '—' },
              { key: 'parent', header: t('field.upline'), render: (r) => r.parentAccount ?? '—' },
              { key: 'ip', header: t('field.registerIp'), render: (r) => r.registerIp ?? '—' },
            ]}
          />
          <Pagination
            page={pageNo}
            totalPages={search.data?.totalPages ?? 0}
            onChange={(n) => setParams({ by, q, page: String(n) })}
            labels={pager}
          />
        </>
      )}
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('players-admin');
  const known = ['active', 'frozen', 'closed', 'disabled'].includes(status);
  return (
    <span className={`player-status player-status--${known ? status : 'other'}`}>
      {known ? t(`status.${status}`) : status}
    </span>
  );
}
