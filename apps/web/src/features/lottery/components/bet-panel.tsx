import type { LotteryBetTypeCode, LotteryPrizeMode } from '@wps/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type LotteryMenuGame, usePlaceSlip } from '../api/lottery.ts';
import {
  allNumbers,
  combinationOf,
  digitsOf,
  lineCommission,
  lineCost,
  lineProblem,
  parseTyped,
  pairRangeOf,
  type QuickPick,
  quickPick,
  rupees,
  type SlipLine,
} from '../lib/slip.ts';

const QUICK: QuickPick[] = ['all', 'even', 'odd', 'random'];
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
let lineSeq = 0;

/** Bet types, the number grid (or typed numbers), quick picks, the slip with its cost preview. */
export function BetPanel({
  game,
  prizeMode,
  drawId,
  closed,
}: {
  game: LotteryMenuGame;
  /** The prize mode of the odds on show; the slip is charged and paid at it. */
  prizeMode?: LotteryPrizeMode | undefined;
  drawId: string | null;
  closed: boolean;
}) {
  const { t } = useTranslation('lottery');
  const [type, setType] = useState<LotteryBetTypeCode>(game.betTypes[0]!);
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [amount, setAmount] = useState('1.00');
  const [head, setHead] = useState(0);
  const [slip, setSlip] = useState<Array<SlipLine & { id: number }>>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const place = usePlaceSlip();
  const digits = digitsOf(type);
  const grid = useMemo(() => allNumbers(digits), [digits]);
  const combination = combinationOf(type);
  const pairs = pairRangeOf(type);
  const numbers = digits > 2 ? parseTyped(typed, digits) : picked;
  const total = slip.reduce((a, l) => a + lineCost(game, l), 0);
  // Commission comes off the cost when the slip is bought: the preview shows what will be paid.
  const commission = slip.reduce((a, l) => a + lineCommission(game, l), 0);
  const draft: SlipLine = { type, numbers, amount };
  const draftCost = numbers.length ? lineCost(game, draft) : 0;

  const chooseType = (next: LotteryBetTypeCode) => {
    setType(next);
    setPicked([]);
    setTyped('');
    setProblem(null);
  };
  const toggle = (n: string) =>
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : [...p, n].sort()));
  const add = () => {
    const why = lineProblem(game, draft);
    if (why) {
      setProblem(why === 'amount' ? t('slip.badAmount') : why);
      return;
    }
    setSlip((s) => [...s, { ...draft, id: ++lineSeq }]);
    setPicked([]);
    setTyped('');
    setProblem(null);
  };
  const submit = async () => {
    if (!drawId || slip.length === 0) return;
    try {
      const r = await place.mutateAsync({
        gameCode: game.gameCode,
        drawId,
        ...(prizeMode ? { prizeMode } : {}),
        bets: slip.map(({ type, numbers, amount }) => ({ type, numbers, amount })),
      });
      toast.success(t('slip.placed', { cost: r.cost, balance: r.balance }));
      setSlip([]);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : String(e));
    }
  };

  return (
    <section className="card lt-bet" aria-label={t('bet.title')}>
      <fieldset className="lt-types">
        <legend className="visually-hidden">{t('bet.types')}</legend>
        {game.betTypes.map((bt) => (
          <button
            key={bt}
            type="button"
            className={`lt-type${bt === type ? ' is-active' : ''}`}
            aria-pressed={bt === type}
            data-testid={`bet-type-${bt}`}
            onClick={() => chooseType(bt)}
          >
            {t(`type.${bt}`)}
          </button>
        ))}
      </fieldset>
      <p className="small muted">
        {t(`help.${type}`, { results: game.resultCount, odds: formatOdds(game.odds[type]) })}
        {combination ? ` ${t('bet.pickExactly', { count: combination })}` : ''}
        {pairs ? ` ${t('bet.pickRange', { min: pairs.min, max: pairs.max })}` : ''}
        {Number(game.commissions?.[type] ?? 0) > 0
          ? ` ${t('bet.commissionRate', { rate: game.commissions[type] })}`
          : ''}
      </p>
      {digits <= 2 ? (
        <>
          {digits === 2 && (
            <fieldset className="lt-quick">
              <legend className="visually-hidden">{t('bet.quick')}</legend>
              {QUICK.map((q) => (
                <button
                  key={q}
                  type="button"
                  className="lt-chip-btn"
                  onClick={() => setPicked(quickPick(q, 2))}
                >
                  {t(`quick.${q}`)}
                </button>
              ))}
              <select
                className="input lt-head"
                aria-label={t('quick.digit')}
                value={head}
                onChange={(e) => setHead(Number(e.target.value))}
              >
                {DIGITS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="lt-chip-btn"
                onClick={() => setPicked(quickPick('head', 2, head))}
              >
                {t('quick.head', { digit: head })}
              </button>
              <button
                type="button"
                className="lt-chip-btn"
                onClick={() => setPicked(quickPick('tail', 2, head))}
              >
                {t('quick.tail', { digit: head })}
              </button>
              <button type="button" className="lt-chip-btn" onClick={() => setPicked([])}>
                {t('quick.clear')}
              </button>
            </fieldset>
          )}
          <fieldset className={`lt-grid lt-grid--${digits}`}>
            <legend className="visually-hidden">{t('bet.numbers')}</legend>
            {grid.map((n) => (
              <button
                key={n}
                type="button"
                className={`lt-num${picked.includes(n) ? ' is-picked' : ''}`}
                aria-pressed={picked.includes(n)}
                data-testid={`num-${n}`}
                onClick={() => toggle(n)}
              >
                {n}
              </button>
            ))}
          </fieldset>
        </>
      ) : (
        <label className="lt-field">
          <span>{t('bet.typeNumbers', { digits })}</span>
          <textarea
            className="input"
            rows={2}
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="typed-numbers"
          />
        </label>
      )}
      <div className="lt-row">
        <label className="lt-field lt-amount">
          <span>{combination ? t('bet.amountCombo') : pairs ? t('bet.amountPair') : t('bet.amount')}</span>
          <input
            className="input num"
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <Button variant="secondary" onClick={add} disabled={numbers.length === 0} data-testid="slip-add">
          {t('bet.add', { count: numbers.length, cost: rupees(draftCost) })}
        </Button>
      </div>
      {problem && (
        <p className="text-danger small" role="alert">
          {problem}
        </p>
      )}
      <div className="lt-slip" aria-live="polite">
        <h3 className="lt-h">{t('slip.title')}</h3>
        {slip.length === 0 ? (
          <p className="small muted">{t('slip.empty')}</p>
        ) : (
          <ul className="lt-lines">
            {slip.map((l) => (
              <li key={l.id} className="lt-line">
                <span>
                  <strong>{t(`type.${l.type}`)}</strong> {l.numbers.join(', ')} × {l.amount}
                </span>
                <span className="num">{rupees(lineCost(game, l))}</span>
                <button
                  type="button"
                  className="lt-x"
                  aria-label={t('slip.remove')}
                  onClick={() => setSlip((s) => s.filter((x) => x.id !== l.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="lt-total">
          {t('slip.total')} <strong data-testid="slip-cost">{rupees(total)}</strong>
        </p>
        {commission > 0 && (
          <>
            <p className="lt-total small">
              {t('slip.commission')} <span data-testid="slip-commission">−{rupees(commission)}</span>
            </p>
            <p className="lt-total">
              {t('slip.toPay')} <strong data-testid="slip-pay">{rupees(total - commission)}</strong>
            </p>
          </>
        )}
        <Button
          block
          onClick={submit}
          loading={place.isPending}
          disabled={slip.length === 0 || !drawId || closed}
          data-testid="slip-submit"
        >
          {closed ? t('slip.closed') : t('slip.submit')}
        </Button>
      </div>
    </section>
  );
}

function formatOdds(o: string | Record<string, string> | undefined): string {
  if (!o) return '';
  if (typeof o === 'string') return o;
  return Object.entries(o)
    .map(([k, v]) => `${k} ${v}`)
    .join(' · ');
}
