import { mergeHeaders } from "~/lib/headers";
import { documentTitle } from "~/settings/app-config";
import { rootSite } from "~/shell/route-meta";

type MetaArgs = {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  loaderData?: { title?: string };
};

/** A guarded page's `meta`: the title its loader sent (`guardedPage`), and no place in search engines. */
export function privatePageMeta({ matches, loaderData }: MetaArgs) {
  return [{ title: documentTitle(rootSite(matches), loaderData?.title ?? "") }, { name: "robots", content: "noindex" }];
}

/** A guarded page's `headers`: its loader's (`Cache-Control: private, no-store`) over its parents'. */
export function guardedHeaders({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }) {
  return mergeHeaders(parentHeaders, loaderHeaders);
}
