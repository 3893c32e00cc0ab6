import { SPEC } from '@wps/contract';
import { useCallback, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client.ts';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { useCountdown } from '../../../shared/ui/countdown.tsx';
import { showInfo } from './auth-effects.tsx';

/**
 * SPEC §4 SMS countdown: after a code is sent the button is disabled and counts down
 * expiredMinutes × 60 seconds; clicks closer than a second apart are ignored (SPEC §9).
 * `send` answers the server's `expiredMinutes`; a failure shows the server's message in a
 * warning dialog (SPEC §8), or under the field when it is about one.
 */
export function SmsCodeField({
  label,
  error,
  code,
  send,
  onFieldError,
}: {
  label: string;
  error?: string | null | undefined;
  code: UseFormRegisterReturn;
  /** Validates what it needs (number, human check) and sends; null = not sent (errors shown). */
  send(): Promise<{ expiredMinutes: number } | null>;
  onFieldError?(fields: Record<string, string>): void;
}) {
  const { t } = useTranslation('auth');
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState(false);
  const lastSent = useRef(Number.NEGATIVE_INFINITY);
  const done = useCallback(() => setEndsAt(null), []);
  const seconds = useCountdown(endsAt, done);
  const counting = endsAt !== null && seconds > 0;

  const onSend = async () => {
    // SPEC §9: sends at least a second apart; a click refused by the form's own checks does not count.
    if (counting || sending || Date.now() - lastSent.current < SPEC.sendSmsThrottleMs) return;
    setSending(true);
    try {
      const sent = await send();
      if (sent) {
        lastSent.current = Date.now();
        setEndsAt(Date.now() + sent.expiredMinutes * 60_000);
        setSentTo(true);
      }
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length && onFieldError) onFieldError(err.fields);
      else showInfo(err instanceof Error ? err.message : t('errors.unknown'), t('sms.failedTitle'));
    } finally {
      setSending(false);
    }
  };

  return (
    <FieldShell label={label} error={error} hint={sentTo && counting ? t('sms.sentHint') : undefined}>
      {({ inputId, describedBy, invalid }) => (
        <div className="code-input">
          <input
            id={inputId}
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SPEC.verificationCodeMaxLength}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...code}
          />
          <button
            type="button"
            className="btn btn--secondary btn--md code-input__send"
            disabled={counting || sending}
            aria-busy={sending || undefined}
            onClick={onSend}
          >
            {sending && <span className="spinner spinner--inline" aria-hidden="true" />}
            {counting ? (
              <span className="num">{t('sms.resendIn', { s: seconds })}</span>
            ) : sentTo ? (
              t('sms.resend')
            ) : (
              t('sms.send')
            )}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
