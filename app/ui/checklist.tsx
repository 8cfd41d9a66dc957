import { useId } from "react";
import { cn } from "./cn";

export interface ChecklistOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

/** A fieldset of named checkboxes (a user's roles, a role's permissions) with its legend and its error. */
export function Checklist({
  name,
  legend,
  options,
  selected,
  onChange,
  error,
  testId,
}: {
  name: string;
  legend: string;
  options: ChecklistOption[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined} data-testid={testId}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1 rounded-md border p-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex items-start gap-2 rounded-md p-2 text-sm",
              option.disabled ? "opacity-50" : "cursor-pointer hover:bg-accent",
            )}
          >
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-current"
              name={name}
              value={option.value}
              disabled={option.disabled}
              checked={selected.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value),
                )
              }
            />
            <span className="grid gap-0.5">
              <span className="font-medium">
                <bdi>{option.label}</bdi>
              </span>
              {option.description ? <span className="text-xs text-muted-foreground">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
