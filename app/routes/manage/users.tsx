import { useState } from "react";
import { data, useLoaderData } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import type { Permission } from "~/auth/permissions";
import { listPermissions, listRoles } from "~/auth/roles.server";
import { userListQuery } from "~/auth/schema";
import { listUsers, type UserListItem } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { AddRoleForm } from "~/manage/ui/add-role-form";
import { AddUserForm } from "~/manage/ui/add-user-form";
import { EditRolesForm } from "~/manage/ui/edit-roles-form";
import { FormDialog } from "~/manage/ui/form-dialog";
import { RolesTable } from "~/manage/ui/roles-table";
import { roleDescription, roleName } from "~/manage/role-label";
import { UsersTable } from "~/manage/ui/users-table";
import { pageQuery } from "~/lib/page-query.server";
import { documentTitle } from "~/shell/meta";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/users";

/**
 * /manage/users: users and roles. Seeing them needs dashboard.read; every change goes through the API,
 * which needs users.manage, so reading the dashboard can never turn into more permissions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePagePermission(request, "dashboard.read");
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const query = pageQuery(userListQuery, url);
  const db = await getDb();
  const [page, roles, permissions] = await Promise.all([listUsers(db, query), listRoles(db), listPermissions(db)]);
  return data(
    {
      messages: pickMessages(locale, ["manage", "auth", "validation"]),
      page,
      q: query.q,
      roles,
      permissions: permissions.map((p) => p.name),
      held: actor.permissions,
      canManage: actor.permissions.includes("users.manage"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("manage.users.title")) },
  { name: "robots", content: "noindex" },
];

/** The one dialog open at a time: adding a user, adding a role, or the roles of one user. */
type OpenDialog = { kind: "add-user" } | { kind: "add-role" } | { kind: "edit-roles"; user: UserListItem };

export default function ManageUsers() {
  const t = useT();
  const { page, q, roles, permissions, held, canManage } = useLoaderData<typeof loader>();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const close = () => setOpen(null);
  const holds = (role: { permissions: Permission[] }) => role.permissions.every((p) => held.includes(p));
  const roleOptions = roles.map((role) => ({
    value: String(role.id),
    label: roleName(role.name, t),
    description: roleDescription(role, t),
    disabled: !holds(role),
  }));
  const member = roles.find((role) => role.name === "Member");

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
      case "edit-roles":
        return {
          title: t("manage.editRoles.title", { name: dialog.user.displayName }),
          description: t("manage.editRoles.description"),
          form: <EditRolesForm user={dialog.user} roleOptions={roleOptions} onDone={close} />,
        };
    }
  };
  const dialog = canManage && open ? dialogOf(open) : null;

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
        q={q}
        canManage={canManage}
        onAdd={() => setOpen({ kind: "add-user" })}
        onEditRoles={(user) => setOpen({ kind: "edit-roles", user })}
      />
      <RolesTable roles={roles} canManage={canManage} onAdd={() => setOpen({ kind: "add-role" })} />
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
    </section>
  );
}
