import { useT } from "~/i18n/use-t";

/** The id the comments section and the table of contents' comments link share. */
export const commentsAnchor = "comments";

/**
 * Where a page's comments go (front matter `comments: true`). Issue #6 (comments) fills it: the list, the
 * form and the count; `routePath` is the page's path as served, the key comments are stored under.
 */
export function CommentsSlot({ routePath }: { routePath: string }) {
  const t = useT();
  return (
    <section
      id={commentsAnchor}
      aria-labelledby="comments-title"
      data-testid="comments-slot"
      data-route-path={routePath}
      className="mt-16 scroll-mt-20 border-t pt-8"
    >
      <h2 id="comments-title" className="text-xl font-bold">
        {t("content.post.comments")}
      </h2>
    </section>
  );
}

/**
 * The comments entry of the table of contents. `count` is left for issue #6 to pass (approved comments);
 * until then the entry shows no number.
 */
export function CommentsTocEntry({ count }: { count?: string }) {
  const t = useT();
  return (
    <a
      href={`#${commentsAnchor}`}
      className="mt-3 flex items-center gap-2 border-t pt-3 text-muted-foreground hover:text-foreground"
      data-testid="toc-comments"
    >
      {t("content.toc.comments")}
      {count ? <span className="rounded-full bg-muted px-2 text-xs">{count}</span> : null}
    </a>
  );
}
