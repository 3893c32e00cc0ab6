import type { adminProtectionPlayerSchema, Exclusion, limitHitsPageSchema } from '@wps/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTime } from '../../features/wallet/lib/time.ts';
import { api } from '../../shared/api/client.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { adminToken } from '../session-store.ts';
import { errorText, useAdminPager } from './cashier-ui.tsx';

type Player = z.infer<typeof adminProtectionPlayerSchema>;
type Hit = z.infer<typeof limitHitsPageSchema>['list'][number];
const KEY = ['admin', 'protection'] as const;
const opts = () => ({ token: adminToken() });

/** Console › player protection: one player's limits and exclusions, add an exclusion, the limit-hit report. */
export default function ProtectionPage() {
  const { t } = useTranslation('protection');
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState('');
  const player = useQuery({
    queryKey: [...KEY, 'player', account],
    queryFn: () => api.get<Player>(`/wps/admin/protection/players/${encodeURIComponent(account)}`, opts()),
    enabled: account !== '',
    retry: false,
  });
  return (
    <div className="admin-page">
      <PageHeader title={t('admin.title')} />
      <form
        className="wallet-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setAccount(search.trim());
        }}
      >
        <TextField
          label={t('admin.search')}
          value={search}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">{t('admin.find')}</Button>
      </form>
      {account === '' ? null : player.isPending ? (
        <Loader label="…" />
      ) : player.error ? (
        <p className="wallet-error">{errorText(player.error)}</p>
      ) : (
        <PlayerView player={player.data} />
      )}
      <Hits />
    </div>
  );
}

function PlayerView({ player }: { player: Player }) {
  const { t, i18n } = useTranslation('protection');
  const show = (kind: string, v: string | number | null) =>
    v === null ? t('limits.none') : kind === 'session' ? t('limits.minutes', { n: v }) : String(v);
  const label = (e: Exclusion) =>
    `${t(`exclusion.${e.kind}`)} · ${formatTime(e.startsAt, i18n.language)} – ${
      e.endsAt ? formatTime(e.endsAt, i18n.language) : t('admin.permanent')
    } · ${t('admin.by', { who: e.createdBy })}`;
  return (
    <section className="wallet-card" aria-labelledby="prot-player">
      <h2 id="prot-player">
        {player.account} <span className="muted small">#{player.memberId}</span>
      </h2>
      <h3>{t('admin.limits')}</h3>
      <ul>
        {player.limits.limits.length === 0 && <li className="muted">{t('limits.noneSet')}</li>}
        {player.limits.limits.map((l) => (
          <li key={`${l.kind}${l.period}`}>
            {t(`limits.kinds.${l.kind}`)} · {t(`limits.periods.${l.period}`)}:{' '}
            <span className="num">{show(l.kind, l.value)}</span>
          </li>
        ))}
        {player.limits.pending.map((p) => (
          <li key={`p${p.kind}${p.period}`} className="muted">
            {t('admin.pending')}: {t(`limits.kinds.${p.kind}`)} · {t(`limits.periods.${p.period}`)} →{' '}
            {show(p.kind, p.value)} ({formatTime(p.effectiveAt, i18n.language)})
          </li>
        ))}
      </ul>
      <h3>{t('admin.exclusions')}</h3>
      <ul>
        {player.exclusions.length === 0 && <li className="muted">{t('admin.noExclusions')}</li>}
        {player.exclusions.map((e) => (
          <li key={e.id}>{label(e)}</li>
        ))}
      </ul>
      <AddExclusion account={player.account} />
    </section>
  );
}

function AddExclusion({ account }: { account: string }) {
  const { t } = useTranslation('protection');
  const qc = useQueryClient();
  const [kind, setKind] = useState<'timeout' | 'self'>('timeout');
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api.post<Exclusion>(
        `/wps/admin/protection/players/${encodeURIComponent(account)}/exclusions`,
        { kind, days: days === '0' ? null : Number(days), ...(note.trim() ? { note: note.trim() } : {}) },
        opts(),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await add.mutateAsync();
      toast.success(t('admin.added'));
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const choices = kind === 'timeout' ? [1, 7, 14, 28, 42] : [183, 365, 730, 1826, 0];
  return (
    <form className="wallet-toolbar" onSubmit={(e) => void submit(e)}>
      <SelectField
        label={t('exclusion.kind')}
        value={kind}
        onChange={(e) => {
          const k = e.target.value as 'timeout' | 'self';
          setKind(k);
          setDays(k === 'timeout' ? '7' : '183');
        }}
      >
        <option value="timeout">{t('exclusion.timeout')}</option>
        <option value="self">{t('exclusion.self')}</option>
      </SelectField>
      <SelectField label={t('exclusion.length')} value={days} onChange={(e) => setDays(e.target.value)}>
        {choices.map((d) => (
          <option key={d} value={d}>
            {d === 0 ? t('exclusion.permanent') : t('exclusion.days', { n: d })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.note')}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button type="submit" variant="danger" loading={add.isPending}>
        {t('admin.add')}
      </Button>
    </form>
  );
}

function Hits() {
  const { t, i18n } = useTranslation('protection');
  const pager = useAdminPager();
  const [page, setPage] = useState(1);
  const hits = useQuery({
    queryKey: [...KEY, 'hits', page],
    queryFn: () =>
      api.get<z.infer<typeof limitHitsPageSchema>>('/wps/admin/protection/hits', {
        ...opts(),
        query: { pageNo: page, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="wallet-card" aria-labelledby="prot-hits">
      <h2 id="prot-hits">{t('admin.hits')}</h2>
      <Table<Hit>
        caption={t('admin.hits')}
        captionHidden
        rows={hits.data?.list ?? []}
        rowKey={(r) => r.id}
        empty={t('admin.noHits')}
        columns={[
          { key: 'when', header: t('admin.when'), render: (r) => formatTime(r.createdAt, i18n.language) },
          { key: 'player', header: t('admin.player'), render: (r) => r.account },
          {
            key: 'what',
            header: t('admin.what'),
            render: (r) =>
              `${t(`limits.kinds.${r.kind}`, { defaultValue: r.kind === 'exclusion' ? t('admin.exclusions') : r.kind })}${
                r.period ? ` · ${t(`limits.periods.${r.period}`)}` : ''
              }`,
          },
          { key: 'where', header: t('admin.where'), render: (r) => r.context },
          { key: 'limit', header: t('admin.limit'), numeric: true, render: (r) => r.limit ?? '–' },
          {
            key: 'attempted',
            header: t('admin.attempted'),
            numeric: true,
            render: (r) => r.attempted ?? '–',
          },
        ]}
      />
      <Pagination
        page={page}
        totalPages={Math.ceil((hits.data?.total ?? 0) / 20)}
        onChange={setPage}
        labels={pager}
      />
    </section>
  );
}
