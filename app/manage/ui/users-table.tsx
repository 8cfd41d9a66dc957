import { Form, Link, useLocation } from "react-router";
import type { UserPage } from "~/auth/user-admin.server";
import { formatDate, formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Avatar } from "~/ui/avatar";
import { Button, buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";

const th = "px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted-foreground";
const td = "px-3 py-3 align-middle";

/** The accounts: search, one page of the table, and the way to the next and previous pages. */
export function UsersTable({
  page,
  q,
  canManage,
  onAdd,
  onEditRoles,
}: {
  page: UserPage;
  q: string;
  canManage: boolean;
  onAdd: () => void;
  onEditRoles: (user: UserPage["users"][number]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const pageLink = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
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
      <Form method="get" role="search" className="flex gap-2">
        <label className="sr-only" htmlFor="user-search">
          {t("manage.users.search")}
        </label>
        <Input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("manage.users.searchPlaceholder")}
          dir="auto"
        />
        <Button type="submit" variant="outline" aria-label={t("manage.users.searchSubmit")}>
          <Icon name="search" />
          <span className="hidden sm:inline">{t("manage.users.searchSubmit")}</span>
        </Button>
      </Form>
      <div className="relative -mx-5 overflow-x-auto sm:mx-0">
        <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="users-table">
          <thead className="border-b">
            <tr>
              <th className={th}>{t("manage.users.name")}</th>
              <th className={th}>{t("manage.users.userName")}</th>
              <th className={th}>{t("manage.users.roles")}</th>
              <th className={th}>{t("manage.users.joined")}</th>
              {canManage ? (
                <th className={th}>
                  <span className="sr-only">{t("manage.users.actions")}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y">
            {page.users.map((user) => (
              <tr key={user.id} data-testid="user-row" data-user={user.userName}>
                <td className={td}>
                  <span className="flex items-center gap-2">
                    <Avatar name={user.displayName} />
                    <bdi className="font-medium">{user.displayName}</bdi>
                  </span>
                </td>
                <td className={td}>
                  <bdi dir="ltr" className="font-mono text-xs">
                    {user.userName}
                  </bdi>
                </td>
                <td className={td}>
                  <ul className="flex flex-wrap gap-1">
                    {user.roles.length ? (
                      user.roles.map((role) => (
                        <li key={role.id} className="rounded-full border bg-muted px-2 py-0.5 text-xs">
                          <bdi>{role.name}</bdi>
                        </li>
                      ))
                    ) : (
                      <li className="text-xs text-muted-foreground">{t("manage.users.noRoles")}</li>
                    )}
                  </ul>
                </td>
                <td className={cn(td, "whitespace-nowrap text-muted-foreground")}>
                  {formatDate(user.createdAt, locale)}
                </td>
                {canManage ? (
                  <td className={cn(td, "text-end")}>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onEditRoles(user)}
                      aria-label={t("manage.users.editRolesOf", { name: user.displayName })}
                      data-testid="edit-roles"
                    >
                      {t("manage.users.editRoles")}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {page.users.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("manage.users.none")}</p>
        ) : null}
      </div>
      {pages > 1 ? (
        <nav
          className="flex items-center justify-between gap-2 text-sm"
          aria-label={t("manage.page.of", { page: page.page, pages })}
        >
          <Link
            to={pageLink(page.page - 1)}
            aria-disabled={page.page <= 1}
            className={cn(
              buttonClass({ variant: "outline", size: "sm" }),
              page.page <= 1 && "pointer-events-none opacity-50",
            )}
            data-testid="page-previous"
          >
            <Icon name="chevron-right" className="ltr:rotate-180" />
            {t("manage.page.previous")}
          </Link>
          <span className="text-muted-foreground">
            {t("manage.page.of", { page: formatNumber(page.page, locale), pages: formatNumber(pages, locale) })}
          </span>
          <Link
            to={pageLink(page.page + 1)}
            aria-disabled={page.page >= pages}
            className={cn(
              buttonClass({ variant: "outline", size: "sm" }),
              page.page >= pages && "pointer-events-none opacity-50",
            )}
            data-testid="page-next"
          >
            {t("manage.page.next")}
            <Icon name="chevron-left" className="ltr:rotate-180" />
          </Link>
        </nav>
      ) : null}
    </Card>
  );
}
