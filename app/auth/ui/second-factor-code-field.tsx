import { useT } from "~/i18n/use-t";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { TextFieldProps } from "~/ui/use-api-form";

/** The one field of every second-factor form: a code from the app (one-time-code) or a recovery code. */
export function SecondFactorCodeField({ field, error }: { field: TextFieldProps; error: string | undefined }) {
  const t = useT();
  return (
    <Field label={t("auth.secondFactor.field.code")} hint={t("auth.secondFactor.codeHint")} error={error}>
      <Input
        {...field}
        autoComplete="one-time-code"
        inputMode="text"
        dir="ltr"
        autoCapitalize="off"
        spellCheck={false}
        className="text-start font-mono tracking-widest"
        data-testid="second-factor-code"
      />
    </Field>
  );
}
