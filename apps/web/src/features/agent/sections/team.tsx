import type { DownlineRow } from '@wps/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { ListView } from '../components/list-view.tsx';
import { OfferForm } from '../components/offer-form.tsx';

/** Team management: one level at a time (drill down), a subtree search, contract offers to direct members. */
export default function TeamSection({ onDetails }: { onDetails(memberId: number): void }) {
  const { t } = useTranslation('agent');
  const [trail, setTrail] = useState<Array<{ id: number; account: string }>>([]);
  const [search, setSearch] = useState('');
  const [offerTo, setOfferTo] = useState<string | null>(null);
  const parent = trail.at(-1);
  const query = {
    ...(parent ? { parentId: parent.id } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const actions = (r: DownlineRow, withTeam: boolean) => (
    <span className="agent-actions">
      {withTeam && r.directCount > 0 && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setTrail([...trail, { id: r.id, account: r.account }])}
        >
          {t('team.openOf', { account: r.account })}
        </Button>
      )}
      {r.level === 1 && (
        <Button size="sm" variant="secondary" onClick={() => setOfferTo(r.account)}>
          {t('contracts.offer')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => onDetails(r.id)}>
        {t('menu.accountDetails')}
      </Button>
    </span>
  );
  return (
    <section className="agent-section" aria-labelledby="agent-team">
      <h2 id="agent-team">{t('menu.teamManagement')}</h2>
      <nav aria-label={t('team.trail')} className="agent-trail">
        <Button size="sm" variant="ghost" onClick={() => setTrail([])}>
          {t('team.me')}
        </Button>
        {trail.map((p, i) => (
          <Button key={p.id} size="sm" variant="ghost" onClick={() => setTrail(trail.slice(0, i + 1))}>
            › {p.account}
          </Button>
        ))}
      </nav>
      {offerTo && <OfferForm downline={offerTo} onDone={() => setOfferTo(null)} />}
      <ListView<'downlines', DownlineRow>
        name="downlines"
        query={query}
        caption={t('menu.teamManagement')}
        rowKey={(r) => r.id}
        toolbar={
          <TextField label={t('team.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        }
        columns={[
          {
            key: 'account',
            header: t('cols.account'),
            card: 'title',
            // The card's head is one button already: the way into a sub-team is below it.
            renderCard: (r) => r.account,
            render: (r) =>
              r.directCount > 0 ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setTrail([...trail, { id: r.id, account: r.account }])}
                >
                  {r.account} ({r.directCount})
                </Button>
              ) : (
                r.account
              ),
          },
          {
            key: 'type',
            header: t('cols.type'),
            render: (r) => t(r.isAgent ? 'register.agent' : 'register.player'),
          },
          { key: 'level', header: t('cols.level'), render: (r) => r.level, numeric: true },
          {
            key: 'balance',
            header: t('cols.balance'),
            card: 'amount',
            render: (r) => r.balance,
            numeric: true,
          },
          { key: 'commission', header: t('cols.commission'), render: (r) => r.commission, numeric: true },
          {
            key: 'status',
            header: t('cols.status'),
            card: 'result',
            cardLabel: false,
            render: (r) => r.status,
          },
          {
            key: 'actions',
            header: t('cols.actions'),
            card: 'action',
            render: (r) => actions(r, false),
            // On a card the account is plain text in the head: a sub-team opens from here.
            renderCard: (r) => actions(r, true),
          },
        ]}
      />
    </section>
  );
}
