import { ApiError } from '../../../shared/api/client.ts';

/**
 * Puts a failed call's messages where a person looks: each field message from the server under
 * its field (when the form has that field), everything else in the form's own error box.
 */
export function showServerError(
  err: unknown,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
  setFormError: (message: string) => void,
  fallback: string,
): void {
  if (err instanceof ApiError) {
    let placed = false;
    for (const [field, message] of Object.entries(err.fields)) {
      if (fields.includes(field)) {
        setFieldError(field, message);
        placed = true;
      }
    }
    if (!placed) setFormError(err.message || fallback);
    return;
  }
  setFormError(fallback);
}
