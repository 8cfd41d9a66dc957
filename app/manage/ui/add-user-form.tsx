import { newUserFormSchema, withConfirmation } from "~/auth/schema";
import { AccountFields, emptyAccount } from "~/auth/ui/account-fields";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

const addUserSchema = withConfirmation(newUserFormSchema, "password");

/** An administrator adds an account: the registration fields and its roles. `onDone` after a success. */
export function AddUserForm({
  roleOptions,
  defaultRoleIds,
  onDone,
}: {
  roleOptions: ChecklistOption[];
  defaultRoleIds: string[];
  onDone: () => void;
}) {
  const t = useT();
  const initial = { ...emptyAccount, roleIds: defaultRoleIds };
  const form = useApiForm({ schema: addUserSchema, path: "/api/users/new", initial, onSuccess: onDone });
  return (
    <ApiForm form={form}>
      <AccountFields form={form} forSomeoneElse />
      <Checklist
        {...form.list("roleIds")}
        legend={t("manage.roles.choose")}
        options={roleOptions}
        testId="new-user-roles"
      />
      <FormDialogActions submitLabel={t("manage.addUser.submit")} submitTestId="add-user-submit" />
    </ApiForm>
  );
}
