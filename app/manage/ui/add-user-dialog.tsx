import { useState, type FormEvent } from "react";
import { newUserSchema, withConfirmation } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useSchemaForm } from "~/ui/use-schema-form";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { useApiAction } from "./use-api-action";

const addUserSchema = withConfirmation(newUserSchema, "password");
const empty = { firstName: "", lastName: "", about: "", userName: "", password: "", confirmPassword: "" };

/** An administrator adds an account: the registration fields and its roles. */
export function AddUserDialog({
  open,
  onOpenChange,
  roleOptions,
  defaultRoleIds,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roleOptions: ChecklistOption[];
  defaultRoleIds: string[];
}) {
  const t = useT();
  const [roleIds, setRoleIds] = useState<string[]>(defaultRoleIds);
  const form = useSchemaForm(addUserSchema, empty, () => ({ roleIds: roleIds.map(Number) }));
  const action = useApiAction();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit<typeof empty & { roleIds: number[] }>();
    if (!input) return;
    const { confirmPassword: _confirmation, ...payload } = input;
    const result = await action.run("/api/users/new", "POST", payload);
    if (result.ok) {
      form.reset();
      setRoleIds(defaultRoleIds);
      onOpenChange(false);
    } else form.showIssues(result.issues);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("manage.addUser.title")}
      description={t("manage.addUser.description")}
      closeLabel={t("auth.dialog.close")}
      testId="add-user-dialog"
      wide
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("auth.field.firstName")} error={form.errors.firstName}>
            <Input {...form.field("firstName")} dir="auto" />
          </Field>
          <Field label={t("auth.field.lastName")} error={form.errors.lastName}>
            <Input {...form.field("lastName")} dir="auto" />
          </Field>
        </div>
        <Field label={t("auth.field.about")} error={form.errors.about}>
          <Textarea {...form.field("about")} dir="auto" rows={2} />
        </Field>
        <Field label={t("auth.field.userName")} error={form.errors.userName} hint={t("auth.field.userNameHint")}>
          <Input {...form.field("userName")} dir="ltr" autoCapitalize="off" spellCheck={false} className="text-start" autoComplete="off" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("auth.field.password")} error={form.errors.password}>
            <PasswordInput {...form.field("password")} autoComplete="new-password" />
          </Field>
          <Field label={t("auth.field.confirmPassword")} error={form.errors.confirmPassword}>
            <PasswordInput {...form.field("confirmPassword")} autoComplete="new-password" />
          </Field>
        </div>
        <Checklist
          legend={t("manage.roles.choose")}
          options={roleOptions}
          selected={roleIds}
          onChange={setRoleIds}
          error={form.errors.roleIds}
          testId="new-user-roles"
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("manage.form.cancel")}
          </Button>
          <Button type="submit" disabled={action.pending} data-testid="add-user-submit">
            {action.pending ? t("manage.form.saving") : t("manage.addUser.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
