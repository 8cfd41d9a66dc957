import type { RoleInfo } from "~/auth/roles.server";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { groupPermissions, permissionLabel, permissionName, roleDescription, roleName } from "~/manage/role-label";
import { Icon } from "~/ui/icon";
import { ListHeader } from "~/ui/list-header";

/** The one column template of the header and every row from md up. */
const columns = "md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_4.5rem_10rem] md:gap-x-4 md:px-3";

/**
 * Every role with its description, permissions and member count; for those who manage users, editing it and
 * deleting it (not the built-in ones; the Admin role not at all). `mayChange` says whether the reader holds all
 * of a role's permissions, without which the server refuses either.
 */
export function RolesTable({
  roles,
  canManage,
  mayChange,
  onAdd,
  onEdit,
  onDelete,
}: {
  roles: RoleInfo[];
  canManage: boolean;
  mayChange: (role: RoleInfo) => boolean;
  onAdd: () => void;
  onEdit: (role: RoleInfo) => void;
  onDelete: (role: RoleInfo) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const isAdmin = (role: RoleInfo) => role.builtIn && role.name === "Admin";
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
      {/* A list, not a table: on a phone each role is a card; from md up the rows share one column template. */}
      <div data-testid="roles-table">
        <ListHeader columns={columns}>
          <span>{t("manage.roles.name")}</span>
          <span>{t("manage.roles.permissions")}</span>
          <span className="text-end">{t("manage.roles.members")}</span>
          {canManage ? <span className="text-end">{t("manage.roles.actions")}</span> : <span />}
        </ListHeader>
        <ul className="grid gap-3 md:gap-0 md:divide-y">
          {roles.map((role) => (
            <li
              key={role.id}
              className={cn(columns, "grid items-start gap-2 rounded-lg border p-3 md:rounded-none md:border-0")}
              data-testid="role-row"
              data-role={role.name}
            >
              <div className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <bdi>{roleName(role.name, t)}</bdi>
                  {role.builtIn ? (
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">
                      {t("manage.roles.builtIn")}
                    </span>
                  ) : null}
                </span>
                <span className="mt-1 block text-xs text-muted-foreground">
                  <bdi>{roleDescription(role, t)}</bdi>
                </span>
              </div>
              {/* Permissions by area, each a plain-language chip (its code in the tooltip); a chip wraps as a whole,
                  never cut in the middle. */}
              <dl className="grid min-w-0 gap-1.5" aria-label={t("manage.roles.permissions")}>
                {groupPermissions(role.permissions, t).map((group) => (
                  <div key={group.area} className="flex min-w-0 flex-wrap items-baseline gap-1" data-area={group.area}>
                    <dt className="me-1 text-xs text-muted-foreground">{group.label}:</dt>
                    {group.permissions.map((permission) => (
                      <dd
                        key={permission}
                        title={`${permissionLabel(permission, t)} — ${t("manage.permissionCode", { code: permission })}`}
                        data-permission={permission}
                        className="rounded bg-muted px-1.5 py-0.5 text-xs whitespace-nowrap"
                      >
                        {permissionName(permission, t)}
                      </dd>
                    ))}
                  </div>
                ))}
              </dl>
              <span className="text-sm text-muted-foreground tabular-nums md:text-end md:text-foreground">
                <span className="md:sr-only">{t("manage.roles.members")}: </span>
                {formatNumber(role.userCount, locale)}
              </span>
              {canManage ? (
                <span className="flex flex-wrap justify-end gap-1">
                  {isAdmin(role) ? (
                    <span
                      className="flex items-center gap-1 text-xs text-muted-foreground"
                      data-testid="role-protected"
                    >
                      <Icon name="lock" className="size-3.5" />
                      {t("manage.roles.protected")}
                    </span>
                  ) : mayChange(role) ? (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => onEdit(role)}
                        aria-label={t("manage.roles.editOf", { name: roleName(role.name, t) })}
                        data-testid="edit-role"
                      >
                        <Icon name="pencil" />
                        {t("manage.roles.edit")}
                      </Button>
                      {role.builtIn ? null : (
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-destructive"
                          onClick={() => onDelete(role)}
                          aria-label={t("manage.roles.deleteOf", { name: roleName(role.name, t) })}
                          data-testid="delete-role"
                        >
                          <Icon name="trash-2" />
                          {t("manage.roles.delete")}
                        </Button>
                      )}
                    </>
                  ) : (
                    <Icon
                      name="lock"
                      className="size-4 text-muted-foreground"
                      aria-label={t("manage.forbiddenEscalation")}
                    />
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
