/**
 * The unified processor, one frozen per locale, built on first use:
 *
 *   remark-parse → remark-gfm → remark-rehype
 *   → rehype-raw (parse inline HTML) → rehype-sanitize (GitHub-like schema)
 *   ── everything below is trusted: its output is not sanitised again ──
 *   → shiki highlighting → heading ids (ZWNJ-aware rehype-slug)
 *   → heading anchors (rehype-autolink-headings) → in-page link fix-up
 *   → paragraphs of images as figures and galleries → code/pre/block `dir` attributes → <bdi> wrapping of mixed-direction runs
 */
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeRaw from "rehype-raw";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Highlighter } from "shiki";
import { unified } from "unified";
import { dirOf, type Locale } from "~/i18n/locales";
import { rehypeKeepCodeLeadingNewline } from "./code-leading-newline";
import { getHighlighter, rehypeHighlight } from "./highlighter.server";
import { rehypeFigures } from "./figures";
import { rehypeFixFragmentLinks } from "./fragment-links";
import { headingAnchorOptions } from "./heading-anchors";
import { rehypeSlugZwnj } from "./heading-ids";
import { sanitizeSchema } from "./sanitize-schema";
import { rehypeDirection } from "./text-direction";

/** Texts the pipeline writes into the page: the footnotes' heading and back links, the heading anchors' names. */
const LABELS: Record<
  Locale,
  { footnotes: string; backref: (i: number, r: number) => string; anchor: (t: string) => string }
> = {
  fa: {
    footnotes: "پانوشت‌ها",
    backref: (i, r) => `بازگشت به ارجاع ${i + 1}${r > 1 ? `-${r}` : ""}`,
    anchor: (t) => `پیوند به بخش «${t}»`,
  },
  en: {
    footnotes: "Footnotes",
    backref: (i, r) => `Back to reference ${i + 1}${r > 1 ? `-${r}` : ""}`,
    anchor: (t) => `Link to section “${t}”`,
  },
};

function buildProcessor(locale: Locale, highlighter: Highlighter) {
  const labels = LABELS[locale];
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, {
      allowDangerousHtml: true,
      // The sanitiser adds the prefix; adding it here too would double it.
      clobberPrefix: "",
      footnoteLabel: labels.footnotes,
      footnoteBackLabel: labels.backref,
    })
    .use(rehypeKeepCodeLeadingNewline)
    .use(rehypeRaw)
    .use(rehypeSanitize, sanitizeSchema)
    .use(() => rehypeHighlight(highlighter))
    .use(rehypeSlugZwnj)
    .use(rehypeAutolinkHeadings, headingAnchorOptions(labels.anchor))
    .use(rehypeFixFragmentLinks)
    .use(rehypeFigures)
    .use(() => rehypeDirection(dirOf(locale)))
    .use(rehypeStringify)
    .freeze();
}

export type MarkdownProcessor = ReturnType<typeof buildProcessor>;

const processors = new Map<Locale, Promise<MarkdownProcessor>>();

/** The locale's processor; the first call also creates the shiki highlighter. */
export function getProcessor(locale: Locale): Promise<MarkdownProcessor> {
  let processor = processors.get(locale);
  if (!processor) {
    processor = getHighlighter().then((highlighter) => buildProcessor(locale, highlighter));
    processor.catch(() => processors.delete(locale));
    processors.set(locale, processor);
  }
  return processor;
}
