import { updateUserFormSchema } from "~/auth/schema";
import type { UserListItem } from "~/auth/user-admin.server";
import { ProfileFields } from "~/auth/ui/account-fields";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

/** An administrator edits someone's names, about and e-mail address (PUT /api/users/update). */
export function EditUserForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const t = useT();
  const form = useApiForm({
    schema: updateUserFormSchema,
    path: "/api/users/update",
    method: "PUT",
    initial: {
      userId: String(user.id),
      firstName: user.firstName,
      lastName: user.lastName,
      about: user.about,
      email: user.email ?? "",
    },
    onSuccess: onDone,
  });
  return (
    <ApiForm form={form} data-testid="edit-user-form">
      <input type="hidden" name="userId" value={form.values.userId} />
      <ProfileFields form={form} forSomeoneElse />
      <Field label={t("manage.users.email")} error={form.errors.email} optional={t("auth.field.optional")}>
        <Input {...form.field("email")} type="email" dir="ltr" autoComplete="off" data-testid="user-email" />
      </Field>
      <FormDialogActions submitLabel={t("manage.editUser.submit")} submitTestId="edit-user-submit" />
    </ApiForm>
  );
}
