import { createContext, use, useEffect, useEffectEvent, useRef, type ComponentProps } from "react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";
import type { ApiFormState, FormValues } from "./use-api-form";
import { useHydrated } from "./use-hydrated";

const FormPending = createContext(false);

/**
 * The form of a `useApiForm`: a real `<form method="post">` whose action is the JSON endpoint and whose inputs
 * are named, with the alert for a failure no field explains above its children. Submission goes through the
 * hook (JSON, in the page's language); until the page is hydrated the submit buttons stay disabled, so nothing
 * is posted as a plain form.
 */
export function ApiForm<V extends FormValues>({
  form,
  className,
  children,
  ...props
}: { form: ApiFormState<V> } & Omit<ComponentProps<"form">, "action" | "method" | "onSubmit">) {
  const element = useRef<HTMLFormElement>(null);
  const takeOverTyped = useEffectEvent((target: HTMLFormElement) => form.takeOverTyped(target));
  // Once, when the form is mounted: what matters is what its fields held when the page was hydrated.
  useEffect(() => {
    if (element.current) takeOverTyped(element.current);
  }, []);
  return (
    <FormPending value={form.pending}>
      <form
        ref={element}
        method="post"
        action={form.action}
        noValidate
        onSubmit={form.onSubmit}
        className={cn("grid gap-4", className)}
        {...props}
      >
        <FormAlert message={form.failure} />
        {children}
      </form>
    </FormPending>
  );
}

/**
 * The submit button of an `ApiForm`: disabled until the page is hydrated, busy (spinner, `pendingLabel`) while
 * the form's call is under way.
 */
export function SubmitButton({
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type" | "loading"> & { pendingLabel?: string }) {
  const pending = use(FormPending);
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || disabled} loading={pending} {...props}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}

/** A form's answer from the server when it is not about one field. */
function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
