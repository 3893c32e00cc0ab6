import type { ContractKind, ContractOffer, PayPeriod } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { usePermission } from '../../../shared/system/api/get-permission.ts';
import { toast } from '../../../shared/ui/toast.tsx';
import { useContractAction } from '../api/agent-calls.ts';
import { offerableKinds } from '../lib.ts';

const PERIODS: PayPeriod[] = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'];

/** Offer a contract to a direct downline: a flat real-time rate, or one tier for the others. */
export function OfferForm({ downline, onDone }: { downline?: string; onDone?(): void }) {
  const { t } = useTranslation('agent');
  const action = useContractAction();
  // SPEC §6: only the kinds switched on are offered (the server refuses the others).
  const kinds = offerableKinds(usePermission().data?.info.whitelabel.flags ?? {});
  const [account, setAccount] = useState(downline ?? '');
  const [chosen, setKind] = useState<ContractKind>('REALTIME');
  const kind = kinds.includes(chosen) ? chosen : (kinds[0] ?? chosen);
  const [rate, setRate] = useState('');
  const [threshold, setThreshold] = useState('');
  const [active, setActive] = useState('');
  const [payPeriod, setPayPeriod] = useState<PayPeriod>('MONTHLY');
  const [ownPlay, setOwnPlay] = useState(false);
  const fields = action.error instanceof ApiError ? action.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tier = {
      rate,
      ...(threshold ? (kind === 'DIVIDEND' ? { minNetLoss: threshold } : { minValidBet: threshold }) : {}),
      ...(active ? { minActiveMembers: Number(active) } : {}),
    };
    const offer: ContractOffer =
      kind === 'REALTIME'
        ? { downline: account, kind, rate, ownPlay }
        : {
            downline: account,
            kind,
            tiers: [tier],
            ownPlay,
            ...(kind === 'DIVIDEND' ? { payPeriod } : {}),
          };
    action.mutate(
      { action: 'offer', offer },
      {
        onSuccess: () => {
          toast.success(t('contracts.offered'));
          onDone?.();
        },
      },
    );
  };
  // Every kind switched off: nothing can be offered.
  if (kinds.length === 0) return null;
  return (
    <form className="agent-form" onSubmit={submit} noValidate aria-label={t('contracts.offer')}>
      <TextField
        label={t('contracts.downline')}
        name="downline"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={fields.downline}
        readOnly={Boolean(downline)}
      />
      <SelectField
        label={t('contracts.kind')}
        name="kind"
        value={kind}
        onChange={(e) => setKind(e.target.value as ContractKind)}
        error={fields.kind}
      >
        {kinds.map((k) => (
          <option key={k} value={k}>
            {t(`kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('contracts.rate')}
        name="rate"
        inputMode="decimal"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={fields.rate ?? fields.tiers}
        hint={t('contracts.rateHint')}
      />
      {kind !== 'REALTIME' && (
        <>
          <TextField
            label={t(kind === 'DIVIDEND' ? 'contracts.minNetLoss' : 'contracts.minValidBet')}
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
          <TextField
            label={t('contracts.minActiveMembers')}
            inputMode="numeric"
            value={active}
            onChange={(e) => setActive(e.target.value)}
          />
        </>
      )}
      {kind === 'DIVIDEND' && (
        <SelectField
          label={t('contracts.payPeriod')}
          value={payPeriod}
          onChange={(e) => setPayPeriod(e.target.value as PayPeriod)}
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`periods.${p}`)}
            </option>
          ))}
        </SelectField>
      )}
      <label className="small">
        <input
          type="checkbox"
          name="ownPlay"
          checked={ownPlay}
          onChange={(e) => setOwnPlay(e.target.checked)}
        />{' '}
        {t('contracts.ownPlay')}
      </label>
      {action.error && !Object.keys(fields).length && <p role="alert">{action.error.message}</p>}
      <Button type="submit" disabled={action.isPending}>
        {t('contracts.offer')}
      </Button>
    </form>
  );
}
