/**
 * What the content routes send to the browser: ready to show, already formatted for the locale on the server
 * (dates in the locale's calendar, digits, labels), so the client bundle carries no formatting code.
 */
import type { TocEntry } from "./markdown/rendered-markdown";

export interface LinkItem {
  url: string;
  label: string;
}

/** A tag under a post: a link to its tag page, or plain text when no post carries it (a plain page's tag). */
export interface TagLink {
  label: string;
  url: string | null;
}

/** A tag on the tag index: its page and how many posts carry it ("3 posts"). */
export interface TagItem {
  url: string;
  label: string;
  count: string;
}

/**
 * A thumbnail as markup made on the server by the same code as content images (`imageHtml`): a `<picture>`
 * through the image service, or a plain `<img>`; the browser only places it.
 */
export interface ThumbnailView {
  html: string;
}

export interface DateView {
  /** YYYY-MM-DD, for `<time dateTime>`. */
  iso: string;
  /** In the locale's calendar and digits. */
  label: string;
}

export interface PostCard {
  url: string;
  title: string;
  description: string;
  date: DateView;
  category: LinkItem | null;
  /** Only on the home page's featured card, the one card that shows its picture. */
  thumbnail: ThumbnailView | null;
}

export interface YearGroup {
  /** The year in the locale's calendar. */
  year: string;
  posts: PostCard[];
}

export interface PaginationView {
  /** "Page 2 of 3" */
  label: string;
  previous: string | null;
  next: string | null;
  pages: { url: string; label: string; current: boolean }[];
}

export interface ArticleView {
  kind: "post" | "page";
  title: string;
  description: string;
  html: string;
  /** Two levels; empty when the page has no table of contents. */
  toc: TocEntry[];
  author: string | null;
  date: DateView | null;
  readingTime: string | null;
  category: LinkItem | null;
  tags: TagLink[];
  thumbnail: ThumbnailView | null;
  /** The comments section is shown (front matter `comments: true`). */
  comments: boolean;
  /** Approved comments on the page (shown in the table of contents and the section heading). */
  commentCount: number;
  /** The page's canonical address ("/notes/x", "/en/notes/x"): the routePath comments are kept under. */
  path: string;
  newer: LinkItem | null;
  older: LinkItem | null;
}

export interface ListingView {
  kind: "category";
  title: string;
  description: string;
  html: string;
  groups: YearGroup[];
  total: string;
  pagination: PaginationView | null;
}

/** One result of `GET /api/search`. */
export interface SearchHit {
  path: string;
  /** Where to go: the page in the locale, with the best section's anchor. */
  url: string;
  title: string;
  /** The heading of the section that matched best, when one did. */
  section: string | null;
  excerpt: { text: string; match: boolean }[];
}

export interface SearchResponse {
  query: string;
  locale: string;
  results: SearchHit[];
  /** The query searched instead, when the one typed was in the other keyboard layout ("lvsd" → «مرسی»). */
  showing: string | null;
  /** Where to search exactly what was typed, when `showing` is set. */
  searchExactly: string | null;
}
