import type { Permission } from "~/auth/permissions";
import { newRoleSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { permissionLabel } from "~/manage/role-label";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Checklist } from "~/ui/checklist";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";

type RoleFormProps = { permissions: readonly string[]; held: readonly Permission[] };

/** Adds a role: name, description and a checklist of the permissions the actor holds. */
export function AddRoleDialog({ open, onOpenChange, ...props }: RoleFormProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" closeLabel={t("auth.dialog.close")} data-testid="add-role-dialog">
        <DialogHeader>
          <DialogTitle>{t("manage.addRole.title")}</DialogTitle>
          <DialogDescription>{t("manage.addRole.description")}</DialogDescription>
        </DialogHeader>
        <AddRoleForm {...props} onAdded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

// Mounted while the dialog is open: every opening starts from empty fields.
function AddRoleForm({ permissions, held, onAdded }: RoleFormProps & { onAdded: () => void }) {
  const t = useT();
  const form = useApiForm({
    schema: newRoleSchema,
    path: "/api/roles/new",
    initial: { name: "", description: "", permissions: [] as string[] },
    onSuccess: onAdded,
  });
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
        name="permissions"
        legend={t("manage.roles.permissions")}
        testId="permission-checklist"
        options={permissions.map((name) => ({
          value: name,
          label: name,
          description: permissionLabel(name, t),
          disabled: !held.includes(name as Permission),
        }))}
        selected={form.values.permissions}
        onChange={(next) => form.setList("permissions", next)}
        error={form.errors.permissions}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("manage.form.cancel")}</Button>
        </DialogClose>
        <SubmitButton pendingLabel={t("manage.form.saving")} data-testid="add-role-submit">
          {t("manage.addRole.submit")}
        </SubmitButton>
      </DialogFooter>
    </ApiForm>
  );
}
