/** What rendering a markdown body produces. Types only, so the table of contents' component can name them too. */

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
  children: TocEntry[];
}

export interface RenderedSection {
  /** Heading text ("" for the text before the first h2/h3). */
  heading: string;
  /** Heading id ("" for the text before the first h2/h3). */
  anchor: string;
  text: string;
}

export interface RenderedMarkdown {
  /** Sanitised HTML of the body. */
  html: string;
  /** h2 entries with their h3 children (an h3 before any h2 is a top-level entry). */
  toc: TocEntry[];
  /** Plain text per h2/h3 section, for the search index. */
  sections: RenderedSection[];
  /** Whole plain text, one line per block. */
  text: string;
  /** Words of prose (code blocks excluded). */
  words: number;
  /** At least 1, at ~200 words per minute. */
  readingMinutes: number;
}
