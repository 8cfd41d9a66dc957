import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";

/** The id the comments section and the table of contents' comments link share. */
export const commentsAnchor = "comments";

/** The comments entry of the table of contents, with the count of approved comments. */
export function CommentsTocEntry({ count }: { count: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <a
      href={`#${commentsAnchor}`}
      className="mt-3 flex items-center gap-2 border-t pt-3 text-muted-foreground hover:text-foreground"
      data-testid="toc-comments"
    >
      {t("content.toc.comments")}
      {count > 0 ? (
        <span className="rounded-full bg-muted px-2 text-xs" data-testid="toc-comment-count">
          {formatNumber(count, locale)}
        </span>
      ) : null}
    </a>
  );
}
