import { lazy, Suspense } from "react";
import { loadPage } from "~/content/pages.server";
import { mergeHeaders } from "~/lib/headers";
import type { Route } from "./+types/page";

// Each view is its own chunk, so a category page never downloads the article's code nor a post the listing's.
// Both are rendered on the server and hydrated when their chunk is in; the document preloads the one it shows
// (its head lists the chunks: `viewPreloads`), so a post's code is on its way as early as a route's own.
const Article = lazy(() => import("~/content/ui/article").then((module) => ({ default: module.Article })));
const CategoryView = lazy(() => import("~/content/ui/category-view"));

/** The catch-all content page (every path no other route takes): a category's listing, a post or a page; else 404. */
export const loader = ({ request, url }: Route.LoaderArgs) => loadPage(request, url);

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  const view = loaderData.view;
  return <Suspense>{view.kind === "category" ? <CategoryView view={view} /> : <Article view={view} />}</Suspense>;
}
