import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../shared/lib/page.ts';
import { NotAvailable } from '../../../shared/ui/not-available.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

const GAME_CODE_RE = /^[A-Za-z0-9_-]{1,40}$/;

/** Lottery game pages (`/lottery`, `/vnLottery`, `/seaLottery`): full width, no side menu. */
export default function LotteryPage({ routeKey }: PageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = routeKey === 'vnLottery' || routeKey === 'seaLottery' ? routeKey : 'lottery';
  const code = params.get('gameCode') ?? '';
  return (
    <div className="page page--wide">
      <PageHeader
        title={t(`pages.${key}.title`)}
        lead={GAME_CODE_RE.test(code) ? t('pages.lottery.game', { code }) : t(`pages.${key}.lead`)}
      />
      <NotAvailable headingLevel={2} what={t(`pages.${key}.title`)} />
    </div>
  );
}
