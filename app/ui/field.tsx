import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";

/** What a field gives its control: the id its label names, and the hint and error that describe it. */
export interface FieldControl {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * A labelled form control with its hint and its error, wired for screen readers: the label names the control,
 * and `aria-describedby` lists exactly the hint and error shown (the error replaces the hint). The control is
 * one element (an input, textarea, select or password input, given the ids as props) or, for a control whose
 * focusable part is inside it (a switch, a date picker, tags), a function that places the ids itself.
 * `inline` puts the control at the end of the row, beside its label and hint (a switch).
 */
export function Field({
  label,
  error,
  hint,
  optional,
  inline,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  /** The mark of a field that may be left empty ("(optional)"), shown after the label. */
  optional?: string;
  inline?: boolean;
  children: ReactElement<FieldControl> | ((control: FieldControl) => ReactNode);
}) {
  const id = useId();
  const shownHint = hint && !error ? hint : undefined;
  const control: FieldControl = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [shownHint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
  };
  const labelled = (
    <label htmlFor={id} className="text-sm font-medium">
      {label}
      {optional ? <span className="font-normal text-muted-foreground"> {optional}</span> : null}
    </label>
  );
  const described = (
    <>
      {shownHint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  const placed =
    typeof children === "function"
      ? children(control)
      : isValidElement(children)
        ? cloneElement(children, control)
        : null;
  if (inline) {
    return (
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          {labelled}
          {described}
        </div>
        {placed}
      </div>
    );
  }
  return (
    // content-start: beside a taller neighbour (one showing a message) the label and the input stay at the top.
    <div className="grid content-start gap-1.5">
      {labelled}
      {placed}
      {described}
    </div>
  );
}
