import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { errorText } from './cashier-ui.tsx';
import { useRebateRates, useSaveRebateRates } from './promo-kinds-api.ts';
import './promo-kinds.css';

type Row = { gameType: string; rateBp: string };

/**
 * MANPLAYREB3 rates: per game type, or per game of a type (`INHOUSE:DICE`), the basis points of valid stake a manual rebate claim pays.
 * The model has no per-VIP-level rates; the server audits each save with the rates it replaced.
 */
export default function RebateRatesPage() {
  const { t } = useTranslation('promo-kinds');
  const rates = useRebateRates();
  const save = useSaveRebateRates();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (rates.data) setRows(rates.data.map((r) => ({ gameType: r.gameType, rateBp: String(r.rateBp) })));
  }, [rates.data]);
  const edit = (i: number, patch: Partial<Row>) =>
    setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  if (rates.isPending) return <Loader label="…" />;
  if (rates.error) return <p className="wallet-error">{errorText(rates.error)}</p>;
  const pct = (bp: string) => (Number.isFinite(Number(bp)) ? (Number(bp) / 100).toFixed(2) : '—');
  return (
    <div className="admin-page">
      <PageHeader title={t('admin.rebate.title')} lead={t('admin.rebate.lead')} />
      {rows.length === 0 && <p className="muted">{t('admin.rebate.empty')}</p>}
      <ul className="stack rebate-rates-list" aria-label={t('admin.rebate.title')}>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a new row has no game type yet
          <li key={i} className="card rebate-rate-row">
            <TextField
              label={t('admin.rebate.gameType')}
              hint={t('admin.rebate.gameTypeHint')}
              value={r.gameType}
              autoCapitalize="characters"
              onChange={(e) => edit(i, { gameType: e.target.value.toUpperCase() })}
            />
            <TextField
              label={t('admin.rebate.rate')}
              inputMode="numeric"
              value={r.rateBp}
              hint={t('admin.rebate.percent', { pct: pct(r.rateBp) })}
              onChange={(e) => edit(i, { rateBp: e.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setRows((x) => x.filter((_, j) => j !== i))}
              aria-label={t('admin.rebate.remove', { type: r.gameType || '—' })}
            >
              ✕
            </Button>
          </li>
        ))}
      </ul>
      <div className="chip-row">
        <Button variant="secondary" onClick={() => setRows((x) => [...x, { gameType: '', rateBp: '0' }])}>
          {t('admin.rebate.add')}
        </Button>
        <Button
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              rows.map((r) => ({ gameType: r.gameType.trim(), rateBp: Number(r.rateBp) })),
              {
                onSuccess: () => toast.success(t('admin.rebate.saved')),
                onError: (e) => toast.error(errorText(e)),
              },
            )
          }
        >
          {t('admin.rebate.save')}
        </Button>
      </div>
      <p className="muted small">{t('admin.rebate.audited')}</p>
    </div>
  );
}
