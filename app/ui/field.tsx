import { cloneElement, useId, type ReactElement } from "react";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** A labelled form control with its hint and its error, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  optional,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  /** The mark of a field that may be left empty ("(optional)"), shown after the label. */
  optional?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  // The hint gives way to the error: describe the control by what is shown.
  const described =
    [hint && !error ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    // content-start: beside a taller neighbour (one showing a message) the label and the input stay at the top.
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> {optional}</span> : null}
      </label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
