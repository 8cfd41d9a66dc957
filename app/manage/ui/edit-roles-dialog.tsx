import { userRolesSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { useApiForm } from "~/ui/use-api-form";

/**
 * Chooses every role one account holds (PUT /api/roles/set-user). Roles the actor may not give or take stay
 * as they are: shown, but not changeable.
 */
export function EditRolesDialog({
  user,
  roleOptions,
  onClose,
}: {
  user: { id: number; displayName: string; roles: { id: number }[] };
  roleOptions: ChecklistOption[];
  onClose: () => void;
}) {
  const t = useT();
  const form = useApiForm({
    schema: userRolesSchema,
    path: "/api/roles/set-user",
    method: "PUT",
    initial: { userId: String(user.id), roleIds: user.roles.map((role) => String(role.id)) },
    onSuccess: onClose,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg" closeLabel={t("auth.dialog.close")} data-testid="edit-roles-dialog">
        <DialogHeader>
          <DialogTitle>{t("manage.editRoles.title", { name: user.displayName })}</DialogTitle>
          <DialogDescription>{t("manage.editRoles.description")}</DialogDescription>
        </DialogHeader>
        <ApiForm form={form}>
          <input type="hidden" name="userId" value={form.values.userId} />
          <Checklist
            name="roleIds"
            legend={t("manage.roles.choose")}
            options={roleOptions}
            selected={form.values.roleIds}
            onChange={(next) => form.setList("roleIds", next)}
            error={form.errors.roleIds}
            testId="user-roles"
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("manage.form.cancel")}</Button>
            </DialogClose>
            <SubmitButton pendingLabel={t("manage.form.saving")} data-testid="edit-roles-submit">
              {t("manage.editRoles.submit")}
            </SubmitButton>
          </DialogFooter>
        </ApiForm>
      </DialogContent>
    </Dialog>
  );
}
