import { useState, type FormEvent } from "react";
import { userRolesSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { validate } from "~/lib/validation";
import { Button } from "~/ui/button";
import { Dialog } from "~/ui/dialog";
import { Checklist, type ChecklistOption } from "~/ui/checklist";
import { useApiAction } from "./use-api-action";

/** Chooses every role one account holds (PUT /api/roles/set-user). */
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
  const [roleIds, setRoleIds] = useState(user.roles.map((r) => String(r.id)));
  const [error, setError] = useState<string>();
  const action = useApiAction();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const payload = { userId: user.id, roleIds: roleIds.map(Number) };
    const checked = validate(userRolesSchema, payload, t);
    if (!checked.ok) {
      setError(checked.issues[0]?.message);
      return;
    }
    setError(undefined);
    const result = await action.run("/api/roles/set-user", "PUT", payload);
    if (result.ok) onClose();
  }

  // Roles the actor may not give or take stay as they are: shown, but not changeable.
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("manage.editRoles.title", { name: user.displayName })}
      description={t("manage.editRoles.description")}
      closeLabel={t("auth.dialog.close")}
      testId="edit-roles-dialog"
      wide
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <Checklist legend={t("manage.roles.choose")} options={roleOptions} selected={roleIds} onChange={setRoleIds} error={error} testId="user-roles" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("manage.form.cancel")}
          </Button>
          <Button type="submit" disabled={action.pending} data-testid="edit-roles-submit">
            {action.pending ? t("manage.form.saving") : t("manage.editRoles.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
