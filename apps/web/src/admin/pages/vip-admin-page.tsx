import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { errorText } from './cashier-ui.tsx';
import { useSaveVipLevels, useVipLevelsAdmin } from './missions-admin-api.ts';

type Draft = {
  name: string;
  nameNe: string;
  minTurnover: string;
  minDeposits: string;
  bonus: string;
  monthlyBonus: string;
  members: number;
};
const blank = (): Draft => ({
  name: '',
  nameNe: '',
  minTurnover: '0.00',
  minDeposits: '0.00',
  bonus: '0.00',
  monthlyBonus: '0.00',
  members: 0,
});

/** VIP levels: the table of thresholds (lifetime valid turnover and deposits) and level-up bonuses. */
export default function VipAdminPage() {
  const { t } = useTranslation('missions-admin');
  const { t: tk } = useTranslation('promo-kinds');
  const levels = useVipLevelsAdmin();
  const save = useSaveVipLevels();
  const [rows, setRows] = useState<Draft[]>([]);
  useEffect(() => {
    if (levels.data) setRows(levels.data.map(({ level: _, ...l }) => l));
  }, [levels.data]);
  const edit = (i: number, patch: Partial<Draft>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  if (levels.isPending) return <Loader label={t('loading')} />;
  if (levels.error) return <p className="wallet-error">{errorText(levels.error)}</p>;
  return (
    <div className="admin-page">
      <PageHeader title={t('vip.title')} lead={t('vip.lead')} />
      <ol className="stack">
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position in the table
          <li key={i} className="card stack" aria-label={t('vip.levelN', { level: i + 1 })}>
            <strong>
              {t('vip.levelN', { level: i + 1 })} · {t('vip.members', { count: r.members })}
            </strong>
            <BilingualField
              label={t('vip.name')}
              en={r.name}
              ne={r.nameNe}
              onEn={(e) => edit(i, { name: e.target.value })}
              onNe={(e) => edit(i, { nameNe: e.target.value })}
            />
            <TextField
              label={t('vip.minTurnover')}
              inputMode="decimal"
              value={r.minTurnover}
              onChange={(e) => edit(i, { minTurnover: e.target.value })}
            />
            <TextField
              label={t('vip.minDeposits')}
              inputMode="decimal"
              value={r.minDeposits}
              onChange={(e) => edit(i, { minDeposits: e.target.value })}
            />
            <TextField
              label={t('vip.bonus')}
              inputMode="decimal"
              value={r.bonus}
              onChange={(e) => edit(i, { bonus: e.target.value })}
            />
            <TextField
              label={tk('admin.monthlyBonus')}
              inputMode="decimal"
              value={r.monthlyBonus}
              onChange={(e) => edit(i, { monthlyBonus: e.target.value })}
            />
            <Button size="sm" variant="ghost" onClick={() => setRows((x) => x.filter((_, j) => j !== i))}>
              {t('vip.remove')}
            </Button>
          </li>
        ))}
      </ol>
      <div className="chip-row">
        <Button variant="secondary" onClick={() => setRows((x) => [...x, blank()])}>
          {t('vip.add')}
        </Button>
        <Button
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { levels: rows.map(({ members: _, ...l }) => l) },
              { onSuccess: () => toast.success(t('saved')), onError: (e) => toast.error(errorText(e)) },
            )
          }
        >
          {t('save')}
        </Button>
      </div>
      <p className="muted small">{t('vip.rules')}</p>
      <p className="muted small">{tk('admin.monthlyRule')}</p>
    </div>
  );
}
