import type { Withdrawal } from '@wps/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type ReceiptOutcome, useConfirmReceipt } from '../api/confirm-receipt.ts';
import { showServerError } from '../lib/form.ts';
import { checkAmount, specText } from '../lib/money.ts';
import { remainderAfter } from '../lib/receipt.ts';
import { useLocale } from '../lib/use-locale.ts';
import { Money } from './money.tsx';
import { ProofField } from './proof-field.tsx';

/**
 * SPEC §4 withdrawal receipt: received in full, partial (the remainder shown as you type), not
 * received (a proof image opens an investigation), or — after a partial answer — all received.
 */
export function ReceiptDialog({ withdrawal: w, onClose }: { withdrawal: Withdrawal; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const confirm = useConfirmReceipt();
  const afterPartial = w.receiptStatus === 'partial';
  const outcomes: ReceiptOutcome[] = afterPartial
    ? ['all_received', 'partial', 'not_received']
    : ['received', 'partial', 'not_received'];
  const [outcome, setOutcome] = useState<ReceiptOutcome>(outcomes[0] ?? 'received');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const remainder = outcome === 'partial' ? remainderAfter(w.amount, amount) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next: Record<string, string | null> = { amount: null, proof: errors.proof ?? null };
    if (outcome === 'partial') {
      const c = checkAmount(amount);
      next.amount = !c.ok
        ? specText(c.key, locale, ...c.args)
        : remainderAfter(w.amount, amount) === null
          ? specText('receivedAmountInvalid', locale)
          : null;
    }
    if (outcome === 'not_received' && !proof && !next.proof) next.proof = specText('proofRequired', locale);
    if (outcome !== 'not_received') next.proof = null;
    setErrors(next);
    if (next.amount || next.proof) return;
    try {
      await confirm.mutateAsync({
        id: w.id,
        outcome,
        amount: outcome === 'partial' ? amount.trim() : undefined,
        note: note.trim() || undefined,
        proof: outcome === 'not_received' ? proof : null,
      });
      toast.success(t('receipt.done'));
      onClose();
    } catch (err) {
      showServerError(
        err,
        ['amount', 'proof'],
        (f, m) => setErrors((old) => ({ ...old, [f]: m })),
        setFormError,
        specText('unknown', locale),
      );
    }
  };

  return (
    <Modal open onClose={onClose} title={t('receipt.title')} closeLabel={t('close')} size="sm">
      <form className="wallet-form" onSubmit={submit} noValidate>
        <p className="small">
          {t('receipt.lead')} <Money value={w.amount} /> · {w.payout.provider} {w.payout.accountNumber}
        </p>
        {w.payoutReference && (
          <p className="small">
            {t('withdraw.reference')} <strong className="num">{w.payoutReference}</strong>
          </p>
        )}
        {afterPartial && (
          <p className="wallet-remainder small">
            {t('receipt.soFar')} <Money value={w.receivedAmount} /> · {t('receipt.remainder')}{' '}
            <Money value={w.remainder} />
          </p>
        )}
        <fieldset className="wallet-choices">
          <legend className="field__label">{t('receipt.question')}</legend>
          {outcomes.map((o) => (
            <label key={o}>
              <input
                type="radio"
                name="receipt-outcome"
                value={o}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
              />
              {t(`receipt.outcomes.${o}`)}
            </label>
          ))}
        </fieldset>
        {outcome === 'partial' && (
          <>
            <TextField
              label={t('receipt.receivedAmount')}
              inputMode="decimal"
              autoComplete="off"
              className="num"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
            />
            <p className="wallet-remainder small" aria-live="polite">
              {t('receipt.remainder')}{' '}
              {remainder ? <Money value={remainder} /> : <span className="muted">—</span>}
            </p>
          </>
        )}
        {outcome === 'not_received' && (
          <ProofField
            label={t('receipt.proof')}
            hint={t('receipt.proofHint')}
            file={proof}
            onFile={setProof}
            error={errors.proof}
            onError={(m) => setErrors((old) => ({ ...old, proof: m }))}
          />
        )}
        <TextField
          label={t('receipt.note')}
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
        {formError && (
          <p className="wallet-error" role="alert">
            {formError}
          </p>
        )}
        <div className="wallet-actions">
          <Button type="submit" loading={confirm.isPending}>
            {t('receipt.submit')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
