import { FEEDBACK_LIMITS, FEEDBACK_TYPE_CODES, FEEDBACK_TYPES } from '@wps/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PopupBodyProps } from '../../../app/popup-registry.ts';
import { CaptchaField } from '../../auth/components/captcha-field.tsx';
import { ApiError } from '../../../shared/api/client.ts';
import { useSessionStore } from '../../../shared/session/store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { ProofField } from '../../wallet/components/proof-field.tsx';
import { sendFeedback, uploadFeedbackProof } from '../api/content.ts';
import { MyFeedback } from '../components/my-feedback.tsx';
import { emptyFeedbackFields } from '../lib/announcements.ts';
import '../home.css';

interface Form {
  type: string;
  content: string;
  captcha: string;
}

/**
 * SPEC §2/§5 feedback: question type, a 20–200 character description with a live counter (hard
 * limit 200), and the image captcha (refresh at most once a second). Empty fields are named in
 * one '… is empty' warning; the server repeats every rule.
 */
export default function FeedbackPopup({ close }: PopupBodyProps) {
  const { t } = useTranslation('content');
  const account = useSessionStore((s) => s.member?.account ?? null);
  const { register, handleSubmit, watch, setError, formState } = useForm<Form>({
    defaultValues: { type: '', content: '', captcha: '' },
  });
  const [captchaKey, setCaptchaKey] = useState('');
  const [generation, setGeneration] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [showMine, setShowMine] = useState(false);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  // SPEC §3/§5: a member reporting a withdrawal may attach a proof image (not received).
  const proofShown = account !== null && watch('type') === String(FEEDBACK_TYPES.withdraw);
  const onKey = useCallback((k: string) => setCaptchaKey(k), []);
  const length = [...watch('content').trim()].length;

  const submit = handleSubmit(async (v) => {
    const empty = emptyFeedbackFields(v, true);
    if (empty.length) {
      setWarning(t('feedback.isEmpty', { fields: empty.map((f) => t(`feedback.fields.${f}`)).join(', ') }));
      return;
    }
    if (length < FEEDBACK_LIMITS.minChars || length > FEEDBACK_LIMITS.maxChars) {
      setError('content', {
        message: t('feedback.length', { min: FEEDBACK_LIMITS.minChars, max: FEEDBACK_LIMITS.maxChars }),
      });
      return;
    }
    setWarning(null);
    setBusy(true);
    let proofId: string | undefined;
    if (proofShown && proof) {
      try {
        proofId = (await uploadFeedbackProof(proof)).id;
      } catch (err) {
        setProofError(err instanceof ApiError ? (err.fields.proof ?? err.message) : t('feedback.failed'));
        setBusy(false);
        return;
      }
    }
    try {
      const res = await sendFeedback({
        ...(proofId ? { proofId } : {}),
        type: Number(v.type),
        content: v.content.trim(),
        captcha: v.captcha.trim(),
        captchaKey,
        ...(account ? { sender: account } : {}),
      });
      setSent(res.id);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field === 'type' || field === 'content' || field === 'captcha') setError(field, { message });
        }
        if (!Object.keys(err.fields).length) setWarning(err.message);
      } else setWarning(t('feedback.failed'));
      // The server used the captcha up, right or wrong.
      setGeneration((g) => g + 1);
    } finally {
      setBusy(false);
    }
  });

  if (sent !== null) {
    return (
      <div className="feedback feedback--done" role="status">
        <p className="feedback__done">{t('feedback.thanks', { id: sent })}</p>
        <p className="small muted">{account ? t('feedback.repliesMember') : t('feedback.repliesGuest')}</p>
        {account && <MyFeedback />}
        <Button block onClick={close}>
          {t('feedback.close')}
        </Button>
      </div>
    );
  }

  const errors = formState.errors;
  return (
    <form className="feedback" onSubmit={submit} noValidate>
      {warning && (
        <p className="feedback__warning" role="alert">
          {warning}
        </p>
      )}
      <FieldShell label={t('feedback.fields.type')} error={errors.type?.message}>
        {({ inputId, describedBy, invalid }) => (
          <select
            id={inputId}
            className="input"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...register('type')}
          >
            <option value="">{t('feedback.choose')}</option>
            {FEEDBACK_TYPE_CODES.map((c) => (
              <option key={c} value={String(c)}>
                {t(`feedback.types.${c}`)}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FieldShell
        label={t('feedback.fields.content')}
        error={errors.content?.message}
        aside={
          <span
            aria-live="polite"
            className={length > 0 && length < FEEDBACK_LIMITS.minChars ? 'field__count--low' : undefined}
          >
            {t('feedback.counter', { n: length, max: FEEDBACK_LIMITS.maxChars })}
          </span>
        }
        hint={t('feedback.hint', { min: FEEDBACK_LIMITS.minChars, max: FEEDBACK_LIMITS.maxChars })}
      >
        {({ inputId, describedBy, invalid }) => (
          <textarea
            id={inputId}
            className="input feedback__text"
            rows={5}
            maxLength={FEEDBACK_LIMITS.maxChars}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...register('content')}
          />
        )}
      </FieldShell>
      {proofShown && (
        <ProofField
          label={t('feedback.proof')}
          hint={t('feedback.proofHint')}
          file={proof}
          onFile={setProof}
          error={proofError}
          onError={setProofError}
        />
      )}
      <CaptchaField
        captcha={register('captcha')}
        error={errors.captcha?.message}
        generation={generation}
        onKey={onKey}
      />
      <Button type="submit" block disabled={busy}>
        {busy ? t('feedback.sending') : t('feedback.submit')}
      </Button>
      {account && (
        <Button
          type="button"
          variant="ghost"
          block
          aria-expanded={showMine}
          onClick={() => setShowMine((v) => !v)}
        >
          {t('feedback.mine')}
        </Button>
      )}
      {account && showMine && <MyFeedback />}
    </form>
  );
}
