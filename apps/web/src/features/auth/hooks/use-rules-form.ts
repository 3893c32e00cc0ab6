import { useCallback, useMemo, useRef, useState } from 'react';
import { type FieldValues, type Path, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/client.ts';
import type { Errors } from '../lib/validation.ts';

/**
 * react-hook-form driven by one of the pure validators in lib/ (the spec's rules and words), with
 * the server's answer mapped back: field messages under their fields, the rest as a form message.
 */
export function useRulesForm<T extends FieldValues>(
  validate: (values: T) => Errors,
  options: Omit<UseFormProps<T>, 'resolver'>,
) {
  const latest = useRef(validate);
  latest.current = validate;
  const resolver = useMemo<Resolver<T>>(
    () => async (values) => {
      const errors = latest.current(values);
      const keys = Object.keys(errors);
      if (keys.length === 0) return { values, errors: {} };
      return {
        values: {},
        errors: Object.fromEntries(keys.map((k) => [k, { type: 'validate', message: errors[k] }])),
      } as unknown as Awaited<ReturnType<Resolver<T>>>;
    },
    [],
  );
  const form = useForm<T>({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  const { setError } = form;

  /** Shows a failed call: its field messages under the fields the form has, anything else on top. */
  const showServerError = useCallback(
    (err: unknown, fieldsShown: readonly string[], fallback: string) => {
      if (!(err instanceof ApiError)) {
        setFormError(err instanceof Error && err.message ? err.message : fallback);
        return;
      }
      let unplaced = Object.keys(err.fields).length === 0;
      for (const [field, message] of Object.entries(err.fields)) {
        if (fieldsShown.includes(field)) setError(field as Path<T>, { type: 'server', message });
        else unplaced = true;
      }
      setFormError(unplaced ? err.message || fallback : null);
    },
    [setError],
  );

  return { ...form, formError, setFormError, showServerError };
}
