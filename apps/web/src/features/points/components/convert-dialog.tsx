import type { PointsSummary } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useConvertPoints } from '../api/points.ts';

/** NPR for `points` at `perPoint` ("0.50"), in paisa arithmetic: no float ever touches money. */
export function cashFor(points: number, perPoint: string): string {
  const [whole = '0', frac = ''] = perPoint.split('.');
  const paisa = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  const total = BigInt(points) * paisa;
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** Points to cash: how many, what they are worth at today's rate, the payment password. */
export function ConvertDialog({ summary, onClose }: { summary: PointsSummary; onClose(): void }) {
  const { t } = useTranslation('promotions');
  const { t: tc } = useTranslation();
  const convert = useConvertPoints();
  // One id per dialog: pressing again, or a retry after a dropped answer, converts once.
  const [requestId] = useState(() => crypto.randomUUID());
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const perPoint = summary.convertPerPoint ?? '0.00';
  const count = /^\d{1,9}$/.test(points) ? Number(points) : 0;
  const fields = convert.error instanceof ApiError ? convert.error.fields : {};
  const valid = count >= summary.convertMinPoints && count <= summary.balance && password !== '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    convert.mutate(
      { points: count, paymentPassword: password, requestId },
      {
        onSuccess: (done) => {
          toast.success(t('mall.convertDone', { points: done.points, amount: done.amount }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal open onClose={onClose} title={t('mall.convertTitle')} closeLabel={tc('actions.close')} size="sm">
      <form className="stack" onSubmit={submit} noValidate>
        <p>{t('mall.convertRate', { amount: perPoint, min: summary.convertMinPoints })}</p>
        <TextField
          label={t('mall.convertPoints')}
          inputMode="numeric"
          value={points}
          maxLength={9}
          onChange={(e) => setPoints(e.target.value.replace(/\D/g, ''))}
          error={fields.points ? convert.error?.message : undefined}
          hint={`${t('mall.balance')} ${summary.balance}`}
        />
        {count > 0 && (
          <p data-testid="convert-cash">{t('mall.convertYouGet', { amount: cashFor(count, perPoint) })}</p>
        )}
        <TextField
          label={t('mall.paymentPassword')}
          type="password"
          value={password}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
          error={fields.paymentPassword ? convert.error?.message : undefined}
        />
        {convert.error && !fields.points && !fields.paymentPassword && (
          <p className="wallet-error" role="alert">
            {convert.error.message}
          </p>
        )}
        <Button type="submit" disabled={convert.isPending || !valid}>
          {t('mall.convert')}
        </Button>
      </form>
    </Modal>
  );
}
