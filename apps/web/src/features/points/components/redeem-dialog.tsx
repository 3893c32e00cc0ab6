import type { PointsProduct } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useRedeem } from '../api/points.ts';

/** Redeem one product: the payment password, and a delivery address for physical items. */
export function RedeemDialog({ product, onClose }: { product: PointsProduct; onClose(): void }) {
  const { t } = useTranslation('promotions');
  const { t: tc } = useTranslation();
  const redeem = useRedeem();
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState('');
  const fields = redeem.error instanceof ApiError ? redeem.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    redeem.mutate(
      {
        productId: product.id,
        paymentPassword: password,
        ...(product.kind === 'physical' ? { address } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('mall.redeemed'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('mall.redeemTitle', { name: product.name })}
      closeLabel={tc('actions.close')}
      size="sm"
    >
      <form className="stack" onSubmit={submit} noValidate>
        <p>{t('mall.cost', { points: product.points })}</p>
        {product.kind === 'physical' && (
          <TextField
            label={t('mall.address')}
            value={address}
            maxLength={300}
            onChange={(e) => setAddress(e.target.value)}
            error={fields.address ? redeem.error?.message : undefined}
            autoComplete="street-address"
          />
        )}
        <TextField
          label={t('mall.paymentPassword')}
          type="password"
          value={password}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
        />
        {redeem.error && !fields.address && (
          <p className="wallet-error" role="alert">
            {redeem.error.message}
          </p>
        )}
        <Button type="submit" disabled={redeem.isPending || password === ''}>
          {t('mall.redeem')}
        </Button>
      </form>
    </Modal>
  );
}
