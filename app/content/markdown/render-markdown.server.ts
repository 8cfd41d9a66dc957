/**
 * Markdown → sanitised HTML, table of contents, search sections and reading stats (server only), rendered in
 * worker threads (app/edge/markdown-worker.server.ts) so that no text, however long or hostile, keeps the server from
 * answering. Every caller renders through `renderMarkdown`:
 *
 * - "pages": published pages for readers and the search index. First in line, and may use every thread.
 * - "drafts": text writers have not published (the editor's preview, the other language's pending version).
 *   At most one thread fewer than there are, so readers' pages always find one free, and a short queue.
 *
 * A text past the parser's limits (./limits.ts) is refused before it is queued; one that still takes longer than
 * the time limit, or more memory or stack than a thread has, is stopped and refused the same way
 * (MarkdownRefused, 422, saying what to change). A full queue is 503, "busy, try again".
 */
import { config } from "~/config.server";
import type { Locale } from "~/i18n/locales";
import type { MessageKey, Vars } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { WorkerPool } from "~/lib/worker-pool.server";
import { WorkRefused } from "~/lib/work-queue.server";
import type { PictureView } from "~/lib/image-sizes";
import type { ImageSize } from "../images.server";
import { countWords, readingMinutes } from "~/lib/reading-time";
import { markdownLimitProblem } from "./limits";
import type { RenderedMarkdown } from "./rendered-markdown";
import { escapeHtml } from "~/lib/escape-html";

export interface RenderMarkdownOptions {
  locale: Locale;
  /** Intrinsic sizes of images, by their URL as written (percent-escapes decoded). */
  imageSizes?: ReadonlyMap<string, ImageSize>;
  /**
   * Origin of the site ("https://example.com"). Absolute links to it are not
   * treated as external. Without it every absolute http(s) link is external.
   */
  siteOrigin?: string;
  /** The image service's `<picture>` of images (published media), by their URL as written (decoded). */
  pictures?: ReadonlyMap<string, PictureView>;
  /** The first image is the first thing on the page to load (the page shows no thumbnail above it). */
  eagerFirstImage?: boolean;
}

export interface RenderJob {
  markdown: string;
  options: RenderMarkdownOptions;
  /** Also read the text into the editor's document (`renderForEditor`). */
  editorDocument?: boolean;
}

export interface RenderResult extends RenderedMarkdown {
  /** The editor's document for the text (its ProseMirror JSON), when the job asked for it. */
  editorDocument?: unknown;
}

export type RenderLane = "pages" | "drafts";

/**
 * The CPU time a rendering may use: 5 s, and 40 ms more for each 1,000 characters (21 s for the 400,000 the
 * editor allows). Rendering is linear within the limits of ./limits.ts: a 400 KB changelog takes 2–4 s, a
 * 390 KB text made only of links and emphasis about 15 s on a busy 2-core machine; the worst shape within the
 * limits adds about 2 s.
 */
export function renderCpuLimitMs(markdown: string): number {
  return 5_000 + Math.ceil(markdown.length / 1000) * 40;
}

/** The text cannot be rendered within the limits: what to change is in the message. */
export class MarkdownRefused extends ServiceError {
  constructor(key: MessageKey, vars?: Vars) {
    super(422, key, { vars });
    this.name = "MarkdownRefused";
  }
}

/**
 * Each rendering thread's memory: a 400 KB text of ordinary writing takes up to about 220 MB of heap to render (the
 * grammars 30 MB). A job that needs more ends its thread and is refused. These limit each thread's heap; the
 * thread's code and buffers come on top.
 */
export const renderThreadLimits = { maxOldGenerationSizeMb: 320, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

let pool: WorkerPool<RenderJob, RenderResult, RenderLane> | undefined;

function renderPool(): WorkerPool<RenderJob, RenderResult, RenderLane> {
  if (!pool) {
    const threads = config().renderThreads;
    pool = new WorkerPool({
      entry: "markdown-worker",
      threads,
      // One thread is kept ready (with its grammars) for readers' pages; the others (50–100 MB each) are
      // started when a publish or several drafts need them, and end 15 s after the work is done: a second thread
      // that a reader's page started beside the search index's, kept a minute, lay under an import's peak.
      kept: 1,
      idleMs: 15_000,
      lanes: {
        // A publish of many pages and the search index wait their turn here, one page at a time each.
        pages: { queue: 500, maxWaitMs: 60_000 },
        drafts: { queue: 8, running: Math.max(1, threads - 1), maxWaitMs: 30_000 },
      },
      cpuLimitMs: renderCpuLimitMs(""),
      // Four times the longest CPU limit: a thread at a lower priority on a busy machine gets a share of a core.
      wallLimitMs: 90_000,
      resourceLimits: renderThreadLimits,
      refusal: (kind, cpuLimitMs) =>
        kind === "time"
          ? { key: "content.markdown.tooComplex", vars: { seconds: Math.round(cpuLimitMs / 1000) } }
          : { key: "content.markdown.tooBig" },
    });
  }
  return pool;
}

/**
 * Renders `markdown` in a worker thread (see the module's comment for the lanes and refusals). A text past the
 * parser's limits is refused here, at once, before it waits for a thread; `signal` (the request's) drops the job
 * if its caller goes away while it waits.
 */
export async function renderMarkdown(
  markdown: string,
  opts: RenderMarkdownOptions,
  lane: RenderLane = "pages",
  signal?: AbortSignal,
): Promise<RenderedMarkdown> {
  return runRender({ markdown, options: opts }, lane, signal);
}

/**
 * A text writers have not published, rendered in the drafts' lane as `renderMarkdown` renders it, and read into
 * the editor's document in the same thread: the editor's first paint shows the rendering, and the browser makes
 * the editor from the document without downloading the markdown reader.
 */
export async function renderForEditor(
  markdown: string,
  opts: RenderMarkdownOptions,
  signal?: AbortSignal,
): Promise<RenderResult> {
  return runRender({ markdown, options: opts, editorDocument: true }, "drafts", signal);
}

async function runRender(job: RenderJob, lane: RenderLane, signal?: AbortSignal): Promise<RenderResult> {
  const problem = markdownLimitProblem(job.markdown);
  if (problem) throw new MarkdownRefused(problem.key, problem.vars);
  try {
    return await renderPool().run(lane, job, { signal, cpuLimitMs: renderCpuLimitMs(job.markdown) });
  } catch (error) {
    if (error instanceof WorkRefused && error.kind !== "busy") throw new MarkdownRefused(error.key, error.vars);
    throw error;
  }
}

/** Starts the rendering threads (and their grammars) now, so the first pages do not wait for them. */
export function warmRendering(): void {
  renderPool().warm();
}

/** Ends the rendering threads (the server is stopping). */
export async function stopRendering(): Promise<void> {
  await pool?.close();
}

/**
 * A text that cannot be rendered, shown as it was written: `notice` (why) first, then the text as plain
 * paragraphs, escaped. Nothing of the text is lost or interpreted; search still finds it.
 */
export function plainTextRendering(markdown: string, notice: string): RenderedMarkdown {
  const paragraphs = markdown
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p dir="auto">${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`);
  const words = countWords(markdown);
  return {
    html: [`<p role="note" dir="auto">${escapeHtml(notice)}</p>`, ...paragraphs].join("\n"),
    toc: [],
    sections: [{ heading: "", anchor: "", text: markdown }],
    text: markdown,
    words,
    readingMinutes: readingMinutes(words),
  };
}
