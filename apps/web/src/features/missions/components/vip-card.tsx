import type { VipStatus } from '@wps/contract';
import { useTranslation } from 'react-i18next';
import { Money } from '../../wallet/components/money.tsx';

/** Percent (0–100) of `have` toward `need`, from two-decimal strings without floats in the maths. */
export function percentOf(have: string, need: string): number {
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const n = cents(need);
  if (n <= 0n) return 100;
  const h = cents(have);
  return h >= n ? 100 : Number((h * 100n) / n);
}

/** The member's VIP level, what it took, and how far the next level is. */
export function VipCard({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('missions');
  return (
    <section className="card stack" aria-labelledby="vip-title" data-testid="vip-card">
      <h3 id="vip-title" className="promo-row">
        <span>{t('vip.title')}</span>
        <strong data-testid="vip-level">
          {vip.level > 0 ? t('vip.level', { level: vip.level, name: vip.name }) : t('vip.none')}
        </strong>
      </h3>
      <div className="promo-row">
        <span>{t('vip.turnover')}</span>
        <Money value={vip.turnover} />
      </div>
      <div className="promo-row">
        <span>{t('vip.deposits')}</span>
        <Money value={vip.deposits} />
      </div>
      {vip.next ? (
        <>
          <label className="stack">
            <span className="promo-row">
              <span>{t('vip.next', { level: vip.next.level, name: vip.next.name })}</span>
              <span className="num">
                <Money value={vip.turnover} /> / <Money value={vip.next.minTurnover} />
              </span>
            </span>
            <progress
              className="promo-progress"
              max={100}
              value={percentOf(vip.turnover, vip.next.minTurnover)}
            />
          </label>
          {vip.next.minDeposits !== '0.00' && (
            <p className="muted small">{t('vip.needDeposits', { amount: vip.next.minDeposits })}</p>
          )}
          {vip.next.bonus !== '0.00' && (
            <p className="muted small">{t('vip.bonus', { amount: vip.next.bonus })}</p>
          )}
        </>
      ) : (
        vip.levels.length > 0 && <p className="muted small">{t('vip.top')}</p>
      )}
    </section>
  );
}
