import type { Referral } from '@wps/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Loader } from '../../../shared/ui/loader.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { PROMOTIONS_QUERY_KEY } from '../api/get-promotions.ts';
import '../promotions.css';

/** Member centre › referral (refer and earn): the personal invite link, its QR code and who joined. */
export default function ReferralPage() {
  const { t } = useTranslation('promotions');
  const referral = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'referral'],
    queryFn: ({ signal }) => api.get<Referral>('/wps/promotions/referral', { signal }),
  });
  if (referral.isPending) return <Loader label={t('loading')} />;
  if (referral.error) return <p className="wallet-error">{referral.error.message}</p>;
  const link = `${window.location.origin}/register?referralCode=${encodeURIComponent(referral.data.referralCode)}`;
  return (
    <div className="stack">
      <p>{t('referral.lead')}</p>
      <p className="promo-body">
        <strong>{t('referral.link')}</strong> <span data-testid="referral-link">{link}</span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          void navigator.clipboard?.writeText(link).then(
            () => toast.success(t('referral.copied')),
            () => undefined,
          )
        }
      >
        {t('referral.copy')}
      </Button>
      <QrCode value={link} label={t('referral.qr')} displaySize={180} />
      <p>{t('referral.invited', { count: referral.data.invited })}</p>
    </div>
  );
}
