import { useId } from "react";
import { cn } from "./cn";

export interface ChecklistOption {
  value: string;
  label: string;
  description?: string;
  /** A secondary detail in small type (a permission's code). */
  hint?: string;
  /** Options with a group are shown under that heading, groups in the order they first appear. */
  group?: string;
  disabled?: boolean;
}

/** Options in runs of one group each, in the order the groups first appear. */
function byGroup(options: ChecklistOption[]): { group?: string; options: ChecklistOption[] }[] {
  const groups = new Map<string | undefined, ChecklistOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups].map(([group, members]) => ({ group, options: members }));
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
      <div className="grid gap-3 rounded-md border p-2">
        {byGroup(options).map(({ group, options: members }) => (
          <div key={group ?? ""} className="grid gap-1" role={group ? "group" : undefined} aria-label={group}>
            {group ? (
              <p aria-hidden className="px-2 pt-1 text-xs font-semibold text-muted-foreground">
                {group}
              </p>
            ) : null}
            <div className="grid gap-1 sm:grid-cols-2">
              {members.map((option) => (
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
                    {option.description ? (
                      <span className="text-xs text-muted-foreground">{option.description}</span>
                    ) : null}
                    {option.hint ? (
                      <span className="justify-self-start font-mono text-[0.7rem] text-muted-foreground" dir="ltr">
                        {option.hint}
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </div>
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
