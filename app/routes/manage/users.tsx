import { useState } from "react";
import { useLoaderData } from "react-router";
import type { Permission } from "~/auth/permissions";
import { listPermissions, listRoles, type RoleInfo } from "~/auth/roles.server";
import { userListQuery, userSorts } from "~/auth/schema";
import { listUsers, type UserListItem } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { roleDescription, roleName } from "~/manage/role-label";
import { AddRoleForm } from "~/manage/ui/add-role-form";
import { AddUserForm } from "~/manage/ui/add-user-form";
import { EditRoleForm } from "~/manage/ui/edit-role-form";
import { EditRolesForm } from "~/manage/ui/edit-roles-form";
import { EditUserForm } from "~/manage/ui/edit-user-form";
import { FilterBar } from "~/ui/filter-bar";
import { FormDialog } from "~/manage/ui/form-dialog";
import { RolesTable } from "~/manage/ui/roles-table";
import { SetPasswordForm } from "~/manage/ui/set-password-form";
import type { UserAction } from "~/manage/ui/user-actions";
import { UsersTable } from "~/manage/ui/users-table";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { useApiAction } from "~/ui/use-api";
import type { Route } from "./+types/users";

/**
 * /manage/users: users and roles. Seeing them needs dashboard.read; every change goes through the API,
 * which needs users.manage, so reading the dashboard can never turn into more permissions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "auth", "validation"], title: "manage.users.title" },
    async ({ user: actor, url }) => {
      const query = pageQuery(userListQuery, url);
      const db = await getDb();
      const [page, roles, permissions] = await Promise.all([listUsers(db, query), listRoles(db), listPermissions(db)]);
      return {
        page,
        query,
        roles,
        permissions: permissions.map((p) => p.name),
        held: actor.permissions,
        selfId: actor.id,
        canManage: actor.permissions.includes("users.manage"),
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

/** The one dialog open at a time. */
type OpenDialog =
  | { kind: "add-user" }
  | { kind: "add-role" }
  | { kind: UserAction; user: UserListItem }
  | { kind: "edit-role" | "delete-role"; role: RoleInfo };

export default function ManageUsers() {
  const t = useT();
  const action = useApiAction();
  const locale = useLocale();
  const { page, query, roles, permissions, held, selfId, canManage } = useLoaderData<typeof loader>();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const close = () => setOpen(null);
  const holds = (granted: readonly Permission[]) => granted.every((p) => held.includes(p));
  const roleOptions = roles.map((role) => ({
    value: String(role.id),
    label: roleName(role.name, t),
    description: roleDescription(role, t),
    disabled: !holds(role.permissions),
  }));
  const member = roles.find((role) => role.name === "Member");
  // An account may be changed by whoever holds every permission its roles give (the server checks the same).
  const canActOn = (user: UserListItem) =>
    holds(user.roles.flatMap((held) => roles.find((role) => role.id === held.id)?.permissions ?? []));

  const dialogOf = (dialog: OpenDialog) => {
    switch (dialog.kind) {
      case "add-user":
        return {
          title: t("manage.addUser.title"),
          description: t("manage.addUser.description"),
          form: (
            <AddUserForm roleOptions={roleOptions} defaultRoleIds={member ? [String(member.id)] : []} onDone={close} />
          ),
        };
      case "add-role":
        return {
          title: t("manage.addRole.title"),
          description: t("manage.addRole.description"),
          form: <AddRoleForm permissions={permissions} held={held} onDone={close} />,
        };
      case "edit-role":
        return {
          title: t("manage.editRole.title", { name: roleName(dialog.role.name, t) }),
          description: t("manage.editRole.description"),
          form: <EditRoleForm role={dialog.role} permissions={permissions} held={held} onDone={close} />,
        };
      case "edit-roles":
        return {
          title: t("manage.editRoles.title", { name: dialog.user.displayName }),
          description: t("manage.editRoles.description"),
          form: <EditRolesForm user={dialog.user} roleOptions={roleOptions} onDone={close} />,
        };
      case "edit":
        return {
          title: t("manage.editUser.title", { name: dialog.user.displayName }),
          description: t("manage.editUser.description", { userName: dialog.user.userName }),
          form: <EditUserForm user={dialog.user} onDone={close} />,
        };
      case "password":
        return {
          title: t("manage.setPassword.title", { name: dialog.user.displayName }),
          description: t("manage.setPassword.description"),
          form: <SetPasswordForm userId={dialog.user.id} onDone={close} />,
        };
      default:
        return null;
    }
  };

  /** The dialogs that only ask before one call. */
  const confirmOf = (dialog: OpenDialog) => {
    if (dialog.kind === "delete-role") {
      const name = roleName(dialog.role.name, t);
      return {
        title: t("manage.deleteRole.title", { name }),
        description: t("manage.deleteRole.description", { count: formatNumber(dialog.role.userCount, locale) }),
        confirmLabel: t("manage.deleteRole.confirm"),
        onConfirm: () => action.run("/api/roles/delete", { body: { roleId: dialog.role.id } }),
      };
    }
    if (!("user" in dialog)) return null;
    const name = dialog.user.displayName;
    const body = { userId: dialog.user.id };
    switch (dialog.kind) {
      case "sessions":
        return {
          title: t("manage.endSessions.title", { name }),
          description:
            dialog.user.id === selfId ? t("manage.endSessions.ownDescription") : t("manage.endSessions.description"),
          confirmLabel: t("manage.endSessions.confirm"),
          onConfirm: () => action.run("/api/users/end-sessions", { body }),
        };
      case "disable":
        return {
          title: t("manage.disable.title", { name }),
          description: t("manage.disable.description"),
          confirmLabel: t("manage.disable.confirm"),
          onConfirm: () => action.run("/api/users/disable", { body }),
        };
      case "enable":
        return {
          title: t("manage.enable.title", { name }),
          description: t("manage.enable.description"),
          confirmLabel: t("manage.enable.confirm"),
          onConfirm: () => action.run("/api/users/enable", { body }),
          destructive: false,
        };
      case "delete":
        return {
          title: t("manage.delete.title", { name }),
          description: t("manage.delete.description"),
          confirmLabel: t("manage.delete.confirm"),
          onConfirm: () => action.run("/api/users/delete", { body }),
        };
      default:
        return null;
    }
  };

  const dialog = canManage && open ? dialogOf(open) : null;
  const confirm = canManage && open ? confirmOf(open) : null;

  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-users">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("manage.users.title")}</h1>
        {!canManage ? (
          <p className="text-sm text-muted-foreground" data-testid="read-only">
            {t("manage.users.readOnly")}
          </p>
        ) : null}
      </header>
      <UsersTable
        page={page}
        selfId={selfId}
        canManage={canManage}
        canActOn={canActOn}
        onAdd={() => setOpen({ kind: "add-user" })}
        onAction={(user, kind) => setOpen({ kind, user })}
        filters={
          <FilterBar
            testId="users-filters"
            search={{
              label: t("manage.users.search"),
              placeholder: t("manage.users.searchPlaceholder"),
              value: query.q,
            }}
            selects={[
              {
                name: "status",
                label: t("manage.users.filterStatus"),
                value: query.status ?? "",
                options: [
                  { value: "", label: t("manage.users.filterStatusAll") },
                  { value: "active", label: t("manage.users.status.active") },
                  { value: "disabled", label: t("manage.users.status.disabled") },
                ],
              },
              {
                name: "role",
                label: t("manage.users.filterRole"),
                value: query.role ? String(query.role) : "",
                options: [
                  { value: "", label: t("manage.users.filterRoleAll") },
                  ...roles.map((role) => ({ value: String(role.id), label: roleName(role.name, t) })),
                ],
              },
              {
                name: "sort",
                label: t("manage.users.sort"),
                value: query.sort === "joined-asc" ? "" : query.sort,
                options: userSorts.map((sort) => ({
                  value: sort === "joined-asc" ? "" : sort,
                  label: t(`manage.users.sort.${sort}`),
                })),
              },
            ]}
          />
        }
      />
      <RolesTable
        roles={roles}
        canManage={canManage}
        mayChange={(role) => holds(role.permissions)}
        onAdd={() => setOpen({ kind: "add-role" })}
        onEdit={(role) => setOpen({ kind: "edit-role", role })}
        onDelete={(role) => setOpen({ kind: "delete-role", role })}
      />
      {open && dialog ? (
        <FormDialog
          onOpenChange={(isOpen) => !isOpen && close()}
          title={dialog.title}
          description={dialog.description}
          testId={`${open.kind}-dialog`}
        >
          {dialog.form}
        </FormDialog>
      ) : null}
      {open && confirm ? <ConfirmDialog {...confirm} onClose={close} testId={`${open.kind}-dialog`} /> : null}
    </section>
  );
}
