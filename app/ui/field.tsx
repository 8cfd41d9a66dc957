import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";

export const inputClass =
  "block h-10 w-full rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive disabled:opacity-50";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Renders a text area with this many rows instead of an input (SPEC §9 default: 3). */
  rows?: number;
  /** A control inside the input's end edge (in the input's own direction), e.g. a show/hide button. */
  trailing?: ReactNode;
}

/** A labelled input with its hint and its error, wired for assistive technology. */
export function Field({ label, error, hint, className, rows, trailing, ...props }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": described };
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          className={cn(inputClass, "h-auto py-2")}
          {...(props as InputHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : trailing ? (
        <div className="relative" dir={props.dir}>
          <input {...common} className={cn(inputClass, "pe-10")} {...props} />
          <span className="absolute inset-y-0 end-1 flex items-center">{trailing}</span>
        </div>
      ) : (
        <input {...common} className={inputClass} {...props} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide toggle (SPEC §5). */
export function PasswordField({
  showLabel,
  hideLabel,
  ...props
}: Omit<FieldProps, "type" | "rows"> & { showLabel: string; hideLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? "text" : "password"}
      dir="ltr"
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
      }
    />
  );
}
