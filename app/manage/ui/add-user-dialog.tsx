import { newUserSchema, withConfirmation } from "~/auth/schema";
import { AccountFields, emptyAccount } from "~/auth/ui/account-fields";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { useApiForm } from "~/ui/use-api-form";

const addUserSchema = withConfirmation(newUserSchema, "password");

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" closeLabel={t("auth.dialog.close")} data-testid="add-user-dialog">
        <DialogHeader>
          <DialogTitle>{t("manage.addUser.title")}</DialogTitle>
          <DialogDescription>{t("manage.addUser.description")}</DialogDescription>
        </DialogHeader>
        <AddUserForm roleOptions={roleOptions} defaultRoleIds={defaultRoleIds} onAdded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

// Mounted while the dialog is open: every opening starts from empty fields.
function AddUserForm({ roleOptions, defaultRoleIds, onAdded }: { roleOptions: ChecklistOption[]; defaultRoleIds: string[]; onAdded: () => void }) {
  const t = useT();
  const form = useApiForm({
    schema: addUserSchema,
    path: "/api/users/new",
    initial: { ...emptyAccount, roleIds: defaultRoleIds },
    onSuccess: onAdded,
  });
  return (
    <ApiForm form={form}>
      <AccountFields form={form} forSomeoneElse />
      <Checklist
        name="roleIds"
        legend={t("manage.roles.choose")}
        options={roleOptions}
        selected={form.values.roleIds}
        onChange={(next) => form.setList("roleIds", next)}
        error={form.errors.roleIds}
        testId="new-user-roles"
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("manage.form.cancel")}</Button>
        </DialogClose>
        <SubmitButton pendingLabel={t("manage.form.saving")} data-testid="add-user-submit">
          {t("manage.addUser.submit")}
        </SubmitButton>
      </DialogFooter>
    </ApiForm>
  );
}
