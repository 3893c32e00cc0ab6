import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../shared/ui/field.tsx';
import { getCaptcha } from '../api/get-captcha.ts';
import { createThrottle, newCaptchaKey } from '../lib/captcha.ts';

/**
 * The server-drawn image captcha (SPEC §4): named by a random client key, refreshed by a click
 * at most once a second, and redrawn whenever `generation` changes (each answer uses it up).
 */
export function CaptchaField({
  captcha,
  error,
  generation,
  onKey,
}: {
  captcha: UseFormRegisterReturn;
  error?: string | null | undefined;
  /** Bump after every submit: the server consumed the image, right or wrong. */
  generation: number;
  onKey(key: string): void;
}) {
  const { t } = useTranslation('auth');
  const [key] = useState(newCaptchaKey);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const throttle = useRef(createThrottle());

  const load = useCallback(() => {
    setFailed(false);
    getCaptcha(key).then(setImage, () => setFailed(true));
  }, [key]);

  useEffect(() => onKey(key), [key, onKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation asks for a new image.
  useEffect(() => {
    throttle.current(Date.now());
    load();
  }, [load, generation]);

  return (
    <FieldShell label={t('fields.captcha')} error={error}>
      {({ inputId, describedBy, invalid }) => (
        <div className="captcha-input">
          <input
            id={inputId}
            className="input"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={20}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...captcha}
          />
          <button
            type="button"
            className="captcha-input__image"
            aria-label={t('fields.captchaRefresh')}
            title={t('fields.captchaRefresh')}
            onClick={() => {
              if (throttle.current(Date.now())) load();
            }}
          >
            {image && !failed ? (
              <img src={image} alt={t('fields.captchaImage')} width={120} height={44} />
            ) : (
              <span className="small muted">{failed ? t('errors.imageLoad') : t('loading')}</span>
            )}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
