import { useState } from "react";
import { Link, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { moderationList } from "~/comments/comments.server";
import { commentStatusSchema, moderationQuery } from "~/comments/schema";
import { ModerationActions } from "~/comments/ui/moderation-actions";
import { ModerationItem } from "~/comments/ui/moderation-item";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { toast } from "~/ui/toast/store";
import { failureToast, useApiAction } from "~/ui/use-api";
import type { Route } from "./+types/comments";

const commentStatuses = commentStatusSchema.options;
type CommentStatus = (typeof commentStatuses)[number];

/** The queue's query; an address with an unknown status shows the pending tab. */
const queueQuery = moderationQuery.extend({ status: commentStatusSchema.catch("pending") });

/** /manage/comments: the moderation queue (comments.edit), one tab per status. */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "comments.edit", messages: ["comments"], title: "comments.manage.title" },
    async ({ url }) => {
      const query = pageQuery(queueQuery, url);
      const list = await moderationList(await getDb(), query);
      return { status: query.status, ...list };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageComments() {
  const t = useT();
  const locale = useLocale();
  const { rows, counts, status, total, page, pageSize } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number[]>([]);
  const action = useApiAction();
  const revalidator = useRevalidator();
  const busy = action.pending;

  // Each comment's version as shown: one its author edited since is refused, and the queue loads its new text.
  const moderate = (ids: number[], newStatus: CommentStatus) => {
    const seen = Object.fromEntries(
      rows.filter((r) => ids.includes(r.id)).map((r) => [String(r.id), r.editedAt] as const),
    );
    return action.run("/api/comments/moderate", {
      body: ids.length === 1 ? { id: ids[0], newStatus, seen } : { ids, newStatus, seen },
      onSuccess: () => setSelected([]),
      onFailure: (failure) => {
        toast(failureToast(failure));
        if (failure.status === 409) void revalidator.revalidate();
      },
    });
  };

  const tabHref = (s: CommentStatus) => {
    const next = new URLSearchParams(params);
    next.set("status", s);
    next.delete("page");
    return `?${next}`;
  };
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-comments">
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

      {rows.length === 0 ? (
        <p className="rounded-lg border p-8 text-center text-muted-foreground" data-testid="empty">
          {t("comments.manage.empty")}
        </p>
      ) : (
        <div className="rounded-lg border">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b bg-muted/50 px-4 py-2">
            <label className="inline-flex min-h-6 cursor-pointer items-center gap-3 text-sm font-medium">
              <span className="grid size-6 place-items-center">
                <input
                  type="checkbox"
                  className="size-4 accent-current"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.id))}
                />
              </span>
              {t("comments.manage.selectAll")}
            </label>
          </div>
          <ul className="divide-y">
            {rows.map((row) => (
              <ModerationItem
                key={row.id}
                row={row}
                selected={selected.includes(row.id)}
                onSelect={() => toggle(row.id)}
                busy={busy}
                onMove={(newStatus) => moderate([row.id], newStatus)}
              />
            ))}
          </ul>
        </div>
      )}

      {/* Shown only while something is selected; it stays at the bottom of the window over a long queue. */}
      {selected.length > 0 ? (
        <div
          role="region"
          aria-label={t("comments.manage.bulk")}
          className="sticky bottom-3 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-background p-3 shadow-lg"
          data-testid="bulk-actions"
        >
          <span className="text-sm font-medium" aria-live="polite">
            {t("comments.manage.selected", { count: formatNumber(selected.length, locale) })}
          </span>
          <ModerationActions
            current={status}
            label={t("comments.manage.bulk")}
            disabled={busy}
            onMove={(newStatus) => moderate(selected, newStatus)}
          />
          <Button size="sm" variant="ghost" className="ms-auto" onClick={() => setSelected([])}>
            <Icon name="x" />
            {t("comments.manage.clearSelection")}
          </Button>
        </div>
      ) : null}

      {pages > 1 ? (
        <nav className="flex flex-wrap items-center justify-center gap-2 text-sm">
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
