import { useState, type FormEvent } from "react";
import type { Permission } from "~/auth/permissions";
import { newRoleSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useSchemaForm } from "~/ui/use-schema-form";
import { Checklist } from "~/ui/checklist";
import { permissionLabel } from "~/manage/role-label";
import { useApiAction } from "./use-api-action";

/** Adds a role: name, description and a checklist of the permissions the actor holds. */
export function AddRoleDialog({
  open,
  onOpenChange,
  permissions,
  held,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  permissions: readonly string[];
  held: readonly Permission[];
}) {
  const t = useT();
  const [selected, setSelected] = useState<string[]>([]);
  const form = useSchemaForm(newRoleSchema, { name: "", description: "" }, () => ({ permissions: selected }));
  const action = useApiAction();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    const result = await action.run("/api/roles/new", "POST", input);
    if (result.ok) {
      form.reset();
      setSelected([]);
      onOpenChange(false);
    } else form.showIssues(result.issues);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("manage.addRole.title")}
      description={t("manage.addRole.description")}
      closeLabel={t("auth.dialog.close")}
      testId="add-role-dialog"
      wide
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("manage.roles.name")} error={form.errors.name}>
            <Input {...form.field("name")} dir="auto" />
          </Field>
          <Field label={t("manage.roles.description")} error={form.errors.description}>
            <Input {...form.field("description")} dir="auto" />
          </Field>
        </div>
        <Checklist
          legend={t("manage.roles.permissions")}
          testId="permission-checklist"
          options={permissions.map((name) => ({
            value: name,
            label: name,
            description: permissionLabel(name, t),
            disabled: !held.includes(name as Permission),
          }))}
          selected={selected}
          onChange={setSelected}
          error={form.errors.permissions}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("manage.form.cancel")}
          </Button>
          <Button type="submit" disabled={action.pending} data-testid="add-role-submit">
            {action.pending ? t("manage.form.saving") : t("manage.addRole.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
