import { Link } from "react-router";
import { loadLogs } from "~/content/pages.server";
import { Pagination } from "~/content/ui/pagination";
import { PostList } from "~/content/ui/post-list";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { Prose } from "~/shell/ui/page-layout";
import type { Route } from "./+types/logs";
import { sharedDocument } from "~/content/shared-document";

export const loader = ({ request, url }: Route.LoaderArgs) => loadLogs(request, url);

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The logs: every dated post, newest first, by pages, with a category filter. */
export default function Logs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const data = loaderData;
  return (
    <div className="max-w-3xl" data-testid="logs">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{data.title}</h1>
      {data.description ? <p className="mt-3 text-lg text-muted-foreground">{data.description}</p> : null}
      {data.html ? <Prose html={data.html} className="mt-6" /> : null}
      <nav aria-label={t("content.logs.filter")} className="mt-8" data-testid="category-filter">
        <ul className="flex flex-wrap gap-2">
          {data.filters.map((filter) => (
            <li key={filter.url}>
              <Link
                to={filter.url}
                aria-current={filter.current ? "page" : undefined}
                className="inline-flex h-9 items-center rounded-full border px-4 text-sm transition-colors hover:bg-accent aria-[current]:border-primary aria-[current]:bg-primary aria-[current]:text-primary-foreground"
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 mb-6 flex items-center justify-between gap-4 text-sm text-muted-foreground">
        <p data-testid="post-count">{data.total}</p>
        {/* A plain link: the feed is a document of its own, not a page of the app. */}
        <a
          href={localizePath("/feed.xml", locale)}
          type="application/atom+xml"
          className="inline-flex min-h-6 items-center gap-1.5 hover:text-foreground"
        >
          {/* The feed icon, drawn here: an icon library import would split the shared icon chunk. */}
          <svg aria-hidden viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" strokeLinecap="round" />
            <circle cx="5" cy="19" r="1" fill="currentColor" />
          </svg>
          {t("content.feed.link")}
        </a>
      </div>
      {data.groups.length ? (
        <PostList groups={data.groups} />
      ) : (
        <p className="py-10 text-muted-foreground">{t("content.logs.empty")}</p>
      )}
      <Pagination view={data.pagination} />
    </div>
  );
}
