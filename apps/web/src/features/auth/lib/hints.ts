import type { FieldRuleLike } from '@wps/contract';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "4–16 characters." under a field, "6 characters." when both bounds agree; none for "anything". */
export function lengthHint(t: T, rule: FieldRuleLike): string | undefined {
  if (rule.acceptedPattern === '*' && rule.minLength === 0) return undefined;
  if (rule.minLength === rule.maxLength) return t('fields.exactHint', { n: rule.minLength });
  return t('fields.lengthHint', { min: rule.minLength, max: rule.maxLength });
}
