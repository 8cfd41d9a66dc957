import type { Permission } from "~/auth/permissions";
import { newRoleSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { permissionOptions } from "~/manage/role-label";
import { ApiForm } from "~/ui/api-form";
import { Checklist } from "~/ui/checklist";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

const emptyRole = { name: "", description: "", permissions: [] as string[] };

/**
 * Adds a role: name, description and a checklist of permissions, of which only those the actor holds can be
 * chosen. `onDone` after a success.
 */
export function AddRoleForm({
  permissions,
  held,
  onDone,
}: {
  permissions: readonly string[];
  held: readonly Permission[];
  onDone: () => void;
}) {
  const t = useT();
  const form = useApiForm({ schema: newRoleSchema, path: "/api/roles/new", initial: emptyRole, onSuccess: onDone });
  const options = permissionOptions(permissions, held, t);
  return (
    <ApiForm form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("manage.roles.name")} error={form.errors.name}>
          <Input {...form.field("name")} dir="auto" />
        </Field>
        <Field label={t("manage.roles.description")} error={form.errors.description}>
          <Input {...form.field("description")} dir="auto" />
        </Field>
      </div>
      <Checklist
        {...form.list("permissions")}
        legend={t("manage.roles.permissions")}
        options={options}
        testId="permission-checklist"
      />
      <FormDialogActions submitLabel={t("manage.addRole.submit")} submitTestId="add-role-submit" />
    </ApiForm>
  );
}
