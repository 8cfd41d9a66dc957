import { Link } from "react-router";
import { loadTag } from "~/content/pages.server";
import { tagPageQuery } from "~/content/schema";
import { Pagination } from "~/content/ui/pagination";
import { PostList } from "~/content/ui/post-list";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { mergeHeaders } from "~/lib/headers";
import type { Route } from "./+types/tag";
import { sharedDocument } from "~/content/shared-document";

export const loader = ({ request, url }: Route.LoaderArgs) => loadTag(request, url, pageQuery(tagPageQuery, url).page);

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** A tag's page: the posts carrying it, newest first, by pages. */
export default function Tag({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const data = loaderData;
  // "Tag: C++" on a Persian page: the tag keeps its own direction (<bdi>), the words around it the page's.
  // Without values the catalog's text keeps its placeholder, which marks where the tag goes.
  const [before, after = ""] = t("content.tags.heading").split("{tag}");
  return (
    <div className="max-w-3xl" data-testid="tag-page">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">
        {before}
        <bdi>{data.tag}</bdi>
        {after}
      </h1>
      <div className="mt-8 mb-6 flex flex-wrap items-center justify-between gap-4 text-sm text-muted-foreground">
        <p data-testid="post-count">{data.total}</p>
        <Link
          to={localizePath("/tags", locale)}
          className="inline-flex min-h-6 items-center hover:text-foreground hover:underline"
        >
          {t("content.tags.all")}
        </Link>
      </div>
      <PostList groups={data.groups} />
      <Pagination view={data.pagination} />
    </div>
  );
}
