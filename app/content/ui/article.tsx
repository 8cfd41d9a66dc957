import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { useSessionUser } from "~/auth/session-user";
import { lazyPart } from "~/ui/lazy-part";
import { PageLayout, Prose } from "~/shell/ui/page-layout";
import type { ArticleView, LinkItem } from "../view-types";
import { CommentsSlot } from "~/comments/ui/comments-slot";
import { CommentsTocEntry } from "~/comments/ui/comments-toc-entry";
import { TableOfContents } from "./toc";

const dot = (
  <span aria-hidden className="px-2">
    ·
  </span>
);

function Byline({ view }: { view: ArticleView }) {
  return (
    <p className="mt-5 text-sm text-muted-foreground" data-testid="byline">
      {view.author}
      {view.date ? (
        <>
          {view.author ? dot : null}
          <time dateTime={view.date.iso}>{view.date.label}</time>
        </>
      ) : null}
      {view.readingTime ? (
        <>
          {dot}
          {view.readingTime}
        </>
      ) : null}
      <EditLinkSlot address={view.path} after={Boolean(view.author || view.date || view.readingTime)} />
    </p>
  );
}

function Sibling({ link, label, end }: { link: LinkItem | null; label: string; end?: boolean }) {
  if (!link) return <div />;
  return (
    <Link to={link.url} prefetch="intent" className={`rounded-lg border p-4 hover:bg-accent ${end ? "text-end" : ""}`}>
      <span className="block text-xs text-muted-foreground">{label}</span>
      <span className="mt-1 block font-semibold">{link.label}</span>
    </Link>
  );
}

/**
 * "Edit this page", for those who may write: loaded only for them, so readers download none of it, and shown
 * once the page knows who is signed in (after the document, which is every reader's). It sits at the end of the
 * byline's line, so appearing moves nothing.
 */
const EditLink = lazyPart(() => import("./edit-link"));

function EditLinkSlot({ address, after }: { address: string; after: boolean }) {
  const user = useSessionUser();
  if (!user?.permissions.includes("commit.create")) return null;
  return (
    <>
      {after ? dot : null}
      <EditLink.Part address={address} onFailed={() => {}} />
    </>
  );
}

/** A post or a plain page: header, thumbnail, table of contents, the rendered body, what a page adds, comments slot. */
export function Article({ view, after }: { view: ArticleView; after?: ReactNode }) {
  const t = useT();
  const toc = view.toc.length ? (
    <TableOfContents entries={view.toc} extra={view.comments ? <CommentsTocEntry count={view.commentCount} /> : null} />
  ) : null;
  const header = (
    <header>
      {view.category ? (
        <Link
          to={view.category.url}
          className="inline-flex min-h-6 items-center rounded-full bg-muted px-3 text-sm font-medium text-muted-foreground hover:text-foreground"
          data-testid="post-category"
        >
          {view.category.label}
        </Link>
      ) : null}
      <h1 className="mt-3 text-3xl leading-tight font-black tracking-tight text-balance sm:text-4xl">{view.title}</h1>
      {view.description ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{view.description}</p> : null}
      <Byline view={view} />
      {view.thumbnail ? (
        // Markup the server made, as for the images in the text; nothing of it runs in the browser.
        <div dangerouslySetInnerHTML={{ __html: view.thumbnail.html }} />
      ) : null}
    </header>
  );
  return (
    <article data-testid="article" data-kind={view.kind}>
      <PageLayout toc={toc} header={header}>
        <Prose html={view.html} className={toc ? "" : "mt-10"} />
        <div className="measure">
          {view.tags.length ? (
            <ul className="mt-10 flex flex-wrap gap-2" aria-label={t("content.post.tags")} data-testid="post-tags">
              {view.tags.map((tag, i) => (
                // A tag's text may run either way (Latin tags on Persian posts): <bdi> keeps its own direction.
                <li key={`${i}:${tag.label}`}>
                  {tag.url ? (
                    <Link
                      to={tag.url}
                      prefetch="intent"
                      className="inline-flex min-h-8 items-center rounded-md bg-muted px-3 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
                    >
                      <bdi>{tag.label}</bdi>
                    </Link>
                  ) : (
                    <span className="inline-flex min-h-8 items-center rounded-md bg-muted px-3 text-sm text-muted-foreground">
                      <bdi>{tag.label}</bdi>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {view.newer || view.older ? (
            <nav aria-label={t("content.post.more")} className="mt-12 grid gap-3 sm:grid-cols-2">
              <Sibling link={view.newer} label={t("content.post.newer")} />
              <Sibling link={view.older} label={t("content.post.older")} end />
            </nav>
          ) : null}
          {after}
          {view.comments ? <CommentsSlot routePath={view.path} count={view.commentCount} /> : null}
        </div>
      </PageLayout>
    </article>
  );
}
