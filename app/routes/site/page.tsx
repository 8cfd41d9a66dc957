import { lazy, Suspense } from "react";
import { loadPage } from "~/content/pages.server";
import { Article } from "~/content/ui/article";
import { mergeHeaders } from "~/lib/headers";
import type { Route } from "./+types/page";

// Posts are what most visitors open, so only the article view is in this route's first load; a category's
// listing arrives as its own chunk (server-rendered, hydrated when the chunk is in).
const CategoryView = lazy(() => import("~/content/ui/category-view"));

/** The catch-all content page (every path no other route takes): a category's listing, a post or a page; else 404. */
export const loader = ({ request, url }: Route.LoaderArgs) => loadPage(request, url);

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  const view = loaderData.view;
  if (view.kind !== "category") return <Article view={view} />;
  return (
    <Suspense>
      <CategoryView view={view} />
    </Suspense>
  );
}
