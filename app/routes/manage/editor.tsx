import { useLoaderData } from "react-router";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { loadEditor } from "~/editor/editor-page.server";
import { EditorScreen } from "~/editor/ui/editor-screen";
import type { Route } from "./+types/editor";

/**
 * /manage/editor (a new page) and /manage/editor/<locale><path> (the page at that address): commit.create. The
 * editor's code (Tiptap and its extensions) is in this route's chunk only: no other page loads it.
 */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  guardedPage(
    request,
    { needs: "commit.create", messages: ["manage", "editor", "validation", "media"], title: "editor.title" },
    ({ user }) => loadEditor(request, user, (params as { "*"?: string })["*"]),
  );

export const headers = guardedHeaders;

export const meta = privatePageMeta;

/** The dashboard's menu goes above this page instead of beside it: the text gets the width. */
export const handle = { wideFrame: true };

export default function Editor() {
  const data = useLoaderData<typeof loader>();
  // One editor per page: opening another page (or a new page's first save) starts afresh.
  return <EditorScreen key={`${data.page.locale}:${data.page.path}`} data={data} />;
}
