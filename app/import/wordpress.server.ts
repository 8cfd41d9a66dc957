/**
 * A WordPress export (WXR 1.0–1.2, from Tools → Export) read into an `ExportedSite`. Pure: no database, no
 * network; images are listed, not fetched. The file is read as a stream of records (./xml-records.server.ts:
 * no document type, no entity, bounded size, records and depth).
 *
 * What the export carries, and what is read from it:
 * - Posts and pages (`wp:post_type`); attachments serve featured images, galleries and the addresses of
 *   attachment pages; any other type (menus, reusable blocks, a plugin's own) is left out with a warning.
 * - Status: publish → published (a password-protected post stays a draft, note "password"); draft, pending,
 *   private, future and trash → draft, the note naming which.
 * - Sticky: WordPress writes `wp:is_sticky` on every item (from the `sticky_posts` option) since WXR 1.1.
 * - Languages: Polylang writes each item's language as `<category domain="language">` and its translations as a
 *   `post_translations` term; a category's language and translation come from the `term_translations` terms'
 *   descriptions (PHP-serialised "language → term id"). WPML keeps languages in its own tables, which WordPress
 *   does not export; what reaches a WXR is the postmeta of WPML's export add-on (`_wpml_import_language_code`,
 *   `_wpml_import_translation_group`), `wpml_language`, and `_icl_lang_duplicate_of` on duplicated posts: all read.
 *   Otherwise an item's language is read from its text.
 */
import { markdownLimitProblem } from "~/content/markdown/limits";
import { defaultLocale, type Locale } from "~/i18n/locales";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS, type ExportReadOptions } from "./read-options";
import { htmlToMarkdown, type ContentWarning } from "./html-to-markdown.server";
import { localeOfCode, localeOfText } from "./language";
import type {
  ExportedAddress,
  ExportedAuthor,
  ExportedCategory,
  ExportedComment,
  ExportedCommentStatus,
  ExportedItem,
  ExportedSite,
  ExportedTag,
  ExportWarning,
} from "./model";
import { basePath, decodeSlug, pathForms, pathOnSite } from "./old-addresses";
import { commentText, prepareWordPressContent, type WordPressAttachment } from "./wordpress-content.server";
import { readXmlRecords, textOf, type XmlInput, type XmlNode } from "./xml-records.server";

interface RawTerm {
  id: string;
  taxonomy: string;
  slug: string;
  name: string;
  parentSlug: string;
  description: string;
}

interface RawComment {
  id: string;
  author: string;
  email: string;
  url: string;
  date: string;
  dateGmt: string;
  content: string;
  approved: string;
  type: string;
  parent: string;
}

interface RawItem {
  id: string;
  type: string;
  title: string;
  link: string;
  creator: string;
  content: string;
  excerpt: string;
  date: string;
  dateGmt: string;
  modified: string;
  modifiedGmt: string;
  commentStatus: string;
  name: string;
  status: string;
  parent: string;
  password: string;
  sticky: boolean;
  attachmentUrl: string;
  terms: { domain: string; nicename: string; name: string }[];
  meta: Map<string, string>;
  comments: RawComment[];
}

function rawItem(node: XmlNode): RawItem {
  const meta = new Map<string, string>();
  for (const one of node.children.filter((c) => c.name === "wp:postmeta")) {
    meta.set(textOf(one, "wp:meta_key"), textOf(one, "wp:meta_value"));
  }
  return {
    id: textOf(node, "wp:post_id").trim(),
    type: textOf(node, "wp:post_type").trim(),
    title: textOf(node, "title"),
    link: textOf(node, "link").trim(),
    creator: textOf(node, "dc:creator").trim(),
    content: textOf(node, "content:encoded"),
    excerpt: textOf(node, "excerpt:encoded"),
    date: textOf(node, "wp:post_date").trim(),
    dateGmt: textOf(node, "wp:post_date_gmt").trim(),
    modified: textOf(node, "wp:post_modified").trim(),
    modifiedGmt: textOf(node, "wp:post_modified_gmt").trim(),
    commentStatus: textOf(node, "wp:comment_status").trim(),
    name: textOf(node, "wp:post_name").trim(),
    status: textOf(node, "wp:status").trim(),
    parent: textOf(node, "wp:post_parent").trim(),
    password: textOf(node, "wp:post_password"),
    sticky: textOf(node, "wp:is_sticky").trim() === "1",
    attachmentUrl: textOf(node, "wp:attachment_url").trim(),
    terms: node.children
      .filter((c) => c.name === "category")
      .map((c) => ({ domain: c.attributes.domain ?? "", nicename: c.attributes.nicename ?? "", name: c.text })),
    meta,
    comments: node.children
      .filter((c) => c.name === "wp:comment")
      .map((c) => ({
        id: textOf(c, "wp:comment_id").trim(),
        author: textOf(c, "wp:comment_author"),
        email: textOf(c, "wp:comment_author_email").trim(),
        url: textOf(c, "wp:comment_author_url").trim(),
        date: textOf(c, "wp:comment_date").trim(),
        dateGmt: textOf(c, "wp:comment_date_gmt").trim(),
        content: textOf(c, "wp:comment_content"),
        approved: textOf(c, "wp:comment_approved").trim(),
        type: textOf(c, "wp:comment_type").trim(),
        parent: textOf(c, "wp:comment_parent").trim(),
      })),
  };
}

const MYSQL_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

function mysqlMs(text: string): number | null {
  const match = MYSQL_DATE.exec(text);
  if (!match || match[1] === "0000") return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * A WordPress date as ISO 8601 in the writer's own time: the local date with the offset between it and its GMT
 * twin ("2019-05-06T14:30:00+04:30"). Null when the GMT date is WordPress's "never" (`0000-00-00 00:00:00`).
 */
export function wordPressDate(local: string, gmt: string): string | null {
  const utc = mysqlMs(gmt);
  if (utc === null) return null;
  const localMs = mysqlMs(local);
  let offset = localMs === null ? 0 : Math.round((localMs - utc) / 60_000);
  if (Math.abs(offset) > 14 * 60) offset = 0;
  const shown = new Date(utc + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${shown}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** Polylang's and WPML's PHP-serialised "language → id" arrays (`a:2:{s:2:"fa";i:12;s:2:"en";i:15;}`). */
function serialisedLanguages(text: string): [string, string][] {
  return [...text.matchAll(/s:\d+:"([^"]*)";i:(\d+);/g)].map((match) => [match[1]!, match[2]!]);
}

const STATUS_NOTES: Record<string, string> = {
  draft: "",
  pending: "pending",
  private: "private",
  future: "future",
  trash: "trash",
};

const COMMENT_STATUS: Record<string, ExportedCommentStatus> = {
  "1": "approved",
  approve: "approved",
  "0": "pending",
  hold: "pending",
  spam: "spam",
  trash: "trash",
  "post-trashed": "trash",
};

/** Reads a WordPress export (its text, or a stream of its bytes). */
export async function readWordPressExport(input: XmlInput, options: ExportReadOptions = {}): Promise<ExportedSite> {
  const channel: Record<string, string> = {};
  const authors: ExportedAuthor[] = [];
  const authorIds = new Map<string, string>();
  const terms: RawTerm[] = [];
  /** Posts and pages as read; each place is emptied once its item is converted. */
  const items: (RawItem | null)[] = [];
  const attachments = new Map<string, WordPressAttachment>();
  const attachmentLinks = new Map<string, string>();
  const skippedTypes = new Map<string, number>();

  await readXmlRecords(
    input,
    { maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, maxRecords: options.maxItems ?? DEFAULT_MAX_ITEMS },
    (node) => {
      switch (node.name) {
        case "wp:author": {
          const login = textOf(node, "wp:author_login").trim();
          if (!login) return;
          authors.push({
            key: `user:${login}`,
            login,
            email: textOf(node, "wp:author_email").trim() || null,
            displayName: textOf(node, "wp:author_display_name").trim() || login,
          });
          const id = textOf(node, "wp:author_id").trim();
          if (id) authorIds.set(login, id);
          return;
        }
        case "wp:category":
          terms.push({
            id: textOf(node, "wp:term_id").trim(),
            taxonomy: "category",
            slug: textOf(node, "wp:category_nicename").trim(),
            name: textOf(node, "wp:cat_name"),
            parentSlug: textOf(node, "wp:category_parent").trim(),
            description: textOf(node, "wp:category_description"),
          });
          return;
        case "wp:tag":
          terms.push({
            id: textOf(node, "wp:term_id").trim(),
            taxonomy: "post_tag",
            slug: textOf(node, "wp:tag_slug").trim(),
            name: textOf(node, "wp:tag_name"),
            parentSlug: "",
            description: textOf(node, "wp:tag_description"),
          });
          return;
        case "wp:term":
          terms.push({
            id: textOf(node, "wp:term_id").trim(),
            taxonomy: textOf(node, "wp:term_taxonomy").trim(),
            slug: textOf(node, "wp:term_slug").trim(),
            name: textOf(node, "wp:term_name"),
            parentSlug: textOf(node, "wp:term_parent").trim(),
            description: textOf(node, "wp:term_description"),
          });
          return;
        case "item": {
          const item = rawItem(node);
          if (item.type === "attachment") {
            attachments.set(item.id, {
              id: item.id,
              url: item.attachmentUrl,
              alt: item.meta.get("_wp_attachment_image_alt") ?? "",
              caption: item.excerpt.trim(),
              parentId: item.parent,
            });
            attachmentLinks.set(item.id, item.link);
          } else if (item.type === "post" || item.type === "page") items.push(item);
          else skippedTypes.set(item.type || "?", (skippedTypes.get(item.type || "?") ?? 0) + 1);
          return;
        }
        default:
          if (!node.children.length) channel[node.name] = node.text.trim();
      }
    },
  );

  const warnings: ExportWarning[] = [];
  const baseUrl =
    (channel["wp:base_blog_url"] || channel["wp:base_site_url"] || channel.link || "").replace(/\/+$/, "") || null;
  const base = basePath(baseUrl);
  const fallbackLocale = localeOfCode(channel.language ?? "") ?? options.defaultLocale ?? defaultLocale;

  // Categories, tags and the multilingual plugins' terms.
  const categories: ExportedCategory[] = [];
  const categoryBySlug = new Map<string, ExportedCategory>();
  const tags: ExportedTag[] = [];
  const tagBySlug = new Map<string, ExportedTag>();
  const termKey = (term: RawTerm) => (term.id ? `term:${term.id}` : `term:${term.taxonomy}/${term.slug}`);
  const categoryTerms = terms.filter((term) => term.taxonomy === "category");
  for (const term of categoryTerms) {
    const category: ExportedCategory = {
      key: termKey(term),
      slug: decodeSlug(term.slug),
      name: term.name.trim(),
      parentKey: null,
      description: term.description.trim(),
      locale: null,
      translationKey: null,
    };
    categories.push(category);
    categoryBySlug.set(term.slug, category);
  }
  for (const term of categoryTerms) {
    if (term.parentSlug) categoryBySlug.get(term.slug)!.parentKey = categoryBySlug.get(term.parentSlug)?.key ?? null;
  }
  for (const term of terms.filter((one) => one.taxonomy === "post_tag")) {
    const tag: ExportedTag = { key: termKey(term), slug: decodeSlug(term.slug), name: term.name.trim() };
    tags.push(tag);
    tagBySlug.set(term.slug, tag);
  }
  const categoryById = new Map(categories.map((category) => [category.key, category]));
  for (const term of terms.filter((one) => one.taxonomy === "term_translations")) {
    const members = serialisedLanguages(term.description)
      .map(([code, id]) => ({ locale: localeOfCode(code), category: categoryById.get(`term:${id}`) }))
      .filter((one) => one.category);
    for (const member of members) {
      member.category!.locale = member.locale;
      const other = members.find((one) => one !== member && one.locale && one.locale !== member.locale);
      member.category!.translationKey = other?.category!.key ?? null;
    }
  }

  const authorByLogin = new Map(authors.map((author) => [author.login, author]));
  const exportedItems: ExportedItem[] = [];
  const itemKeys = new Map<string, string>();
  const addressOwner = new Map<string, string>();
  const duplicates: [string, string][] = [];
  let pingbacks = 0;

  // Each item's raw text is let go once it is converted, so the export's HTML and its markdown are not both held
  // whole (the reader's thread then needs about half the memory).
  for (let at = 0; at < items.length; at++) {
    const raw = items[at]!;
    items[at] = null;
    const key = `post:${raw.id}`;
    itemKeys.set(raw.id, key);
    const itemWarnings: ContentWarning[] = [];
    const prepared = prepareWordPressContent(raw.content, raw.id, attachments);
    itemWarnings.push(...prepared.warnings);
    for (const id of prepared.usedAttachments) if (!addressOwner.has(id)) addressOwner.set(id, key);
    const converted = htmlToMarkdown(prepared.html);
    itemWarnings.push(...converted.warnings);
    const problem = markdownLimitProblem(converted.markdown);
    if (problem) itemWarnings.push({ message: "import.warn.renderLimit", values: { line: problem.vars.line } });

    const itemCategories: string[] = [];
    const itemTags: string[] = [];
    let recordedLocale: Locale | null = null;
    let translationGroup: string | null = null;
    for (const term of raw.terms) {
      if (term.domain === "category") {
        let category = categoryBySlug.get(term.nicename);
        if (!category) {
          // A category the export's list lacks (an export of one author or period): made from the item's own.
          category = {
            key: `term:category/${term.nicename}`,
            slug: decodeSlug(term.nicename),
            name: term.name.trim(),
            parentKey: null,
            description: "",
            locale: null,
            translationKey: null,
          };
          categories.push(category);
          categoryBySlug.set(term.nicename, category);
        }
        if (!itemCategories.includes(category.key)) itemCategories.push(category.key);
      } else if (term.domain === "post_tag") {
        let tag = tagBySlug.get(term.nicename);
        if (!tag) {
          tag = { key: `term:post_tag/${term.nicename}`, slug: decodeSlug(term.nicename), name: term.name.trim() };
          tags.push(tag);
          tagBySlug.set(term.nicename, tag);
        }
        if (!itemTags.includes(tag.key)) itemTags.push(tag.key);
      } else if (term.domain === "language") {
        recordedLocale = localeOfCode(term.nicename);
        if (!recordedLocale)
          itemWarnings.push({ message: "import.warn.unknownLanguage", values: { code: term.nicename } });
      } else if (term.domain === "post_translations") translationGroup = `polylang:${term.nicename}`;
    }
    const wpmlCode = raw.meta.get("_wpml_import_language_code") ?? raw.meta.get("wpml_language");
    if (!recordedLocale && wpmlCode) {
      recordedLocale = localeOfCode(wpmlCode);
      if (!recordedLocale) itemWarnings.push({ message: "import.warn.unknownLanguage", values: { code: wpmlCode } });
    }
    const wpmlGroup = raw.meta.get("_wpml_import_translation_group");
    if (!translationGroup && wpmlGroup) translationGroup = `wpml:${wpmlGroup}`;
    const duplicateOf = raw.meta.get("_icl_lang_duplicate_of");
    if (!translationGroup && duplicateOf) {
      translationGroup = `wpml:post:${duplicateOf}`;
      duplicates.push([duplicateOf, translationGroup]);
    }

    let authorKey: string | null = null;
    if (raw.creator) {
      let author = authorByLogin.get(raw.creator);
      if (!author) {
        author = { key: `user:${raw.creator}`, login: raw.creator, email: null, displayName: raw.creator };
        authors.push(author);
        authorByLogin.set(raw.creator, author);
      }
      authorKey = author.key;
    }

    const published = raw.status === "publish" && !raw.password;
    const statusNote = published ? null : raw.status === "publish" ? "password" : STATUS_NOTES[raw.status] || null;

    const featuredId = raw.meta.get("_thumbnail_id")?.trim();
    const featured = featuredId ? attachments.get(featuredId) : undefined;
    if (featuredId && !addressOwner.has(featuredId)) addressOwner.set(featuredId, key);

    const comments: ExportedComment[] = [];
    const commentIds = new Set(raw.comments.map((comment) => comment.id));
    for (const comment of raw.comments) {
      if (comment.type && comment.type !== "comment") {
        pingbacks++;
        continue;
      }
      comments.push({
        key: `comment:${comment.id}`,
        parentKey:
          comment.parent && comment.parent !== "0" && commentIds.has(comment.parent)
            ? `comment:${comment.parent}`
            : null,
        authorName: comment.author.trim(),
        authorEmail: comment.email || null,
        authorUrl: comment.url || null,
        date: wordPressDate(comment.date, comment.dateGmt) ?? wordPressDate(comment.date, comment.date) ?? "",
        body: commentText(comment.content),
        status: COMMENT_STATUS[comment.approved] ?? "pending",
      });
    }

    const oldAddresses = new Set<string>();
    const add = (path: string | null) => {
      if (path) for (const form of pathForms(path)) oldAddresses.add(form);
    };
    // The plain permalinks, through the home page or its script.
    for (const script of ["/", "/index.php"]) {
      add(`${base}${script}?p=${raw.id}`);
      if (raw.type === "page") add(`${base}${script}?page_id=${raw.id}`);
    }
    add(pathOnSite(raw.link, baseUrl));

    const text = [raw.title, raw.excerpt, converted.markdown].join("\n");
    exportedItems.push({
      key,
      kind: raw.type === "page" ? "page" : "post",
      title: raw.title.trim(),
      slug: decodeSlug(raw.name),
      status: published ? "published" : "draft",
      statusNote,
      publishedAt: wordPressDate(raw.date, raw.dateGmt),
      updatedAt: wordPressDate(raw.modified, raw.modifiedGmt),
      excerpt: raw.excerpt.trim(),
      authorKey,
      categoryKeys: itemCategories,
      tagKeys: itemTags,
      sticky: raw.sticky,
      featuredImage: featured?.url || null,
      featuredImageAlt: featured?.alt || null,
      metaTitle: null,
      metaDescription: null,
      markdown: converted.markdown,
      images: converted.images,
      locale: recordedLocale ?? localeOfText(text, fallbackLocale),
      localeFrom: recordedLocale ? "export" : "text",
      translationGroup,
      oldAddresses: [...oldAddresses],
      commentsOpen: raw.commentStatus === "open",
      comments,
    });
    for (const warning of itemWarnings) warnings.push({ key, ...warning });
  }

  // A WPML duplicate names its original: the original belongs to the same group.
  for (const [originalId, group] of duplicates) {
    const original = exportedItems.find((item) => item.key === `post:${originalId}`);
    if (original && !original.translationGroup) original.translationGroup = group;
  }

  // Attachment pages lead to the item that shows the attachment (its parent, or the first to use it).
  const byKey = new Map(exportedItems.map((item) => [item.key, item]));
  for (const [id, attachment] of attachments) {
    const owner = itemKeys.get(attachment.parentId) ?? addressOwner.get(id);
    const item = owner ? byKey.get(owner) : undefined;
    if (!item) continue;
    const forms = [...pathForms(`${base}/?attachment_id=${id}`)];
    const link = pathOnSite(attachmentLinks.get(id) ?? "", baseUrl);
    if (link) forms.push(...pathForms(link));
    for (const form of forms) if (!item.oldAddresses.includes(form)) item.oldAddresses.push(form);
  }

  const addresses = siteAddresses(base, categories, tags, authors, authorIds, terms);

  if (pingbacks) warnings.push({ key: null, message: "import.warn.pingbacksSkipped", values: { count: pingbacks } });
  if (skippedTypes.size) {
    const count = [...skippedTypes.values()].reduce((sum, one) => sum + one, 0);
    warnings.push({
      key: null,
      message: "import.warn.otherTypesSkipped",
      values: { count, types: [...skippedTypes.keys()].sort().join(", ") },
    });
  }

  return {
    source: "wordpress",
    title: (channel.title ?? "").trim(),
    baseUrl,
    authors,
    categories,
    tags,
    items: exportedItems,
    addresses,
    warnings,
  };
}

/** The old site's own addresses: categories (nested), tags, authors and feeds. */
function siteAddresses(
  base: string,
  categories: ExportedCategory[],
  tags: ExportedTag[],
  authors: ExportedAuthor[],
  authorIds: ReadonlyMap<string, string>,
  terms: RawTerm[],
): ExportedAddress[] {
  const addresses: ExportedAddress[] = [];
  const seen = new Set<string>();
  const add = (path: string, target: ExportedAddress["target"]) => {
    for (const form of pathForms(path)) {
      if (seen.has(form)) continue;
      seen.add(form);
      addresses.push({ path: form, target });
    }
  };
  for (const feed of ["/feed/", "/feed/rss2/", "/feed/atom/", "/?feed=rss2"])
    add(`${base}${feed}`, { kind: "feed", locale: null });
  const byKey = new Map(categories.map((category) => [category.key, category]));
  for (const category of categories) {
    const chain: string[] = [];
    for (
      let at: ExportedCategory | undefined = category;
      at && chain.length < 32;
      at = at.parentKey ? byKey.get(at.parentKey) : undefined
    ) {
      chain.unshift(at.slug);
    }
    const target = { kind: "category", key: category.key } as const;
    add(`${base}/category/${chain.join("/")}/`, target);
    add(`${base}/category/${chain.join("/")}/feed/`, target);
    if (chain.length > 1) add(`${base}/category/${category.slug}/`, target);
    const id = /^term:(\d+)$/.exec(category.key)?.[1];
    if (id) add(`${base}/?cat=${id}`, target);
  }
  const writtenTagSlugs = new Map(
    terms.filter((term) => term.taxonomy === "post_tag").map((term) => [`term:${term.id}`, term.slug]),
  );
  for (const tag of tags) {
    const target = { kind: "tag", key: tag.key } as const;
    add(`${base}/tag/${tag.slug}/`, target);
    add(`${base}/tag/${tag.slug}/feed/`, target);
    const written = writtenTagSlugs.get(tag.key) ?? tag.slug;
    add(`${base}/?tag=${written}`, target);
    add(`${base}/?tag=${tag.slug}`, target);
  }
  for (const author of authors) {
    if (!author.login) continue;
    // WordPress's author address uses the login made into a slug (lower case, spaces as hyphens).
    const nicename = author.login.toLowerCase().replace(/[\s.@]+/g, "-");
    const target = { kind: "author", key: author.key } as const;
    add(`${base}/author/${nicename}/`, target);
    add(`${base}/author/${nicename}/feed/`, target);
    const id = authorIds.get(author.login);
    if (id) add(`${base}/?author=${id}`, target);
  }
  return addresses;
}
