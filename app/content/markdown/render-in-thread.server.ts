/**
 * Markdown → sanitised HTML, table of contents, search sections and reading stats, in the calling thread. Only
 * the markdown worker calls this (app/edge/markdown-worker.server.ts); everything else renders through `renderMarkdown`
 * (render-markdown.server.ts), which sends the work there. The locale's processor (./pipeline.server) does the
 * work shared by every call; the per-call options (image sizes, pictures, site origin) are applied to its tree
 * before it is stringified and read.
 */
import { markExternalLinks } from "./external-links";
import { setImageAttributes } from "./image-attributes";
import { readOutlineAndText } from "./outline-and-text";
import { setPictures } from "./pictures";
import { getProcessor } from "./pipeline.server";
import type { RenderMarkdownOptions } from "./render-markdown.server";
import type { RenderedMarkdown } from "./rendered-markdown";

/**
 * Renders a markdown body, already checked against the parser's limits (./limits.ts). The body is CommonMark with
 * GitHub's extensions: the file's front matter was taken off before, and a `---` line in the body is a rule or a
 * heading's underline, never front matter. The first call creates the shiki highlighter (~0.3–1 s);
 * later calls reuse it and the per-locale processor.
 */
export async function renderInThread(markdown: string, opts: RenderMarkdownOptions): Promise<RenderedMarkdown> {
  const processor = await getProcessor(opts.locale);
  const tree = await processor.run(processor.parse(markdown));
  const { imageSizes, pictures } = opts;
  setImageAttributes(tree, imageSizes && ((src) => imageSizes.get(src)));
  setPictures(tree, pictures && ((src) => pictures.get(src)), { eagerFirst: opts.eagerFirstImage ?? false });
  markExternalLinks(tree, opts.siteOrigin);
  const html = processor.stringify(tree);
  return { html, ...readOutlineAndText(tree) };
}
