import { userRolesFormSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

/**
 * Chooses every role one account holds (PUT /api/roles/set-user). Roles the actor may not give or take stay as
 * they are: shown, but not changeable. `onDone` after a success.
 */
export function EditRolesForm({
  user,
  roleOptions,
  onDone,
}: {
  user: { id: number; roles: { id: number }[] };
  roleOptions: ChecklistOption[];
  onDone: () => void;
}) {
  const t = useT();
  const form = useApiForm({
    schema: userRolesFormSchema,
    path: "/api/roles/set-user",
    method: "PUT",
    initial: { userId: String(user.id), roleIds: user.roles.map((role) => String(role.id)) },
    onSuccess: onDone,
  });
  return (
    <ApiForm form={form}>
      <input type="hidden" name="userId" value={form.values.userId} />
      <Checklist
        {...form.list("roleIds")}
        legend={t("manage.roles.choose")}
        options={roleOptions}
        testId="user-roles"
      />
      <FormDialogActions submitLabel={t("manage.editRoles.submit")} submitTestId="edit-roles-submit" />
    </ApiForm>
  );
}
