import { useState } from "react";
import { data, Link, useLoaderData, useSearchParams } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import { moderationList } from "~/comments/comments.server";
import { commentStatusSchema, moderationQuery } from "~/comments/schema";
import { RelativeTime } from "~/comments/ui/relative-time";
import { getDb } from "~/db/client.server";
import { commentStatuses, type CommentStatus } from "~/db/schema";
import { pickMessages } from "~/i18n/catalogs.server";
import { formatNumber } from "~/i18n/format";
import { parseLocalizedPath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { pageQuery } from "~/lib/page-query.server";
import { documentTitle } from "~/shell/meta";
import { rootSite, rootT } from "~/shell/route-meta";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import type { Route } from "./+types/comments";

/** The queue's query; an address with an unknown status shows the pending tab. */
const queueQuery = moderationQuery.extend({ status: commentStatusSchema.catch("pending") });

/** /manage/comments: the moderation queue (comments.edit), one tab per status. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePagePermission(request, "comments.edit");
  const url = new URL(request.url);
  const query = pageQuery(queueQuery, url);
  const list = await moderationList(await getDb(), query);
  return data(
    { messages: pickMessages(parseLocalizedPath(url.pathname).locale, ["comments"]), status: query.status, ...list },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("comments.manage.title")) },
  { name: "robots", content: "noindex" },
];

const actions: {
  status: CommentStatus;
  label: "comments.action.approve" | "comments.action.spam" | "comments.action.pending" | "comments.action.trash";
}[] = [
  { status: "approved", label: "comments.action.approve" },
  { status: "spam", label: "comments.action.spam" },
  { status: "pending", label: "comments.action.pending" },
  { status: "trash", label: "comments.action.trash" },
];

export default function ManageComments() {
  const t = useT();
  const locale = useLocale();
  const { rows, counts, status, total, page, pageSize } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number[]>([]);
  const action = useApiAction();
  const busy = action.pending;

  const moderate = (ids: number[], newStatus: CommentStatus) =>
    action.run("/api/comments/moderate", {
      body: ids.length === 1 ? { id: ids[0], newStatus } : { ids, newStatus },
      onSuccess: () => setSelected([]),
    });

  const tabHref = (s: CommentStatus) => {
    const next = new URLSearchParams(params);
    next.set("status", s);
    next.delete("page");
    return `?${next}`;
  };
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <section className="grid gap-6" data-testid="manage-comments">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("comments.manage.title")}</h1>
        <p className="text-muted-foreground">{t("comments.manage.description")}</p>
      </header>

      <nav aria-label={t("comments.manage.status")} className="flex flex-wrap gap-1 border-b">
        {commentStatuses.map((s) => (
          <Link
            key={s}
            to={tabHref(s)}
            aria-current={s === status ? "page" : undefined}
            data-testid={`tab-${s}`}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm",
              s === status
                ? "border-primary font-semibold"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t(`comments.status.${s}`)}{" "}
            <span className="ms-1 rounded-full bg-muted px-2 py-0.5 text-xs" data-testid={`count-${s}`}>
              {formatNumber(counts[s], locale)}
            </span>
          </Link>
        ))}
      </nav>

      <div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
        <span className="text-sm text-muted-foreground">
          {t("comments.manage.selected", { count: formatNumber(selected.length, locale) })}
        </span>
        {actions
          .filter((a) => a.status !== status)
          .map((a) => (
            <Button
              key={a.status}
              size="sm"
              variant="outline"
              disabled={selected.length === 0 || busy}
              onClick={() => moderate(selected, a.status)}
            >
              {t(a.label)}
            </Button>
          ))}
      </div>

      {rows.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-muted-foreground" data-testid="empty">
          {t("comments.manage.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-start">
              <tr>
                <th className="w-10 p-3">
                  <input
                    type="checkbox"
                    aria-label={t("comments.manage.selectAll")}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                  />
                </th>
                <th className="p-3 text-start font-medium">{t("comments.manage.author")}</th>
                <th className="p-3 text-start font-medium">{t("comments.manage.excerpt")}</th>
                <th className="p-3 text-start font-medium">{t("comments.manage.page")}</th>
                <th className="p-3 text-start font-medium">{t("comments.manage.date")}</th>
                <th className="p-3 text-start font-medium">{t("comments.manage.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t align-top" data-testid="moderation-row" data-id={row.id}>
                  <td className="p-3">
                    <input
                      type="checkbox"
                      aria-label={t("comments.manage.select", { id: row.id })}
                      checked={selected.includes(row.id)}
                      onChange={() =>
                        setSelected((s) => (s.includes(row.id) ? s.filter((id) => id !== row.id) : [...s, row.id]))
                      }
                    />
                  </td>
                  <td className="p-3">
                    <bdi className="font-medium">{row.authorName || t("comments.manage.anonymousAuthor")}</bdi>
                    <div className="text-xs text-muted-foreground" dir="ltr">
                      {row.authorUserName
                        ? `@${row.authorUserName}`
                        : row.authorPub
                          ? `${row.authorPub.slice(0, 12)}…`
                          : ""}
                    </div>
                  </td>
                  <td className="max-w-md p-3">
                    <p dir="auto" className="line-clamp-3 whitespace-pre-wrap break-words">
                      {row.body}
                    </p>
                  </td>
                  <td className="p-3">
                    <a
                      href={`${row.routePath}#comment-${row.id}`}
                      dir="ltr"
                      className="inline-flex items-center gap-1 text-xs underline"
                      target="_blank"
                      rel="noreferrer"
                    >
                      {row.routePath}
                      <Icon name="external-link" className="size-3" />
                      <span className="sr-only">{t("comments.manage.view")}</span>
                    </a>
                  </td>
                  <td className="p-3 text-xs whitespace-nowrap text-muted-foreground">
                    <RelativeTime iso={row.createdAt} locale={locale} />
                  </td>
                  <td className="p-3">
                    <div className="flex flex-wrap gap-1">
                      {actions
                        .filter((a) => a.status !== row.status)
                        .map((a) => (
                          <Button
                            key={a.status}
                            size="sm"
                            variant="ghost"
                            disabled={busy}
                            onClick={() => moderate([row.id], a.status)}
                            data-testid={`action-${a.status}`}
                          >
                            {t(a.label)}
                          </Button>
                        ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 ? (
        <nav className="flex items-center justify-center gap-2 text-sm">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => {
            const next = new URLSearchParams(params);
            next.set("page", String(n));
            return (
              <Link
                key={n}
                to={`?${next}`}
                aria-current={n === page ? "page" : undefined}
                className={cn(
                  "rounded-md px-3 py-1",
                  n === page ? "bg-primary text-primary-foreground" : "hover:bg-accent",
                )}
              >
                {formatNumber(n, locale)}
              </Link>
            );
          })}
        </nav>
      ) : null}
    </section>
  );
}
