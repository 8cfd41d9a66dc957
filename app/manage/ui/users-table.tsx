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
import { roleName } from "~/manage/role-label";
import { ListHeader } from "./list-header";

/** The one column template of the header and every row from md up. */
const columns = "md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,0.9fr)_9rem] md:gap-x-4";

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
      {/* A list, not a table: on a phone each account is a card with its action in view; from md up the rows
          share one column template and read as a table. */}
      <div data-testid="users-table">
        <ListHeader columns={columns}>
          <span>{t("manage.users.name")}</span>
          <span>{t("manage.users.userName")}</span>
          <span>{t("manage.users.roles")}</span>
          <span>{t("manage.users.joined")}</span>
          {canManage ? <span className="text-end">{t("manage.users.actions")}</span> : null}
        </ListHeader>
        <ul className="grid gap-3 md:gap-0 md:divide-y">
          {page.users.map((user) => (
            <li
              key={user.id}
              className={cn(
                columns,
                "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-lg border p-3 md:rounded-none md:border-0 md:px-3 md:py-3",
              )}
              data-testid="user-row"
              data-user={user.userName}
            >
              <span className="flex min-w-0 items-center gap-2">
                <Avatar name={user.displayName} />
                <bdi className="truncate font-medium">{user.displayName}</bdi>
              </span>
              <span className="min-w-0 ps-10 md:ps-0">
                <span className="sr-only">{t("manage.users.userName")}: </span>
                <bdi dir="ltr" className="font-mono text-xs break-all">
                  {user.userName}
                </bdi>
              </span>
              <ul
                className="col-span-full flex flex-wrap gap-1 md:col-span-1"
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
              <span className="col-span-full text-xs text-muted-foreground md:col-span-1 md:text-sm">
                <span className="md:sr-only">{t("manage.users.joined")}: </span>
                {formatDate(user.createdAt, locale)}
              </span>
              {canManage ? (
                <span className="col-start-2 row-span-2 row-start-1 justify-self-end md:col-start-5 md:row-span-1">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onEditRoles(user)}
                    aria-label={t("manage.users.editRolesOf", { name: user.displayName })}
                    data-testid="edit-roles"
                  >
                    {t("manage.users.editRoles")}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
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
