import type { ReactNode } from "react";
import { RelativeTime } from "~/ui/relative-time";
import type { UserPage } from "~/auth/user-admin.server";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { roleName } from "~/manage/role-label";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { ListHeader } from "~/ui/list-header";
import { ListPagination } from "~/ui/list-pagination";
import { UserActions, type UserAction } from "./user-actions";

/** The one column template of the header and every row from lg up. */
const columns =
  "lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_5.5rem_10.5rem] lg:gap-x-4";

type User = UserPage["users"][number];

/**
 * The accounts: search, filters and order, one page of the list, and the way to the next and previous pages.
 * Each account shows its e-mail, roles, last sign-in and status; those who manage users get its actions (not
 * on accounts holding permissions they lack, which the server would refuse).
 */
export function UsersTable({
  page,
  filters,
  selfId,
  canManage,
  canActOn,
  onAdd,
  onAction,
}: {
  page: UserPage;
  filters: ReactNode;
  selfId: number;
  canManage: boolean;
  canActOn: (user: User) => boolean;
  onAdd: () => void;
  onAction: (user: User, action: UserAction) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card
      title={t("manage.users.heading")}
      description={t("manage.users.total", { count: formatNumber(page.total, locale) })}
      testId="users-card"
      actions={
        canManage ? (
          <Button size="sm" onClick={onAdd} data-testid="add-user">
            <Icon name="user-plus" />
            {t("manage.users.add")}
          </Button>
        ) : null
      }
    >
      {filters}
      {/* A list, not a table: on a phone each account is a card with its actions in view; from lg up the rows
          share one column template and read as a table. */}
      <div data-testid="users-table">
        <ListHeader columns={columns} wide="lg">
          <span>{t("manage.users.name")}</span>
          <span>{t("manage.users.email")}</span>
          <span>{t("manage.users.roles")}</span>
          <span>{t("manage.users.lastSignIn")}</span>
          <span>{t("manage.users.status")}</span>
          {canManage ? <span className="text-end">{t("manage.users.actions")}</span> : <span />}
        </ListHeader>
        <ul className="grid gap-3 lg:gap-0 lg:divide-y">
          {page.users.map((user) => (
            <li
              key={user.id}
              className={cn(
                columns,
                "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-lg border p-3 lg:rounded-none lg:border-0 lg:px-3 lg:py-3",
                user.disabled && "bg-muted/40",
              )}
              data-testid="user-row"
              data-user={user.userName}
              data-disabled={user.disabled || undefined}
            >
              <span className="flex min-w-0 items-center gap-2">
                <Avatar name={user.displayName} image={user.avatar} />
                <span className="grid min-w-0">
                  <span className="flex min-w-0 flex-wrap items-center gap-x-1.5">
                    <bdi className="font-medium break-words">{user.displayName}</bdi>
                    {user.id === selfId ? (
                      <span className="shrink-0 rounded-full bg-muted px-1.5 text-xs text-muted-foreground">
                        {t("manage.users.you")}
                      </span>
                    ) : null}
                  </span>
                  <span>
                    <span className="sr-only">{t("manage.users.userName")}: </span>
                    <bdi dir="ltr" className="font-mono text-xs break-all text-muted-foreground">
                      {user.userName}
                    </bdi>
                  </span>
                </span>
              </span>
              <span className="col-span-full min-w-0 text-sm lg:col-span-1" data-testid="user-email">
                <span className="sr-only">{t("manage.users.email")}: </span>
                {user.email ? (
                  <bdi dir="ltr" className="break-all">
                    {user.email}
                  </bdi>
                ) : (
                  <span className="text-muted-foreground">{t("manage.users.noEmail")}</span>
                )}
              </span>
              <ul
                className="col-span-full flex flex-wrap gap-1 lg:col-span-1"
                aria-label={t("manage.users.roles")}
                data-testid="user-roles"
              >
                {user.roles.length ? (
                  user.roles.map((role) => (
                    <li key={role.id} className="rounded-full border bg-muted px-2 py-0.5 text-xs whitespace-nowrap">
                      <bdi>{roleName(role.name, t)}</bdi>
                    </li>
                  ))
                ) : (
                  <li className="text-xs text-muted-foreground">{t("manage.users.noRoles")}</li>
                )}
              </ul>
              <span className="text-xs text-muted-foreground lg:text-sm" data-testid="user-last-sign-in">
                <span className="lg:sr-only">{t("manage.users.lastSignIn")}: </span>
                {user.lastSignInAt ? <RelativeTime iso={user.lastSignInAt} locale={locale} /> : t("manage.users.never")}
              </span>
              <span className="justify-self-end lg:justify-self-start">
                <span className="sr-only">{t("manage.users.status")}: </span>
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
                    user.disabled ? "bg-destructive/15 text-destructive" : "bg-success/15 text-success",
                  )}
                  data-testid="user-status"
                >
                  {user.disabled ? t("manage.users.status.disabled") : t("manage.users.status.active")}
                </span>
              </span>
              {canManage && canActOn(user) ? (
                <span className="col-span-full justify-self-end lg:col-span-1">
                  <UserActions user={user} self={user.id === selfId} onAction={(action) => onAction(user, action)} />
                </span>
              ) : canManage ? (
                <span
                  className="col-span-full justify-self-end text-muted-foreground lg:col-span-1"
                  title={t("manage.forbiddenHigherAccount")}
                >
                  <Icon name="lock" className="size-4" aria-label={t("manage.forbiddenHigherAccount")} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {page.users.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("manage.users.none")}</p>
        ) : null}
      </div>
      <ListPagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </Card>
  );
}
