import { useId } from "react";
import type { MessageKey } from "~/i18n/translate";
import { useT } from "~/i18n/use-t";
import type { TextFieldProps } from "~/ui/use-api-form";
import { repositoryAccesses } from "../app-config";

/** Who may clone the site's repository, as a group of radio buttons, each with what it serves and to whom. */
export function RepositoryAccessPicker({
  field,
  error,
  disabled,
}: {
  field: TextFieldProps;
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid="repository-access"
    >
      <legend className="mb-1 text-sm font-medium">{t("settings.field.repositoryAccess")}</legend>
      {repositoryAccesses.map((access) => (
        <label
          key={access}
          className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-0.5 rounded-lg border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
        >
          <input
            type="radio"
            name={field.name}
            value={access}
            checked={field.value === access}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={`${id}-${access}`}
            className="mt-0.5 size-4 accent-primary"
            data-testid={`repository-access-${access}`}
          />
          <span className="font-medium">{t(`settings.repositoryAccess.${access}` as MessageKey)}</span>
          <span id={`${id}-${access}`} className="col-start-2 text-xs text-muted-foreground">
            {t(`settings.repositoryAccess.${access}Hint` as MessageKey)}
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
