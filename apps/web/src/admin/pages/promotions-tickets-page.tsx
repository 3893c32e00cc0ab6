import {
  PRIZE_TYPES,
  type PrizeInput,
  type PrizeTable,
  prizeProbability,
  TICKET_KINDS,
  type TicketKind,
} from '@wps/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../shared/ui/field.tsx';
import { Loader } from '../../shared/ui/loader.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Amount, errorText } from './cashier-ui.tsx';
import {
  useGrantTickets,
  usePrizeTables,
  useSavePrizeTable,
  useTicketReport,
} from './promotions-tickets-api.ts';
import '../../features/promotions/tickets.css';

interface Row {
  type: PrizeInput['type'];
  label: string;
  amount: string;
  points: string;
  wageringMultiplier: string;
  weight: string;
}
const toRows = (t: PrizeTable | undefined): Row[] =>
  t && t.prizes.length > 0
    ? t.prizes.map((p) => ({
        type: p.type,
        label: p.label,
        amount: p.amount ?? '',
        points: p.points === null ? '' : String(p.points),
        wageringMultiplier: String(p.wageringMultiplier),
        weight: String(p.weight),
      }))
    : [
        { type: 'cash', label: '', amount: '10.00', points: '', wageringMultiplier: '0', weight: '10' },
        { type: 'nothing', label: '', amount: '', points: '', wageringMultiplier: '0', weight: '90' },
      ];

/** One kind's prize table: rows of prizes with weights; the chance of each is shown as it is typed. */
function TableEditor({ kind, table }: { kind: TicketKind; table: PrizeTable | undefined }) {
  const { t } = useTranslation('tickets-admin');
  const save = useSavePrizeTable();
  const [rows, setRows] = useState<Row[]>(() => toRows(table));
  const [enabled, setEnabled] = useState(table?.enabled ?? true);
  useEffect(() => {
    setRows(toRows(table));
    setEnabled(table?.enabled ?? true);
  }, [table]);
  const total = rows.reduce((a, r) => a + (Number(r.weight) > 0 ? Math.floor(Number(r.weight)) : 0), 0);
  const setRow = (i: number, k: keyof Row) => (e: { target: { value: string } }) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [k]: e.target.value } : r)));
  const fields = (save.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      kind,
      input: {
        enabled,
        prizes: rows.map((r) => ({
          type: r.type,
          label: r.label.trim(),
          amount: r.type === 'cash' || r.type === 'bonus' ? r.amount.trim() || null : null,
          points: r.type === 'points' ? Number(r.points) || null : null,
          wageringMultiplier: r.type === 'bonus' ? Number(r.wageringMultiplier) || 0 : 0,
          weight: Number(r.weight),
        })),
      },
    });
  };
  return (
    <form className="stack card" onSubmit={submit} noValidate aria-label={t(`kind.${kind}`)}>
      <ol className="stack tk-admin-rows">
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <li key={i} className="tk-admin-row">
            <SelectField label={t('f.type')} value={r.type} onChange={setRow(i, 'type')}>
              {PRIZE_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`type.${p}`)}
                </option>
              ))}
            </SelectField>
            <TextField label={t('f.label')} value={r.label} onChange={setRow(i, 'label')} />
            {(r.type === 'cash' || r.type === 'bonus') && (
              <TextField
                label={t('f.amount')}
                inputMode="decimal"
                value={r.amount}
                onChange={setRow(i, 'amount')}
                error={fields[`prizes.${i}.amount`]}
              />
            )}
            {r.type === 'bonus' && (
              <TextField
                label={t('f.wagering')}
                inputMode="numeric"
                value={r.wageringMultiplier}
                onChange={setRow(i, 'wageringMultiplier')}
              />
            )}
            {r.type === 'points' && (
              <TextField
                label={t('f.points')}
                inputMode="numeric"
                value={r.points}
                onChange={setRow(i, 'points')}
                error={fields[`prizes.${i}.points`]}
              />
            )}
            <TextField
              label={t('f.weight')}
              inputMode="numeric"
              value={r.weight}
              onChange={setRow(i, 'weight')}
              error={fields[`prizes.${i}.weight`]}
              hint={t('chance', {
                p:
                  total > 0 && Number(r.weight) > 0
                    ? prizeProbability(Math.floor(Number(r.weight)), total)
                    : '0.00',
              })}
            />
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={rows.length <= 2}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              {t('remove')}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="secondary"
        disabled={rows.length >= 12}
        onClick={() =>
          setRows([
            ...rows,
            { type: 'nothing', label: '', amount: '', points: '', wageringMultiplier: '0', weight: '1' },
          ])
        }
      >
        {t('add')}
      </Button>
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
        {t('f.enabled')}
      </label>
      <p className="small muted">{t('total', { total })}</p>
      {save.error && <p className="wallet-error">{errorText(save.error)}</p>}
      {save.isSuccess && !save.isPending && <p className="text-success">{t('saved')}</p>}
      <Button type="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}

function GrantForm() {
  const { t } = useTranslation('tickets-admin');
  const grant = useGrantTickets();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<TicketKind>('WHEEL');
  const [count, setCount] = useState('1');
  const [note, setNote] = useState('');
  const fields = (grant.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  return (
    <form
      className="stack card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        grant.mutate({
          account: account.trim(),
          kind,
          count: Number(count),
          ...(note.trim() ? { note: note.trim() } : {}),
        });
      }}
    >
      <h2 className="tk-heading">{t('grant.title')}</h2>
      <TextField
        label={t('grant.account')}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={fields.account}
      />
      <SelectField label={t('f.kind')} value={kind} onChange={(e) => setKind(e.target.value as TicketKind)}>
        {TICKET_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('f.count')}
        inputMode="numeric"
        value={count}
        onChange={(e) => setCount(e.target.value)}
        error={fields.count}
      />
      <TextField label={t('grant.note')} value={note} onChange={(e) => setNote(e.target.value)} />
      {grant.error && <p className="wallet-error">{errorText(grant.error)}</p>}
      {grant.data && !grant.isPending && (
        <p className="text-success" role="status">
          {t('grant.done', { count: grant.data.issued })}
        </p>
      )}
      <Button type="submit" loading={grant.isPending}>
        {t('grant.submit')}
      </Button>
    </form>
  );
}

function Report() {
  const { t } = useTranslation('tickets-admin');
  const [q, setQ] = useState({ pageNo: 1, account: '', kind: '' });
  const report = useTicketReport(q);
  const headingId = useId();
  return (
    <section className="stack card">
      <h2 className="tk-heading" id={headingId}>
        {t('report.title')}
      </h2>
      {report.isPending ? (
        <Loader label={t('loading')} />
      ) : report.error ? (
        <p className="wallet-error">{errorText(report.error)}</p>
      ) : (
        <>
          {/* Scrolls sideways on a phone: reachable by keyboard, named by the card's heading. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the arrow keys once focused. */}
          <section className="tk-scroll" aria-labelledby={headingId} tabIndex={0}>
            <table className="tk-odds">
              <thead>
                <tr>
                  <th scope="col">{t('f.kind')}</th>
                  <th scope="col" className="num">
                    {t('report.issued')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.opened')}
                  </th>
                  <th scope="col" className="num">
                    {t('type.cash')}
                  </th>
                  <th scope="col" className="num">
                    {t('type.bonus')}
                  </th>
                  <th scope="col" className="num">
                    {t('type.points')}
                  </th>
                  <th scope="col" className="num">
                    {t('type.nothing')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.totals.map((r) => (
                  <tr key={r.kind}>
                    <td>{t(`kind.${r.kind}`)}</td>
                    <td className="num">{r.issued}</td>
                    <td className="num">{r.opened}</td>
                    <td className="num">
                      <Amount value={r.cash} />
                    </td>
                    <td className="num">
                      <Amount value={r.bonus} />
                    </td>
                    <td className="num">{r.points}</td>
                    <td className="num">{r.nothing}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <div className="tk-kinds">
            <TextField
              label={t('grant.account')}
              value={q.account}
              onChange={(e) => setQ({ ...q, account: e.target.value, pageNo: 1 })}
            />
            <SelectField
              label={t('f.kind')}
              value={q.kind}
              onChange={(e) => setQ({ ...q, kind: e.target.value, pageNo: 1 })}
            >
              <option value="">{t('report.all')}</option>
              {TICKET_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <ul className="tk-history-list" aria-label={t('report.tickets')}>
            {report.data.tickets.content.map((x) => (
              <li key={x.id}>
                <span>
                  #{x.id} · {x.account} · {t(`kind.${x.kind}`)} · {t(`source.${x.source}`)}
                </span>
                <span>
                  {x.result
                    ? x.result.label ||
                      (x.result.amount ??
                        (x.result.points !== null ? `${x.result.points}` : t('type.nothing')))
                    : t('report.unopened')}
                </span>
              </li>
            ))}
          </ul>
          <div className="tk-kinds">
            <Button
              size="sm"
              variant="secondary"
              disabled={q.pageNo <= 1}
              onClick={() => setQ({ ...q, pageNo: q.pageNo - 1 })}
            >
              {t('report.prev')}
            </Button>
            <span className="small muted">
              {q.pageNo} / {Math.max(1, report.data.tickets.totalPages)}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={q.pageNo >= report.data.tickets.totalPages}
              onClick={() => setQ({ ...q, pageNo: q.pageNo + 1 })}
            >
              {t('report.next')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Reward tickets: the prize table of each kind, grants to a player, and what tickets have paid. */
export default function PromotionsTicketsPage() {
  const { t } = useTranslation('tickets-admin');
  const tables = usePrizeTables();
  const [kind, setKind] = useState<TicketKind>('WHEEL');
  return (
    <div className="admin-page stack">
      <PageHeader title={t('title')} lead={t('lead')} />
      <fieldset className="tk-kinds tk-kind-tabs">
        <legend className="visually-hidden">{t('f.kind')}</legend>
        {TICKET_KINDS.map((k) => (
          <Button
            key={k}
            size="sm"
            variant={k === kind ? 'primary' : 'secondary'}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
          >
            {t(`kind.${k}`)}
          </Button>
        ))}
      </fieldset>
      {tables.isPending ? (
        <Loader label={t('loading')} />
      ) : tables.error ? (
        <p className="wallet-error">{errorText(tables.error)}</p>
      ) : (
        <TableEditor key={kind} kind={kind} table={tables.data.find((x) => x.kind === kind)} />
      )}
      <GrantForm />
      <Report />
    </div>
  );
}
