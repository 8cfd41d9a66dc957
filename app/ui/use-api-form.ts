import { startTransition, useActionState, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type * as z from "zod";
import { useT } from "~/i18n/use-t";
import type { ApiData, ApiFailure, ApiRequest } from "~/lib/api-client";
import { validate, type Issue } from "~/lib/validation";
import { toast } from "./toast/store";
import type { ToastInput, ToastVariant } from "./toast/types";
import { failureToast, successToast, useApi } from "./use-api";

/** A field is checked this long after typing in it stops, and at once when it is left or a choice changes. */
const validationDelay = 300;

/** A form's values: a string per text field, a list of strings per checklist. */
export type FormValues = Record<string, string | string[]>;
export type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
export type ListField<V> = { [K in keyof V]: V[K] extends string[] ? K : never }[keyof V] & string;
/** The first message of each field that has one. */
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export interface ApiFormOptions<V extends FormValues, I> {
  /**
   * The form's rules: the call's shared zod schema, extended with what only the form has (a password
   * confirmation). Its output is what is sent.
   */
  schema: z.ZodType<I>;
  /** The JSON API endpoint: the one implementation of the call, and the form's `action`. */
  path: string;
  method?: "POST" | "PUT";
  /** The starting values; also what `reset` goes back to. */
  initial: V;
  /**
   * The call made from the checked values, for forms that add something (this browser's key, a signature, a
   * header). By default the values are the body. A password's confirmation is never sent.
   */
  request?: (input: Sent<I>) => ApiRequest | Promise<ApiRequest>;
  /** The toast of a success; by default the server's message. `false` when the caller says it itself. */
  successToast?: false | ((data: ApiData) => ToastInput | undefined);
  /** Load the page's data again after a success (the default), so that it shows the change. */
  revalidate?: boolean;
  /** Empty the fields after a success: for forms that stay on the page. */
  reset?: boolean;
  /** Report a failure as a toast of this kind instead of the alert above the fields. */
  failureToast?: ToastVariant;
  /** After a success: its toast is up and the page's data is fresh. */
  onSuccess?: (data: ApiData, input: Sent<I>) => void;
  onFailure?: (failure: ApiFailure) => void;
}

/** What is sent of the checked values: all but the password's confirmation. */
export type Sent<I> = Omit<I, "confirmPassword">;

export interface TextFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

export interface ListFieldProps {
  name: string;
  selected: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}

export interface ApiFormState<V extends FormValues> {
  /** The endpoint, for the form's `action` attribute. */
  action: string;
  /**
   * Takes over what was typed in the form's text fields before the page was hydrated: hydration keeps that text on
   * screen but not in the values, so the next render would empty the fields. Called when the form is mounted
   * (after a client-side navigation its fields hold its values, and nothing changes).
   */
  takeOverTyped: (form: HTMLFormElement) => void;
  values: V;
  errors: FieldErrors<V>;
  /** The alert's message: the last failure that no field explains. */
  failure: string | undefined;
  pending: boolean;
  /** Props for the input of a text field: its name, value and checks. */
  field: (name: TextField<V>) => TextFieldProps;
  /** Props for the checklist of a list field (`<Checklist>`): its name, choice, checks and message. */
  list: (name: ListField<V>) => ListFieldProps;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The first message per field; a nested path (`roleIds.0`) belongs to its top-level field. */
function firstMessages(issues: Issue[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[0];
    if (field) found[field] ??= issue.message;
  }
  return found;
}

/** Inputs whose value is text a reader types (not a box to tick, a file or a button). */
const typedInputs = new Set(["text", "email", "password", "search", "tel", "url", "number"]);

/**
 * The text fields of `form` whose input holds something other than what was rendered into it (its default value),
 * or nothing if none. Hydration keeps such text but does not put it in the form's values; a textarea that was
 * rendered with text is reset by hydration itself, so only an empty one can hold typing.
 */
function typedBeforeHydration<V extends FormValues>(form: HTMLFormElement, initial: V): Partial<V> | undefined {
  const typed: Record<string, string> = {};
  for (const [name, start] of Object.entries(initial)) {
    if (typeof start !== "string") continue;
    const input = form.elements.namedItem(name);
    const isText =
      (input instanceof HTMLInputElement && typedInputs.has(input.type)) || input instanceof HTMLTextAreaElement;
    if (isText && input.value !== input.defaultValue) typed[name] = input.value;
  }
  return Object.keys(typed).length ? (typed as Partial<V>) : undefined;
}

function withoutConfirmation<I>(input: I): Sent<I> {
  if (!input || typeof input !== "object" || !("confirmPassword" in input)) return input;
  const { confirmPassword: _confirmation, ...rest } = input;
  return rest as Sent<I>;
}

/**
 * The one way a form sends its data: to the JSON API, checked first by the call's shared schema.
 *
 * - A field shows its first message once it has been visited (typed in or left) or the form was submitted;
 *   messages follow typing after `validationDelay`, leaving a field or changing a choice at once.
 * - On submit everything is checked; nothing is sent while a message remains (the first such field takes the
 *   focus) or while a call is under way.
 * - A refusal puts the server's issues on their fields; a failure no field explains becomes the form's alert
 *   (or a toast, with `failureToast`).
 * - A success shows the server's message as a toast, loads the page's data again, then calls `onSuccess`.
 *
 * Render it with `<ApiForm form={…}>` and `<SubmitButton>` (./api-form): a real `<form method="post">` to the
 * endpoint, with named inputs.
 */
export function useApiForm<V extends FormValues, I>(options: ApiFormOptions<V, I>): ApiFormState<V> {
  const t = useT();
  const api = useApi();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const visited = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Checks `next` and shows the messages of the visited fields (every field's on submit). */
  const check = (next: V, submitting = false) => {
    clearTimeout(timer.current);
    if (submitting) for (const name of Object.keys(next)) visited.current.add(name);
    const result = validate(options.schema, next, t);
    const found = result.ok ? {} : firstMessages(result.issues);
    const shown: FieldErrors<V> = {};
    for (const name of visited.current) if (found[name]) shown[name as keyof FieldErrors<V>] = found[name];
    setErrors(shown);
    return result;
  };

  /** Puts the server's issues on the form's fields; says whether any field took one. */
  const showIssues = (issues: Issue[]) => {
    const onFields = Object.entries(firstMessages(issues)).filter(([name]) => name in values);
    if (onFields.length) setErrors((previous) => ({ ...previous, ...Object.fromEntries(onFields) }));
    return onFields.length > 0;
  };

  const reset = () => {
    clearTimeout(timer.current);
    visited.current.clear();
    setValues(options.initial);
    setErrors({});
  };

  // React runs one submission at a time and reports it as pending until the call (and the reload of the
  // page's data) is over; the state is the alert's message.
  const [failure, send, pending] = useActionState(async (_previous: string | undefined, checked: I) => {
    const input = withoutConfirmation(checked);
    const request = options.request ? await options.request(input) : { body: input };
    const result = await api(options.path, { method: options.method ?? "POST", ...request });
    if (!result.ok) {
      const onFields = showIssues(result.issues);
      options.onFailure?.(result);
      if (options.failureToast) {
        toast(failureToast(result, options.failureToast));
        return undefined;
      }
      return onFields ? undefined : result.message;
    }
    const shown = options.successToast === false ? undefined : (options.successToast ?? successToast)(result.data);
    if (shown) toast(shown);
    if (options.reset) reset();
    if (options.revalidate !== false) await revalidator.revalidate();
    options.onSuccess?.(result.data, input);
    return undefined;
  }, undefined);

  return {
    action: options.path,
    takeOverTyped: (form) => {
      const typed = typedBeforeHydration(form, options.initial);
      if (!typed) return;
      for (const name of Object.keys(typed)) visited.current.add(name);
      setValues((previous) => ({ ...previous, ...typed }));
    },
    values,
    errors,
    failure,
    pending,
    field: (name) => ({
      name,
      value: values[name] as string,
      onChange: (event) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        visited.current.add(name);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => check(next), validationDelay);
      },
      onBlur: () => {
        visited.current.add(name);
        check(values);
      },
    }),
    list: (name) => ({
      name,
      selected: values[name] as string[],
      // A change of choice is checked at once.
      onChange: (list) => {
        const next = { ...values, [name]: list };
        setValues(next);
        visited.current.add(name);
        check(next);
      },
      error: errors[name],
    }),
    onSubmit: (event) => {
      event.preventDefault();
      if (pending) return;
      const result = check(values, true);
      if (result.ok) {
        startTransition(() => send(result.data));
        return;
      }
      // The first field with a message (in the form's order) takes the focus.
      const invalid = new Set(Object.keys(firstMessages(result.issues)));
      const first = [...event.currentTarget.elements].find((element) =>
        invalid.has(element.getAttribute("name") ?? ""),
      );
      if (first instanceof HTMLElement) first.focus();
    },
  };
}
