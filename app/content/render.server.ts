/**
 * Rendered pages: markdown body → sanitised HTML, table of contents, search sections and reading time. Each
 * page is rendered on first request and kept in memory (a bounded, least-recently-used map) until it changes.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { serverT } from "~/i18n/catalogs.server";
import { pages } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { configuredOrigin } from "~/lib/site-origin.server";
import { onContentChange } from "./changes.server";
import { findPage, isPublic, pageKey, type PageSummary } from "./catalog.server";
import { imageSize, imageSizes, imageSources, type ImageSize } from "./images.server";
import { mediaImage, mediaImages, mediaPicture, mediaShareImage } from "~/media/published.server";
import type { PictureView } from "~/lib/image-sizes";
import { decodeImageSrc } from "./markdown/image-attributes";
import { MarkdownRefused, plainTextRendering, renderMarkdown } from "./markdown/render-markdown.server";
import type { RenderedSection, TocEntry } from "./markdown/rendered-markdown";
import { memoiseLoads } from "~/lib/memoise-load";

export interface RenderedPage {
  summary: PageSummary;
  html: string;
  toc: TocEntry[];
  sections: RenderedSection[];
  words: number;
  readingMinutes: number;
  /** The thumbnail's intrinsic size, when it is one of the site's own images. */
  thumbnailSize?: ImageSize;
  /** The thumbnail through the image service, when it is a published media image. */
  thumbnailPicture?: PictureView;
  thumbnailShare?: { src: string; width: number; height: number };
}

/** Pages kept rendered; a site with more pages re-renders the least recently read ones. */
export const RENDER_CACHE_LIMIT = 1000;

const rendered = memoiseLoads<string, RenderedPage | undefined>(RENDER_CACHE_LIMIT);

onContentChange((changes) => {
  if (!changes) rendered.forget();
  else for (const change of changes) rendered.forget(pageKey(change.locale, change.path));
});

/** The published page at `path` in `locale`, rendered; undefined when there is none (or it is a draft). */
export function getRenderedPage(locale: Locale, path: string): Promise<RenderedPage | undefined> {
  return rendered.get(pageKey(locale, path), () => renderPage(locale, path));
}

async function renderPage(locale: Locale, path: string): Promise<RenderedPage | undefined> {
  const summary = await findPage(locale, path);
  if (!summary) return undefined;
  const db = await getDb();
  const row = await db
    .select({ body: pages.body })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.path, path), isPublic))
    .get();
  if (!row) return undefined;
  return renderBody(summary, row.body);
}

/** Renders a body for a page (also used by the search index, which reads bodies in bulk). */
export async function renderBody(summary: PageSummary, body: string): Promise<RenderedPage> {
  const sources = imageSources(body);
  const [sizes, images, thumbnailImage] = await Promise.all([
    imageSizes(sources),
    mediaImages(sources.map(decodeImageSrc)),
    summary.thumbnail ? mediaImage(summary.thumbnail) : undefined,
  ]);
  const pictures = new Map([...images].map(([src, image]) => [src, mediaPicture(image)]));
  const [result, thumbnailSize] = await Promise.all([
    renderMarkdown(body, {
      locale: summary.locale,
      imageSizes: new Map([...sizes].map(([src, size]) => [decodeImageSrc(src), size])),
      pictures,
      eagerFirstImage: !summary.thumbnail,
      siteOrigin: configuredOrigin(),
    }).catch((error: unknown) => {
      // Published before the limits existed, or too slow all the same: shown as written, with the reason.
      if (!(error instanceof MarkdownRefused)) throw error;
      const t = serverT(summary.locale);
      return plainTextRendering(body, t("content.markdown.shownAsText", { reason: t(error.key, error.vars) }));
    }),
    summary.thumbnail && !thumbnailImage ? imageSize(summary.thumbnail) : thumbnailImage,
  ]);
  return {
    summary,
    html: result.html,
    toc: result.toc,
    sections: result.sections,
    words: result.words,
    readingMinutes: result.readingMinutes,
    thumbnailSize: thumbnailSize ? { width: thumbnailSize.width, height: thumbnailSize.height } : undefined,
    thumbnailPicture: thumbnailImage ? mediaPicture(thumbnailImage) : undefined,
    thumbnailShare: thumbnailImage ? mediaShareImage(thumbnailImage) : undefined,
  };
}
