import type { Permission } from "~/auth/permissions";
import type { RoleInfo } from "~/auth/roles.server";
import { updateRoleFormSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { permissionOptions, roleDescription } from "~/manage/role-label";
import { ApiForm } from "~/ui/api-form";
import { Checklist } from "~/ui/checklist";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

/**
 * Changes a role's name, description and permissions (PUT /api/roles/update). Permissions the actor does not
 * hold cannot be ticked or unticked; a built-in role's name cannot change. `onDone` after a success.
 */
export function EditRoleForm({
  role,
  permissions,
  held,
  onDone,
}: {
  role: RoleInfo;
  permissions: readonly string[];
  held: readonly Permission[];
  onDone: () => void;
}) {
  const t = useT();
  const form = useApiForm({
    schema: updateRoleFormSchema,
    path: "/api/roles/update",
    method: "PUT",
    initial: {
      roleId: String(role.id),
      name: role.name,
      // A built-in role's description shows in the reader's language; saving it keeps what is shown.
      description: roleDescription(role, t),
      permissions: [...role.permissions] as string[],
    },
    // A description left as shown is sent as stored, so a built-in one stays translatable.
    request: (input) => ({
      body: {
        ...input,
        description: input.description === roleDescription(role, t) ? role.description : input.description,
      },
    }),
    onSuccess: onDone,
  });
  const options = permissionOptions(permissions, held, t);
  return (
    <ApiForm form={form} data-testid="edit-role-form">
      <input type="hidden" name="roleId" value={form.values.roleId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("manage.roles.name")}
          error={form.errors.name}
          hint={role.builtIn ? t("manage.editRole.builtInName") : undefined}
        >
          <Input {...form.field("name")} dir="auto" readOnly={role.builtIn} data-testid="role-name" />
        </Field>
        <Field label={t("manage.roles.description")} error={form.errors.description}>
          <Input {...form.field("description")} dir="auto" data-testid="role-description" />
        </Field>
      </div>
      <Checklist
        {...form.list("permissions")}
        legend={t("manage.roles.permissions")}
        options={options}
        testId="permission-checklist"
      />
      <FormDialogActions submitLabel={t("manage.editRole.submit")} submitTestId="edit-role-submit" />
    </ApiForm>
  );
}
