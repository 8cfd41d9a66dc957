import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import type * as z from "zod";
import type { TFunction } from "~/i18n/translate";
import { validate } from "~/lib/validation";

/** SPEC §9: validation runs 300 ms after typing stops, and at once on blur and change. */
export const validationDelayMs = 300;

type Values = Record<string, string>;

/**
 * Form state validated by the payload's shared zod schema. A field shows its error once it has been left (or
 * typed in and paused, or the form submitted), so nobody is scolded for a field they have not reached.
 */
export function useForm<T>(schema: z.ZodType<T>, initial: Values, t: TFunction) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const touched = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = useCallback(
    (next: Values) => {
      const result = validate(schema, next, t);
      const shown: Record<string, string> = {};
      if (!result.ok) {
        for (const issue of result.issues) {
          if (touched.current.has(issue.path) && !shown[issue.path]) shown[issue.path] = issue.message;
        }
      }
      setErrors(shown);
      return result;
    },
    [schema, t],
  );

  const field = (name: string) => ({
    name,
    value: values[name] ?? "",
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      touched.current.add(name);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => check(next), validationDelayMs);
    },
    onBlur: () => {
      touched.current.add(name);
      clearTimeout(timer.current);
      check(values);
    },
  });

  /** Validates everything; returns the parsed data, or undefined after showing every error. */
  const submit = (): T | undefined => {
    clearTimeout(timer.current);
    for (const name of Object.keys(values)) touched.current.add(name);
    const result = check(values);
    return result.ok ? result.data : undefined;
  };

  return { values, setValues, errors, setErrors, field, submit };
}
