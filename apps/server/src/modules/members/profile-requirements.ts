import type { MessageKey, RequiredProfileField } from '@wps/contract';
import { AppError } from '../../http/errors.ts';

/** Each required field's message: what is missing and where the member sets it. */
const MESSAGE_OF: Record<RequiredProfileField, MessageKey> = {
  payeeName: 'realNameRequired',
  birthday: 'birthdayRequired',
  paymentPassword: 'paymentPasswordNotSet',
};

/**
 * The one refusal for a profile field the cashier needs and the member has not set (issue 27):
 * `PROFILE_INCOMPLETE`, `value.fields` naming each missing field with its message (translated by
 * the error handler); one missing field is also the top message, several get the general one.
 */
export function profileIncomplete(missing: readonly RequiredProfileField[]): AppError {
  const fields = Object.fromEntries(missing.map((f) => [f, MESSAGE_OF[f]]));
  const only = missing.length === 1 ? missing[0] : undefined;
  return new AppError('PROFILE_INCOMPLETE', {
    messageKey: only ? MESSAGE_OF[only] : 'profileIncomplete',
    fields,
  });
}

/** What of `needed` this member lacks, in the order asked. */
export function missingProfileFields(
  member: { payeeName: string | null; birthday: string | null; paymentPasswordHash: string | null },
  needed: readonly RequiredProfileField[],
): RequiredProfileField[] {
  const has: Record<RequiredProfileField, boolean> = {
    payeeName: Boolean(member.payeeName?.trim()),
    birthday: Boolean(member.birthday),
    paymentPassword: member.paymentPasswordHash !== null,
  };
  return needed.filter((f) => !has[f]);
}

/** Refuses with `PROFILE_INCOMPLETE` when the member lacks any of `needed`. */
export function requireProfile(
  member: Parameters<typeof missingProfileFields>[0],
  needed: readonly RequiredProfileField[],
): void {
  const missing = missingProfileFields(member, needed);
  if (missing.length) throw profileIncomplete(missing);
}
