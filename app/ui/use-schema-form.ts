import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import type * as z from "zod";
import { useT } from "~/i18n/use-t";
import { validate, type Issue } from "~/lib/validation";

/** SPEC §9: validation runs 300 ms after typing stops, and at once on blur and change. */
export const validationDelay = 300;

type Values = Record<string, string>;

/**
 * Form state checked by the payload's shared zod schema: field values, the first message per field, and a
 * submit check. Fields show their message once the visitor has been in them, or after a submit.
 */
export function useSchemaForm<V extends Values>(schema: z.ZodType, initial: V, extra: () => Record<string, unknown> = () => ({})) {
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const visited = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = useCallback(
    (next: V, fields: "all" | string[]) => {
      const result = validate(schema, { ...next, ...extra() }, t);
      const found: Record<string, string> = {};
      if (!result.ok) for (const issue of result.issues) found[issue.path] ??= issue.message;
      setErrors((previous) => {
        if (fields === "all") return found;
        const merged = { ...previous };
        for (const field of fields) {
          if (found[field]) merged[field] = found[field];
          else delete merged[field];
        }
        return merged;
      });
      return result;
    },
    [schema, t, extra],
  );

  /** Props for the input of `name`. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? "",
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      visited.current.add(name);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => check(next, [...visited.current]), validationDelay);
    },
    onBlur: () => {
      visited.current.add(name);
      clearTimeout(timer.current);
      check(values, [...visited.current]);
    },
  });

  /** Checks everything; returns the parsed payload, or undefined after showing the messages. */
  const submit = <T>(): T | undefined => {
    clearTimeout(timer.current);
    for (const name of Object.keys(values)) visited.current.add(name);
    const result = check(values, "all");
    return result.ok ? (result.data as T) : undefined;
  };

  /** Shows the server's messages on their fields. */
  const showIssues = (issues: Issue[] | undefined) => {
    if (!issues?.length) return;
    setErrors((previous) => {
      const merged = { ...previous };
      for (const issue of issues) if (issue.path) merged[issue.path] = issue.message;
      return merged;
    });
  };

  const reset = (next: V = initial) => {
    visited.current.clear();
    setValues(next);
    setErrors({});
  };

  return { values, setValues, errors, field, submit, showIssues, reset };
}
