/**
 * What an old site's export holds, in one shape whatever wrote it. The readers (a WordPress WXR file, a Ghost JSON
 * export) turn an export into an `ExportedSite`; the importer previews it and applies it as one build. Everything
 * is plain data (no database rows, no files), so a reader is tested on its own and the preview can be sent to the
 * browser as it is.
 *
 * Keys are the export's own identifiers, prefixed by their kind ("post:123", "term:7", "user:admin", "comment:55"),
 * unique within one export: importing the same export again finds what it made by them.
 */
import type { Locale } from "~/i18n/locales";

export type ExportSource = "wordpress" | "ghost";

export interface ExportedSite {
  source: ExportSource;
  title: string;
  /** The old site's address ("https://blog.example.com"), to recognise its own links, images and permalinks. */
  baseUrl: string | null;
  authors: ExportedAuthor[];
  /** Categories as the export nests them; the importer flattens them, keeping the parent's name. */
  categories: ExportedCategory[];
  tags: ExportedTag[];
  items: ExportedItem[];
  /** Addresses of the old site that are not an item's (a category, a tag, an author, a feed) and where they go. */
  addresses: ExportedAddress[];
  /** What the reader could not take as it was, each naming the item it concerns (shown in the preview). */
  warnings: ExportWarning[];
}

export interface ExportedAuthor {
  key: string;
  /** The user name on the old site ("admin"), and the address, to match an existing member. */
  login: string | null;
  email: string | null;
  displayName: string;
}

export interface ExportedCategory {
  key: string;
  /** As the old site wrote it in addresses, decoded (Persian slugs stay Persian). */
  slug: string;
  name: string;
  parentKey: string | null;
  description: string;
  /** The language recorded by a multilingual plugin, and the key of the same category in the other language. */
  locale: Locale | null;
  translationKey: string | null;
}

export interface ExportedTag {
  key: string;
  slug: string;
  name: string;
}

/** published: live on the old site; draft covers drafts, pending review, private and future posts alike. */
export type ExportedStatus = "published" | "draft";

export interface ExportedItem {
  key: string;
  kind: "post" | "page";
  title: string;
  /** Decoded ("سلام-دنیا", not "%d8%b3…"); empty when the old site had none (a draft). */
  slug: string;
  status: ExportedStatus;
  /** Why a published-looking item is a draft here ("private", "future", "pending"), for the preview. */
  statusNote: string | null;
  /** ISO 8601 with offset; null for a draft never published. */
  publishedAt: string | null;
  updatedAt: string | null;
  excerpt: string;
  authorKey: string | null;
  categoryKeys: string[];
  tagKeys: string[];
  sticky: boolean;
  /** The featured image's address as the export gives it (absolute, or a path of the old site). */
  featuredImage: string | null;
  /** The featured image's alternative text, when the export records one. */
  featuredImageAlt?: string | null;
  /** The title and description for search engines and shares, when the export records them (Ghost's meta and og). */
  metaTitle?: string | null;
  metaDescription?: string | null;
  /** The content converted to markdown; what markdown cannot say is kept as HTML. */
  markdown: string;
  /** Every image address the markdown uses, as written in it, so the importer can bring each in and rewrite it. */
  images: string[];
  /** The language: recorded by the export (Polylang, WPML, Ghost's #fa/#en tags) or read from the text. */
  locale: Locale;
  localeFrom: "export" | "text";
  /** Items with the same group are translations of one another (null: no translation recorded). */
  translationGroup: string | null;
  /** Paths on the old site readers may hold for this item ("/?p=12", "/2019/05/hello/", "/hello/"). */
  oldAddresses: string[];
  commentsOpen: boolean;
  comments: ExportedComment[];
}

export type ExportedCommentStatus = "approved" | "pending" | "spam" | "trash";

export interface ExportedComment {
  key: string;
  parentKey: string | null;
  authorName: string;
  authorEmail: string | null;
  authorUrl: string | null;
  /** ISO 8601. */
  date: string;
  /** Plain text, paragraphs separated by a blank line (HTML in the export is reduced to its text and links). */
  body: string;
  status: ExportedCommentStatus;
}

export type AddressTarget =
  | { kind: "home" }
  | { kind: "feed"; locale: Locale | null }
  | { kind: "category"; key: string }
  | { kind: "tag"; key: string }
  | { kind: "author"; key: string }
  | { kind: "item"; key: string };

export interface ExportedAddress {
  /** A path of the old site, with its query when it is the address ("/?cat=3", "/category/books/", "/rss/"). */
  path: string;
  target: AddressTarget;
}

export interface ExportWarning {
  /** The item, category or comment concerned; null for the whole export. */
  key: string | null;
  /** A catalog key of the "import" namespace, and its values. */
  message: string;
  values?: Record<string, string | number>;
}
