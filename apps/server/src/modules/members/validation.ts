import {
  type CompleteLocale,
  checkFieldRule,
  type FieldRuleLike,
  type MessageKey,
  type RegisterFieldRule,
  SPEC,
} from '@wps/contract';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { normalizeDialCode, normalizeMobile } from './normalize.ts';

/**
 * Collects per-field messages in the caller's language and throws them together as one
 * VALIDATION error (DESIGN §4 `value.fields`). The top message is the first field's message
 * when it is one of the spec's texts, else a generic "check the highlighted fields".
 */
export class FieldErrors {
  readonly fields: Record<string, string> = {};
  private first: { key: MessageKey; args: Array<string | number> } | null = null;
  private count = 0;

  constructor(readonly locale: CompleteLocale) {}

  add(field: string, key: MessageKey, args: Array<string | number> = []): void {
    if (this.fields[field]) return;
    this.fields[field] = translate(this.locale, key, args);
    if (this.count++ === 0) this.first = { key, args };
  }

  addText(field: string, text: string): void {
    if (this.fields[field]) return;
    this.fields[field] = text;
    this.count++;
  }

  has(field: string): boolean {
    return field in this.fields;
  }

  get any(): boolean {
    return this.count > 0;
  }

  throwIfAny(): void {
    if (!this.any) return;
    const useFirst = this.count === 1 && this.first;
    throw new AppError('VALIDATION', {
      messageKey: useFirst ? this.first!.key : 'checkFields',
      args: useFirst ? this.first!.args : [],
      fields: this.fields,
    });
  }

  /** Required + rule check of one value; answers the trimmed value (or null when absent). */
  checkRule(
    field: string,
    value: string | undefined | null,
    rule: FieldRuleLike | undefined,
    opts: { required: boolean; trim?: boolean },
  ): string | null {
    const v = opts.trim === false ? (value ?? '') : (value ?? '').trim();
    if (!v) {
      if (opts.required) this.add(field, 'inputEmpty');
      return null;
    }
    if (rule) {
      const message = checkFieldRule(v, rule, this.locale);
      if (message) {
        this.addText(field, message);
        return null;
      }
    }
    return v;
  }
}

/** The dialing code used when a client sends none: the product serves Nepal first. */
export const DEFAULT_DIAL_CODE = '977';

/**
 * A phone number as SMS calls take it: missing → 'Please enter a valid phone number.',
 * malformed → 'Invalid phone number format.' (SPEC §8).
 */
export function parsePhone(
  errors: FieldErrors,
  field: string,
  mobile: string | undefined | null,
  dialCode: string | undefined | null,
): { dialCode: string; mobile: string } | null {
  const m = normalizeMobile((mobile ?? '').trim());
  if (!m) {
    errors.add(field, 'missingPhone');
    return null;
  }
  const d = normalizeDialCode(dialCode) || DEFAULT_DIAL_CODE;
  if (!/^[0-9]{6,15}$/.test(m) || !/^[0-9]{1,4}$/.test(d)) {
    errors.add(field, 'invalidPhone');
    return null;
  }
  return { dialCode: d, mobile: m };
}

/** A new password: required, the password rule, not the default weak one, confirmed. */
export function checkNewPassword(
  e: FieldErrors,
  rule: RegisterFieldRule | undefined,
  field: string,
  value: string | undefined,
  confirmField: string,
  confirm: string | undefined,
  opts: { confirmRequired: boolean; mismatch?: 'passwordsInconsistent' | 'confirmMismatch' },
): string | null {
  const pw = e.checkRule(field, value, rule, { required: true, trim: false });
  if (value === SPEC.defaultWeakPassword) e.add(field, 'passwordNotAllowed');
  if (!confirm) {
    if (opts.confirmRequired) e.add(confirmField, 'inputEmpty');
  } else if (value && confirm !== value) {
    e.add(confirmField, opts.mismatch ?? 'passwordsInconsistent');
  }
  return e.has(field) ? null : pw;
}
