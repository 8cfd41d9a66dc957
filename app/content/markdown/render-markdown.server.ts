/**
 * Markdown → sanitised HTML, table of contents, search sections and reading stats (server only). The
 * locale's processor (./pipeline.server) does the work shared by every call; the per-call options (image
 * sizes, site origin) are applied to its tree before it is stringified and read.
 */
import type { Locale } from "~/i18n/locales";
import { markExternalLinks } from "./external-links";
import { setImageAttributes, type ImageSizeLookup } from "./image-attributes";
import { readOutlineAndText } from "./outline-and-text";
import { setPictures, type PictureLookup } from "./pictures";
import { getProcessor } from "./pipeline.server";
import type { RenderedMarkdown } from "./rendered-markdown";

export interface RenderMarkdownOptions {
  locale: Locale;
  /** Intrinsic size of an image, by its URL as written (percent-escapes decoded). */
  imageSize?: ImageSizeLookup;
  /**
   * Origin of the site ("https://example.com"). Absolute links to it are not
   * treated as external. Without it every absolute http(s) link is external.
   */
  siteOrigin?: string;
  /** The image service's `<picture>` of an image (published media), by its URL as written. */
  picture?: PictureLookup;
  /** The first image is the first thing on the page to load (the page shows no thumbnail above it). */
  eagerFirstImage?: boolean;
}

/**
 * Render a markdown body to sanitised HTML plus TOC, search sections and
 * reading stats. The body is CommonMark with GitHub's extensions: the file's
 * front matter was taken off before, and a `---` line in the body is a rule or
 * a heading's underline, never front matter. The first call creates the shiki highlighter (~0.3–1 s);
 * later calls reuse it and the per-locale processor.
 */
export async function renderMarkdown(markdown: string, opts: RenderMarkdownOptions): Promise<RenderedMarkdown> {
  const processor = await getProcessor(opts.locale);
  const tree = await processor.run(processor.parse(markdown));
  setImageAttributes(tree, opts.imageSize);
  setPictures(tree, opts.picture, { eagerFirst: opts.eagerFirstImage ?? false });
  markExternalLinks(tree, opts.siteOrigin);
  const html = processor.stringify(tree);
  return { html, ...readOutlineAndText(tree) };
}
