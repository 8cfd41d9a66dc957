import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { commentsAnchor } from "~/comments/ui/comments-toc-entry";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import { useNearView } from "~/ui/use-near-view";

// The comments code (list, form, and the signing code for anonymous visitors) loads only when it is needed.
const section = lazyPart(() => import("./comments-section"));

/**
 * The comments section at the end of a page: its heading and count render with the page; the section itself
 * loads as the reader approaches it (or at once when the address points at a comment).
 */
export function CommentsSlot({ routePath, count }: { routePath: string; count: number }) {
  const t = useT();
  const locale = useLocale();
  const intent = useLoadOnIntent(section.load);
  const {
    ref,
    near: open,
    setNear: setOpen,
  } = useNearView<HTMLElement>(() => window.location.hash.startsWith("#comment"));

  return (
    <section
      ref={ref}
      id={commentsAnchor}
      aria-labelledby="comments-title"
      className="mt-16 grid scroll-mt-20 gap-6 border-t pt-8"
      data-testid="comments"
    >
      <h2 id="comments-title" className="text-xl font-bold">
        {t("comments.title")}
        {count > 0 ? (
          <span className="ms-2 text-base font-normal text-muted-foreground">({formatNumber(count, locale)})</span>
        ) : null}
      </h2>
      {open ? (
        <section.Part
          fallback={<p className="text-sm text-muted-foreground">{t("comments.loading")}</p>}
          // Offline for a moment: the button comes back, and pressing it tries again.
          onFailed={() => setOpen(false)}
          routePath={routePath}
        />
      ) : (
        // A plain button: the post page's first load carries nothing of the comments' own code.
        <button
          type="button"
          className="h-10 justify-self-start rounded-md border border-input px-4 text-sm font-medium hover:bg-accent"
          {...intent}
          onClick={() => setOpen(true)}
        >
          {t("comments.show")}
        </button>
      )}
    </section>
  );
}
