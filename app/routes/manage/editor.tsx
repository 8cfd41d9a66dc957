import { useLoaderData } from "react-router";
import { loadEditor } from "~/editor/editor-page.server";
import { EditorScreen } from "~/editor/ui/editor-screen";
import { mergeHeaders } from "~/lib/headers";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/editor";

/**
 * /manage/editor (a new page) and /manage/editor/<locale><path> (the page at that address): commit.create. The
 * editor's code (Tiptap and its extensions) is in this route's chunk only: no other page loads it.
 */
export const loader = ({ request, params }: Route.LoaderArgs) => loadEditor(request, (params as { "*"?: string })["*"]);

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("editor.title")) },
  { name: "robots", content: "noindex" },
];

/** The dashboard's menu goes above this page instead of beside it: the text gets the width. */
export const handle = { wideFrame: true };

export default function Editor() {
  const data = useLoaderData<typeof loader>();
  // One editor per page: opening another page (or a new page's first save) starts afresh.
  return <EditorScreen key={`${data.page.locale}:${data.page.path}`} data={data} />;
}
