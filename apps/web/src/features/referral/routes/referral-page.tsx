import { useTranslation } from 'react-i18next';
import { groupMoney } from '../../../app/layouts/balance-format.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { Money } from '../../wallet/components/money.tsx';
import { useReferralOverview } from '../api/referral-api.ts';
import { selectIsAgent, useSessionStore } from '../../../shared/session/store.ts';
import { LinkManager } from '../../agent/components/link-manager.tsx';
import { AffiliateSection } from '../components/affiliate-form.tsx';
import '../referral.css';

/**
 * Member centre › referral (refer and earn): the invite link and its QR code, the rule, the
 * invited players (masked) with their progress and rewards, and the affiliate application.
 */
export default function ReferralPage() {
  const { t } = useTranslation('referral');
  const { t: tl } = useTranslation('agent-centre');
  const isAgent = useSessionStore(selectIsAgent);
  const ov = useReferralOverview();
  if (ov.isPending) return <Loader label={t('loading')} />;
  if (ov.error) return <p className="wallet-error">{ov.error.message}</p>;
  const { referralCode, invited, qualified, rewardsTotal, rules, list } = ov.data;
  const link = `${window.location.origin}/register?referralCode=${encodeURIComponent(referralCode)}`;
  return (
    <div className="stack referral">
      <section className="card stack" aria-labelledby="invite-title">
        <h2 id="invite-title" className="referral__h2">
          {t('invite.title')}
        </h2>
        <p>{t('invite.lead')}</p>
        <p className="referral__link">
          <strong>{t('invite.link')}</strong> <span data-testid="referral-link">{link}</span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => toast.success(t('invite.copied')),
              () => undefined,
            )
          }
        >
          {t('invite.copy')}
        </Button>
        <QrCode value={link} label={t('invite.qr')} displaySize={180} />
      </section>

      {/* Link management (issue 31): several named links, one per place the member shares. */}
      <section className="card stack" aria-labelledby="links-title">
        <h2 id="links-title" className="referral__h2">
          {tl('menu.inviteLinks')}
        </h2>
        <p>{tl(isAgent ? 'links.lead' : 'links.leadReferrer')}</p>
        <LinkManager />
      </section>

      <section className="card stack" aria-labelledby="rule-title">
        <h2 id="rule-title" className="referral__h2">
          {t('rule.title')}
        </h2>
        {rules.enabled ? (
          <p data-testid="referral-rule">
            {t(
              rules.rewardKind === 'bonus' && rules.wageringMultiplier > 0
                ? 'rule.textBonus'
                : 'rule.textCash',
              {
                deposit: groupMoney(rules.minDeposit),
                turnover: groupMoney(rules.minTurnover),
                days: rules.withinDays,
                reward: groupMoney(rules.reward),
                times: rules.wageringMultiplier,
              },
            )}
          </p>
        ) : (
          <p>{t('rule.off')}</p>
        )}
        <dl className="referral__stats">
          <div>
            <dt>{t('stats.invited')}</dt>
            <dd className="num" data-testid="referral-invited">
              {invited}
            </dd>
          </div>
          <div>
            <dt>{t('stats.qualified')}</dt>
            <dd className="num">{qualified}</dd>
          </div>
          <div>
            <dt>{t('stats.rewards')}</dt>
            <dd>
              <Money value={rewardsTotal} />
            </dd>
          </div>
        </dl>
        {list.length === 0 ? (
          <p className="muted">{t('list.empty')}</p>
        ) : (
          <ul className="referral__list" aria-label={t('list.title')}>
            {list.map((r) => (
              <li key={`${r.account}-${r.joinedAt}`} className="referral__item">
                <div className="referral__row">
                  <strong>{r.account}</strong>
                  <span
                    className={`promo-status promo-status--${r.status === 'qualified' ? 'issued' : r.status === 'expired' ? 'closed' : 'process'}`}
                  >
                    {t(`status.${r.status}`)}
                  </span>
                </div>
                <label className="referral__leg">
                  <span className="referral__row small">
                    <span>{t('list.deposit')}</span>
                    <span className="num">
                      {groupMoney(r.firstDeposit)} / {groupMoney(rules.minDeposit)}
                    </span>
                  </span>
                  <progress className="promo-progress" max={100} value={r.depositPercent} />
                </label>
                <label className="referral__leg">
                  <span className="referral__row small">
                    <span>{t('list.turnover')}</span>
                    <span className="num">
                      {groupMoney(r.turnover)} / {groupMoney(rules.minTurnover)}
                    </span>
                  </span>
                  <progress className="promo-progress" max={100} value={r.turnoverPercent} />
                </label>
                <p className="muted small">
                  {r.reward
                    ? t('list.rewarded', { reward: groupMoney(r.reward) })
                    : t('list.deadline', { date: r.deadline.slice(0, 10) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AffiliateSection />
    </div>
  );
}
