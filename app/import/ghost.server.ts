/**
 * A Ghost export (the JSON of Settings → Labs → Export, Ghost 4 to 6, and the older shapes that still reach
 * people) read into an `ExportedSite`. Pure: no database, no network; images are listed, not fetched.
 *
 * - Posts and pages: `type: "page"` (Ghost 4 on), or `page: true` before. Status: published → published;
 *   draft, scheduled and sent (an e-mail only, never on the site) → draft, the note naming which. A post for
 *   members or paid members only is still read, with a warning: here a published page is public.
 * - Content from `html` when Ghost stored it, else `lexical`, else `mobiledoc` (./ghost-content.server.ts).
 * - Tags: public ones as tags; the internal tags `#fa` and `#en` give the language; other internal tags are
 *   Ghost's own bookkeeping and are dropped. Authors: `users` by `posts_authors` (the first is the author).
 * - `__GHOST_URL__`, Ghost's placeholder for its own address, is resolved against `siteUrl` when given, else left
 *   as a path of the old site.
 * - Ghost keeps comments with its members, outside the export: items have none.
 */
import { markdownLimitProblem } from "~/content/markdown/limits";
import { defaultLocale, type Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { renderLexical, renderMobiledoc, type RenderedDocument } from "./ghost-content.server";
import { htmlToMarkdown, type ContentWarning } from "./html-to-markdown.server";
import { localeOfCode, localeOfText } from "./language";
import type { ExportedAddress, ExportedAuthor, ExportedItem, ExportedSite, ExportedTag, ExportWarning } from "./model";
import { basePath, pathForms } from "./old-addresses";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ITEMS, type ExportReadOptions } from "./read-options";

export interface GhostReadOptions extends ExportReadOptions {
  /** The Ghost site's address ("https://blog.example.com"), which the export itself does not record. */
  siteUrl?: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
const rows = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** A Ghost date ("2021-03-04T10:00:00.000Z", or "2021-03-04 10:00:00" before Ghost 2) as ISO 8601 with offset. */
export function ghostDate(value: unknown): string | null {
  const written = text(value).trim();
  if (!written) return null;
  const normalised = /[zZ]|[+-]\d{2}:?\d{2}$/.test(written)
    ? written.replace(" ", "T")
    : `${written.replace(" ", "T")}Z`;
  const ms = Date.parse(normalised);
  if (Number.isNaN(ms)) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

const STATUS_NOTES: Record<string, string> = { scheduled: "scheduled", sent: "sent" };

/** The data of a Ghost export, or a refusal naming what is wrong. */
function ghostData(json: unknown, maxBytes: number): { data: Json; meta: Json } {
  let value = json;
  if (typeof json === "string") {
    if (Buffer.byteLength(json) > maxBytes) {
      throw new ServiceError(413, "import.read.tooLarge", { vars: { max: Math.floor(maxBytes / 1_000_000) } });
    }
    try {
      value = JSON.parse(json) as unknown;
    } catch (error) {
      throw new ServiceError(422, "import.read.badJson", {
        reason: error instanceof Error ? error.message : undefined,
      });
    }
  }
  const db = isObject(value) && Array.isArray(value.db) ? (value.db as unknown[])[0] : value;
  const data = isObject(db) ? db.data : undefined;
  if (!isObject(db) || !isObject(data) || !Array.isArray(data.posts)) {
    throw new ServiceError(422, "import.read.notGhost");
  }
  return { data, meta: isObject(db.meta) ? db.meta : {} };
}

/** Reads a Ghost export (its JSON text, or the parsed value). */
export function readGhostExport(json: unknown, options: GhostReadOptions = {}): ExportedSite {
  const { data } = ghostData(json, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  const posts = rows(data.posts);
  const entries = posts.length + rows(data.tags).length + rows(data.users).length;
  if (entries > maxItems) throw new ServiceError(422, "import.read.tooManyItems", { vars: { max: maxItems } });

  const settings = new Map(rows(data.settings).map((row) => [text(row.key), row.value]));
  const baseUrl = options.siteUrl?.replace(/\/+$/, "") || null;
  const base = basePath(baseUrl);
  const resolve = (value: string) => value.replaceAll("__GHOST_URL__", baseUrl ?? "");
  const fallbackLocale = localeOfCode(text(settings.get("locale"))) ?? options.defaultLocale ?? defaultLocale;
  const commentsOpen = !["", "off"].includes(text(settings.get("comments_enabled")));

  const users = rows(data.users);
  const authors: ExportedAuthor[] = users.map((user) => ({
    key: `user:${text(user.slug) || text(user.id)}`,
    login: text(user.slug) || null,
    email: text(user.email) || null,
    displayName: text(user.name) || text(user.slug),
  }));
  const authorById = new Map(users.map((user, index) => [text(user.id), authors[index]!]));

  const tagRows = rows(data.tags);
  const tags: ExportedTag[] = [];
  const tagById = new Map<string, ExportedTag>();
  const languageTagById = new Map<string, Locale | null>();
  for (const row of tagRows) {
    const name = text(row.name);
    if (text(row.visibility) === "internal" || name.startsWith("#")) {
      languageTagById.set(text(row.id), localeOfCode(name.replace(/^#/, "")));
      continue;
    }
    const tag: ExportedTag = { key: `tag:${text(row.id)}`, slug: text(row.slug), name: name.trim() };
    tags.push(tag);
    tagById.set(text(row.id), tag);
  }
  const byPost = <T>(table: unknown, column: string, pick: (id: string) => T | undefined) => {
    const map = new Map<string, T[]>();
    const ordered = rows(table).sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
    for (const row of ordered) {
      const found = pick(text(row[column]));
      if (found === undefined) continue;
      const postId = text(row.post_id);
      map.set(postId, [...(map.get(postId) ?? []), found]);
    }
    return map;
  };
  const postTags = byPost(data.posts_tags, "tag_id", (id) => tagById.get(id));
  const postLanguages = byPost(data.posts_tags, "tag_id", (id) =>
    languageTagById.has(id) ? languageTagById.get(id) : undefined,
  );
  const postAuthors = byPost(data.posts_authors, "author_id", (id) => authorById.get(id));
  const postMeta = new Map(rows(data.posts_meta).map((row) => [text(row.post_id), row]));

  const warnings: ExportWarning[] = [];
  const items: ExportedItem[] = [];
  for (const post of posts) {
    const id = text(post.id);
    const key = `post:${id}`;
    const itemWarnings: ContentWarning[] = [];
    const { markdown, images } = content(post, resolve, itemWarnings);
    const problem = markdownLimitProblem(markdown);
    if (problem) itemWarnings.push({ message: "import.warn.renderLimit", values: { line: problem.vars.line } });

    const status = text(post.status);
    const visibility = text(post.visibility) || "public";
    if (visibility !== "public") itemWarnings.push({ message: "import.warn.membersOnly", values: { visibility } });
    const languages = postLanguages.get(id) ?? [];
    const recorded = languages.find((one): one is Locale => one !== null) ?? null;
    const meta = postMeta.get(id);
    const author = postAuthors.get(id)?.[0] ?? authorById.get(text(post.author_id));
    const slug = text(post.slug);
    const title = text(post.title);
    const excerpt = text(post.custom_excerpt).trim();
    const featured = text(post.feature_image);

    items.push({
      key,
      kind: post.type === "page" || post.page === true || post.page === 1 ? "page" : "post",
      title: title.trim(),
      slug,
      status: status === "published" ? "published" : "draft",
      statusNote: status === "published" ? null : (STATUS_NOTES[status] ?? null),
      publishedAt: ghostDate(post.published_at),
      updatedAt: ghostDate(post.updated_at),
      excerpt,
      authorKey: author?.key ?? null,
      categoryKeys: [],
      tagKeys: (postTags.get(id) ?? []).map((tag) => tag.key),
      sticky: post.featured === true || post.featured === 1,
      featuredImage: featured ? resolve(featured) : null,
      featuredImageAlt: text(meta?.feature_image_alt) || null,
      metaTitle: text(meta?.meta_title) || text(meta?.og_title) || text(post.meta_title) || null,
      metaDescription:
        text(meta?.meta_description) || text(meta?.og_description) || text(post.meta_description) || null,
      markdown,
      images,
      locale: recorded ?? localeOfText([title, excerpt, markdown].join("\n"), fallbackLocale),
      localeFrom: recorded ? "export" : "text",
      translationGroup: null,
      oldAddresses: slug ? pathForms(`${base}/${slug}/`) : [],
      commentsOpen,
      comments: [],
    });
    for (const warning of itemWarnings) warnings.push({ key, ...warning });
  }

  const addresses: ExportedAddress[] = [];
  const seen = new Set<string>();
  const add = (path: string, target: ExportedAddress["target"]) => {
    for (const form of pathForms(path)) {
      if (!seen.has(form)) addresses.push({ path: form, target });
      seen.add(form);
    }
  };
  add(`${base}/rss/`, { kind: "feed", locale: null });
  for (const tag of tags) {
    add(`${base}/tag/${tag.slug}/`, { kind: "tag", key: tag.key });
    add(`${base}/tag/${tag.slug}/rss/`, { kind: "tag", key: tag.key });
  }
  for (const author of authors) {
    if (!author.login) continue;
    add(`${base}/author/${author.login}/`, { kind: "author", key: author.key });
    add(`${base}/author/${author.login}/rss/`, { kind: "author", key: author.key });
  }

  return {
    source: "ghost",
    title: text(settings.get("title")).trim(),
    baseUrl,
    authors,
    categories: [],
    tags,
    items,
    addresses,
    warnings,
  };
}

/** A post's markdown: from its HTML when Ghost stored it, else from its lexical or mobiledoc document. */
function content(
  post: Json,
  resolve: (value: string) => string,
  warnings: ContentWarning[],
): { markdown: string; images: string[] } {
  let document: RenderedDocument;
  const html = text(post.html);
  try {
    if (html.trim()) document = { parts: [{ kind: "html", value: html }], warnings: [] };
    else if (post.lexical) document = renderLexical(post.lexical);
    else if (post.mobiledoc) document = renderMobiledoc(post.mobiledoc);
    else document = { parts: [], warnings: [] };
  } catch {
    // A stored document that is not JSON: its text is kept, as written, rather than lost.
    const written = text(post.lexical) || text(post.mobiledoc);
    document = {
      parts: [
        {
          kind: "html",
          value: `<pre>${written.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!)}</pre>`,
        },
      ],
      warnings: [],
    };
  }
  warnings.push(...document.warnings);
  const blocks: string[] = [];
  const images: string[] = [];
  for (const part of document.parts) {
    if (part.kind === "markdown") {
      const markdown = resolve(part.value);
      blocks.push(markdown);
      for (const match of markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)) images.push(match[1]!);
    } else {
      const converted = htmlToMarkdown(resolve(part.value));
      if (converted.markdown) blocks.push(converted.markdown);
      images.push(...converted.images);
      warnings.push(...converted.warnings);
    }
  }
  return { markdown: blocks.join("\n\n"), images: [...new Set(images)] };
}
