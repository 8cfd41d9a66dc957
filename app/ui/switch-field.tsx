import { Field } from "./field";
import type { ListFieldProps } from "./use-api-form";

/**
 * An on/off setting: a labelled switch with its hint. It is a checkbox (role "switch") of a form's checklist
 * field (`form.list(name)`): checked is the list ["on"], so the form posts `name=on` like any checkbox.
 */
export function SwitchField({
  label,
  hint,
  field,
  disabled,
  testId,
}: {
  label: string;
  hint?: string;
  field: ListFieldProps;
  disabled?: boolean;
  testId?: string;
}) {
  const checked = field.selected.includes("on");
  return (
    <Field label={label} hint={hint} error={field.error} inline>
      {(control) => (
        // The real checkbox spans the drawn switch, so a click or tap anywhere on it reaches the input.
        <span className="relative inline-flex h-6 w-11 shrink-0">
          <input
            {...control}
            type="checkbox"
            role="switch"
            name={field.name}
            value="on"
            checked={checked}
            disabled={disabled}
            onChange={(event) => field.onChange(event.target.checked ? ["on"] : [])}
            className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
            data-testid={testId}
          />
          <span
            aria-hidden
            className="pointer-events-none inline-flex h-6 w-11 items-center rounded-full bg-input p-0.5 transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-50 peer-checked:[&>span]:translate-x-5 rtl:peer-checked:[&>span]:-translate-x-5"
          >
            <span className="size-5 rounded-full bg-background shadow transition-transform" />
          </span>
        </span>
      )}
    </Field>
  );
}
