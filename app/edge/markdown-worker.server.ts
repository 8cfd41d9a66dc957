/**
 * The markdown worker thread's entry (app/lib/worker-entries.ts): loads the highlighter's grammars, then renders
 * what the server sends it (app/content/markdown/render-markdown.server.ts) and, for the editor's first load,
 * reads the same text into the editor's document, so the browser makes the editor without the markdown reader.
 * It sits at the edge because it composes the site's renderer with the editor's reader.
 */
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderInThread } from "~/content/markdown/render-in-thread.server";
import type { RenderJob, RenderResult } from "~/content/markdown/render-markdown.server";
import { withoutBlockContents } from "~/editor/markdown/block-content";
import { markdownToDoc } from "~/editor/markdown/manager";
import { serveJobs } from "~/lib/worker-pool.server";

serveJobs(async (job: RenderJob): Promise<RenderResult> => {
  const rendered = await renderInThread(job.markdown, job.options);
  // Sent without each block's content as read: the browser puts it back from the block itself.
  return job.editorDocument
    ? { ...rendered, editorDocument: withoutBlockContents(markdownToDoc(job.markdown)) }
    : rendered;
}, getHighlighter);
