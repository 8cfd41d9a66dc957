import type { ComponentProps } from "react";
import { loadPage } from "~/content/pages.server";
import type { Article as ArticleComponent } from "~/content/ui/article";
import type { ContentViewName } from "~/content/view-chunks.server";
import { mergeHeaders } from "~/lib/headers";
import { beforeHydration } from "~/ui/hydration-gate";
import { preloadedLazy } from "~/ui/preloaded-lazy";
import type { Route } from "./+types/page";
import { sharedDocument } from "~/content/shared-document";

// Each view is its own chunk, so a category page never downloads the article's code nor a post the listing's.
// The server's loader waits for the view's code, so documents are rendered whole; on the first load the client
// entry waits for it before hydrating (the document preloads the chunks: `viewPreloads`). A navigation that
// meets a view not loaded yet suspends with no boundary of its own: inside the router's transition, the page
// it leaves stays on screen until the code is in (no blank page, no data prefetch given up for a client loader).
const views = {
  article: preloadedLazy<ComponentProps<typeof ArticleComponent>>(() =>
    import("~/content/ui/article").then((module) => ({ default: module.Article })),
  ),
  category: preloadedLazy(() => import("~/content/ui/category-view")),
} satisfies Record<ContentViewName, unknown>;

const viewOf = (view: Route.ComponentProps["loaderData"]["view"]): ContentViewName =>
  view.kind === "category" ? "category" : "article";

if (!import.meta.env.SSR) {
  const shown = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-view]')?.dataset.view;
  if (shown === "article" || shown === "category") beforeHydration(views[shown].preload());
}

/** The catch-all content page (every path no other route takes): a category's listing, a post or a page; else 404. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const page = await loadPage(request, url);
  await views[viewOf(page.data.view)].preload();
  return page;
}

/** The same document for every reader: who is signed in comes after it (app/content/shared-document.ts). */
export const handle = sharedDocument;

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  const view = loaderData.view;
  return view.kind === "category" ? <views.category.Component view={view} /> : <views.article.Component view={view} />;
}
