import type { ModerationRow } from "~/comments/types";
import type { CommentStatus } from "~/db/schema";
import { useLocale, useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { ModerationActions } from "./moderation-actions";
import { RelativeTime } from "~/ui/relative-time";

/**
 * One comment in the moderation queue. On a phone it is a card: who and when, the text, the page, then one row
 * of actions. From `lg` up it is a row whose text column gives way so the actions always stay in view.
 */
export function ModerationItem({
  row,
  selected,
  onSelect,
  busy,
  onMove,
}: {
  row: ModerationRow;
  selected: boolean;
  onSelect: () => void;
  busy: boolean;
  onMove: (status: CommentStatus) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const handle = row.authorUserName ? `@${row.authorUserName}` : row.authorPub ? `${row.authorPub.slice(0, 12)}…` : "";
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 p-4 lg:grid-cols-[auto_minmax(8rem,12rem)_minmax(0,1fr)_auto] lg:gap-x-4"
      data-testid="moderation-row"
      data-id={row.id}
    >
      {/* The label is the checkbox's 24 px target. */}
      <label className="grid size-6 cursor-pointer place-items-center" data-testid="select-comment">
        <input
          type="checkbox"
          className="size-4 accent-current"
          aria-label={t("comments.manage.select", { id: row.id })}
          checked={selected}
          onChange={onSelect}
        />
      </label>
      <div className="grid min-w-0 gap-0.5 text-sm">
        <bdi className="truncate font-medium">
          {row.authorDeleted ? t("comments.deletedAccount") : row.authorName || t("comments.manage.anonymousAuthor")}
        </bdi>
        <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          {handle ? (
            <span dir="ltr" className="truncate">
              {handle}
            </span>
          ) : null}
          <RelativeTime iso={row.createdAt} locale={locale} />
        </span>
        {row.authorEmail ? (
          <span
            dir="ltr"
            className="max-w-full justify-self-start truncate text-xs text-muted-foreground"
            data-testid="comment-email"
            title={row.authorEmail}
          >
            <span className="sr-only">{t("comments.manage.email")} </span>
            {row.authorEmail}
          </span>
        ) : null}
        {row.authorUrl ? (
          <a
            href={row.authorUrl}
            dir="ltr"
            className="max-w-full justify-self-start truncate text-xs text-muted-foreground underline hover:text-foreground"
            target="_blank"
            rel="noreferrer nofollow ugc"
            data-testid="comment-url"
            title={row.authorUrl}
          >
            {row.authorUrl}
          </a>
        ) : null}
      </div>
      <div className="col-span-full grid min-w-0 gap-2 lg:col-span-1">
        {row.deletedAt ? (
          <p className="text-xs font-medium text-destructive" data-testid="deleted-by-author">
            {t("comments.manage.deletedByAuthor")}
          </p>
        ) : null}
        <p dir="auto" className="line-clamp-4 text-sm whitespace-pre-wrap wrap-anywhere">
          {row.body}
        </p>
        {row.edits.length ? (
          // What the author wrote before each edit, oldest first: an edit never hides what was approved.
          <details className="text-xs text-muted-foreground" data-testid="comment-edits">
            <summary className="cursor-pointer">{t("comments.manage.edited")}</summary>
            <ol className="mt-1 grid gap-1 border-s-2 ps-3">
              {row.edits.map((edit) => (
                <li key={edit.replacedAt} className="grid gap-0.5">
                  <RelativeTime iso={edit.replacedAt} locale={locale} />
                  <p dir="auto" className="whitespace-pre-wrap wrap-anywhere">
                    {edit.body}
                  </p>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        <a
          href={`${row.routePath}#comment-${row.id}`}
          className="inline-flex min-h-6 max-w-full items-center gap-1 justify-self-start text-xs text-muted-foreground underline hover:text-foreground"
          target="_blank"
          rel="noreferrer"
          data-testid="comment-page"
        >
          <Icon name="message-square" className="size-3 shrink-0" />
          {row.pageTitle ? (
            <bdi className="truncate">{row.pageTitle}</bdi>
          ) : (
            <span dir="ltr" className="truncate">
              {row.routePath}
            </span>
          )}
          <Icon name="external-link" className="size-3 shrink-0" />
          <span className="sr-only">{t("comments.manage.view")}</span>
        </a>
      </div>
      <ModerationActions
        current={row.status}
        label={t("comments.manage.actionsFor", { id: row.id })}
        disabled={busy}
        onMove={onMove}
        className="col-span-full lg:col-span-1 lg:justify-end"
      />
    </li>
  );
}
