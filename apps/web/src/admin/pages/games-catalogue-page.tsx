import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { Table } from '../../shared/ui/table.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText, useAdminPager } from './cashier-ui.tsx';
import { type AdminGame, useAdminGames, useAdminVendors, usePatchGame } from './games-api.ts';
import { FlagSwitch } from './flag-switch.tsx';
import './games-admin.css';

type Flag = 'enabled' | 'maintenance' | 'isHot' | 'isNew';

/** The sort order of one game: typed, then saved (audited) with its button. */
function OrderCell({ game }: { game: AdminGame }) {
  const { t } = useTranslation('games-admin');
  const patch = usePatchGame();
  const [value, setValue] = useState(String(game.sort));
  const changed = value !== String(game.sort);
  return (
    <form
      className="games-admin__order"
      onSubmit={(e) => {
        e.preventDefault();
        const sort = Number(value);
        if (!/^\d{1,7}$/.test(value) || sort > 1_000_000) return toast.error(t('orderInvalid'));
        patch.mutate(
          { gameId: game.gameId, patch: { sort } },
          { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorText(e)) },
        );
      }}
    >
      <input
        className="input"
        inputMode="numeric"
        aria-label={t('orderOf', { name: game.displayName })}
        value={value}
        onChange={(e) => setValue(e.target.value.trim())}
      />
      <Button type="submit" size="sm" variant="ghost" disabled={!changed} loading={patch.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}

/** One switch of one game (enabled, maintenance, hot, new), saved at once and audited. */
function FlagCell({ game, flag }: { game: AdminGame; flag: Flag }) {
  const { t } = useTranslation('games-admin');
  const patch = usePatchGame();
  const on = flag === 'enabled' || flag === 'maintenance' ? game[flag] : game[flag] === 1;
  return (
    <FlagSwitch
      on={on}
      label={t(`flagOf.${flag}`, { name: game.displayName })}
      pending={patch.isPending}
      save={(value, h) => patch.mutate({ gameId: game.gameId, patch: { [flag]: value } }, h)}
    />
  );
}

/** The catalogue: every game, enabled or not, with its switches and order. */
export default function GamesCataloguePage() {
  const { t } = useTranslation('games-admin');
  const vendors = useAdminVendors();
  const [draft, setDraft] = useState({ keyword: '', vendor: '' });
  const [filter, setFilter] = useState({ keyword: '', vendor: '' });
  const [page, setPage] = useState(1);
  const games = useAdminGames({
    pageNo: page,
    pageSize: 20,
    keyword: filter.keyword || undefined,
    vendor: filter.vendor || undefined,
  });
  const pager = useAdminPager();
  return (
    <div className="admin-page wallet-admin-page">
      <PageHeader title={t('catalogue.title')} lead={t('catalogue.lead')} />
      <form
        className="wallet-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ keyword: draft.keyword.trim(), vendor: draft.vendor });
          setPage(1);
        }}
      >
        <TextField
          label={t('catalogue.keyword')}
          value={draft.keyword}
          maxLength={50}
          onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
        />
        <SelectField
          label={t('vendor')}
          value={draft.vendor}
          onChange={(e) => setDraft((d) => ({ ...d, vendor: e.target.value }))}
        >
          <option value="">{t('all')}</option>
          {vendors.data?.list.map((v) => (
            <option key={v.code} value={v.code}>
              {v.code}
            </option>
          ))}
        </SelectField>
        <Button type="submit">{t('search')}</Button>
      </form>
      {games.isPending ? (
        <Loader label={t('loading')} />
      ) : games.error ? (
        <p className="wallet-error">{errorText(games.error)}</p>
      ) : (
        <>
          <Table<AdminGame>
            caption={t('catalogue.title')}
            captionHidden
            rows={games.data.content}
            rowKey={(g) => g.gameId}
            empty={t('catalogue.none')}
            columns={[
              {
                key: 'name',
                header: t('cols.game'),
                render: (g) => (
                  <>
                    <strong>{g.displayName}</strong>
                    <div className="games-admin__muted">
                      <code>{g.gameCode}</code> · {g.vassalage} · {g.gameType}
                    </div>
                  </>
                ),
              },
              {
                key: 'enabled',
                header: t('cols.enabled'),
                render: (g) => <FlagCell game={g} flag="enabled" />,
              },
              {
                key: 'maintenance',
                header: t('cols.maintenance'),
                render: (g) => <FlagCell game={g} flag="maintenance" />,
              },
              { key: 'hot', header: t('cols.hot'), render: (g) => <FlagCell game={g} flag="isHot" /> },
              { key: 'new', header: t('cols.new'), render: (g) => <FlagCell game={g} flag="isNew" /> },
              { key: 'order', header: t('cols.order'), render: (g) => <OrderCell key={g.sort} game={g} /> },
            ]}
          />
          <Pagination page={page} totalPages={games.data.totalPages} onChange={setPage} labels={pager} />
        </>
      )}
    </div>
  );
}
