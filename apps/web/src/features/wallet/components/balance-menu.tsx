import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../shared/ui/button.tsx';
import { BalanceBreakdown } from './balance-breakdown.tsx';
import '../wallet.css';

/**
 * The header balance's menu (issue 27), its own chunk loaded on first open: cash and bonus apart
 * with the bonus's wagering progress, and the ways on (deposit, withdraw, bonus details). On a
 * phone this is also where Withdraw is, the header having room for Deposit only.
 */
export default function BalanceMenu({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="balance-menu__body">
      <BalanceBreakdown compact />
      <nav className="balance-menu__links" aria-label={t('split.links')}>
        <Link className={buttonClass('primary', 'sm')} to="/member?page=depositv2" onClick={onNavigate}>
          {t('split.deposit')}
        </Link>
        <Link className={buttonClass('secondary', 'sm')} to="/member?page=withdraw" onClick={onNavigate}>
          {t('split.withdraw')}
        </Link>
        <Link className="balance-menu__more" to="/member?page=bonusDetails" onClick={onNavigate}>
          {t('split.details')}
        </Link>
      </nav>
    </div>
  );
}
