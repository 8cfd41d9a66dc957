/**
 * The markdown worker thread's entry (app/lib/worker-entries.ts): loads the highlighter's grammars, then
 * renders what the server sends it (render-markdown.server.ts).
 */
import { serveJobs } from "~/lib/worker-pool.server";
import { getHighlighter } from "./highlighter.server";
import { renderInThread } from "./render-in-thread.server";
import type { RenderJob } from "./render-markdown.server";

serveJobs((job: RenderJob) => renderInThread(job.markdown, job.options), getHighlighter);
