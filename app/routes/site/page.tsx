import { loadPage } from "~/content/pages.server";
import { Article } from "~/content/ui/article";
import { Pagination } from "~/content/ui/pagination";
import { PostList } from "~/content/ui/post-list";
import { useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { Prose } from "~/shell/page-layout";
import type { Route } from "./+types/page";

/** The catch-all content page (SPEC §2 `/{slug...}`): a category's listing, a post or a page; else 404. */
export const loader = ({ request, url }: Route.LoaderArgs) => loadPage(request, url);

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const view = loaderData.view;
  if (view.kind !== "category") return <Article view={view} />;
  return (
    <div className="mx-auto max-w-3xl" data-testid="category">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{view.title}</h1>
      {view.description ? <p className="mt-3 text-lg text-muted-foreground">{view.description}</p> : null}
      {view.html ? <Prose html={view.html} className="mt-6" /> : null}
      <p className="mt-8 mb-2 text-sm text-muted-foreground" data-testid="post-count">
        {view.total}
      </p>
      {view.groups.length ? <PostList groups={view.groups} /> : <p className="py-10 text-muted-foreground">{t("content.logs.empty")}</p>}
      <Pagination view={view.pagination} />
    </div>
  );
}
