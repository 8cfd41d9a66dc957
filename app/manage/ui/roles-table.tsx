import type { RoleInfo } from "~/auth/roles.server";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { permissionLabel, roleDescription } from "~/manage/role-label";
import { Icon } from "~/ui/icon";

const th = "px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted-foreground";
const td = "px-3 py-3 align-top";

/** Every role with its description, permissions and member count. */
export function RolesTable({ roles, canManage, onAdd }: { roles: RoleInfo[]; canManage: boolean; onAdd: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card
      title={t("manage.roles.heading")}
      testId="roles-card"
      actions={
        canManage ? (
          <Button size="sm" onClick={onAdd} data-testid="add-role">
            <Icon name="shield-plus" />
            {t("manage.roles.add")}
          </Button>
        ) : null
      }
    >
      <div className="relative -mx-5 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="roles-table">
          <thead className="border-b">
            <tr>
              <th className={th}>{t("manage.roles.name")}</th>
              <th className={th}>{t("manage.roles.permissions")}</th>
              <th className={cn(th, "text-end")}>{t("manage.roles.members")}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {roles.map((role) => (
              <tr key={role.id} data-testid="role-row" data-role={role.name}>
                <td className={td}>
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    <bdi>{role.name}</bdi>
                    {role.builtIn ? (
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">
                        {t("manage.roles.builtIn")}
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    <bdi>{roleDescription(role, t)}</bdi>
                  </span>
                </td>
                <td className={td}>
                  <ul className="flex flex-wrap gap-1">
                    {role.permissions.map((permission) => (
                      <li
                        key={permission}
                        title={permissionLabel(permission, t)}
                        className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
                        dir="ltr"
                      >
                        {permission}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={cn(td, "text-end tabular-nums")}>{formatNumber(role.userCount, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
