/**
 * The catalog: every public page (drafts and pages withheld until their publishing time never enter it) without its body, held in memory. Listings, the
 * query call, the sitemap and the feeds read it; it is loaded on first use and follows content changes (the pages
 * a change names are read again; a change of anything drops it).
 */
import { and, eq, or } from "drizzle-orm";
import type { ContentChange } from "~/cluster/change-feed.server";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import { intlLocale, locales, otherLocale, type Locale } from "~/i18n/locales";
import { onContentChange } from "./changes.server";
import { buildTagIndex, tagKey, type TagSummary } from "./tags.server";

export interface PageSummary {
  locale: Locale;
  /** Path without a locale prefix: "/", "/about", "/notes/some-post". */
  path: string;
  title: string;
  description: string;
  /** YYYY-MM-DD; pages with a date are posts (the logs archive lists them). */
  date: string | null;
  category: string | null;
  tags: string[];
  thumbnail: string | null;
  author: string | null;
  /** The address of its translation in the other language, when the file links one. */
  translationOf: string | null;
  /** What search engines and social cards show in place of the title and description (null: those). */
  seoTitle: string | null;
  seoDescription: string | null;
  toc: boolean;
  comments: boolean;
  intro: boolean;
  /** Last change, epoch milliseconds. */
  updatedAt: number;
}

export interface Catalog {
  /** Every published page by `pageKey`. */
  pages: Map<string, PageSummary>;
  /** Posts per locale, newest first. */
  posts: Record<Locale, PageSummary[]>;
  /** Tags per locale by `tagKey`, each with its posts. */
  tags: Record<Locale, Map<string, TagSummary>>;
}

/** A page row readers may see: published, not a draft, and not withheld until its publishing time. */
export const isPublic = and(eq(pages.draft, false), eq(pages.withheld, false));

export const pageKey = (locale: Locale, path: string) => `${locale}:${path}`;

/**
 * The catalog as loaded, or as being loaded or brought up to date. A change naming its pages is applied to the
 * catalog held (only those pages' rows are read again: a publish costs the pages it changes, not a reload of the
 * whole table); a change of anything (`undefined`) drops it, and the next call loads it all. Changes are applied
 * in the order they come, each after the one before.
 */
let current: Promise<Catalog> | undefined;

onContentChange((changes) => {
  if (!current || !changes) {
    current = undefined;
    return;
  }
  const base = current;
  const next: Promise<Catalog> = base
    .then((catalog) => withChanges(catalog, changes))
    .catch((error: unknown) => {
      if (current === next) current = undefined;
      throw error;
    });
  current = next;
});

export function getCatalog(): Promise<Catalog> {
  if (current) return current;
  const started: Promise<Catalog> = loadCatalog().catch((error: unknown) => {
    if (current === started) current = undefined;
    throw error;
  });
  current = started;
  return started;
}

/** Newest first; the same day is ordered by path so the order never wobbles. */
export function byNewest(a: PageSummary, b: PageSummary): number {
  return (b.date ?? "").localeCompare(a.date ?? "") || a.path.localeCompare(b.path);
}

const summaryColumns = {
  locale: pages.locale,
  path: pages.path,
  title: pages.title,
  description: pages.description,
  date: pages.date,
  category: pages.category,
  tags: pages.tags,
  thumbnail: pages.thumbnail,
  author: pages.author,
  translationOf: pages.translationOf,
  seoTitle: pages.seoTitle,
  seoDescription: pages.seoDescription,
  toc: pages.toc,
  comments: pages.comments,
  intro: pages.intro,
  updatedAt: pages.updatedAt,
};

async function loadCatalog(): Promise<Catalog> {
  const db = await getDb();
  let rows: PageSummary[];
  try {
    const selected = await db.select(summaryColumns).from(pages).where(isPublic).all();
    rows = selected.map((row) => ({ ...row, updatedAt: row.updatedAt.getTime() }));
  } catch (error) {
    // Before the installer has run its migrations there are no pages yet; try again next time.
    if (!isMissingTable(error)) throw error;
    current = undefined;
    rows = [];
  }
  const catalog: Catalog = { pages: new Map(), posts: { fa: [], en: [] }, tags: { fa: new Map(), en: new Map() } };
  for (const row of rows) {
    catalog.pages.set(pageKey(row.locale, row.path), row);
    if (row.date) catalog.posts[row.locale].push(row);
  }
  for (const locale of locales) {
    catalog.posts[locale].sort(byNewest);
    catalog.tags[locale] = buildTagIndex(catalog.posts[locale]);
  }
  return catalog;
}

/** Pages read again at a time when a change names many. */
const CHANGE_BATCH = 200;

/**
 * A new catalog: `catalog` with the changed pages as the database has them now (gone when deleted or drafts).
 * Readers of the old catalog keep an unchanged one; only the languages changed are sorted and indexed again.
 */
async function withChanges(catalog: Catalog, changes: readonly ContentChange[]): Promise<Catalog> {
  const db = await getDb();
  const fresh: PageSummary[] = [];
  for (let i = 0; i < changes.length; i += CHANGE_BATCH) {
    const batch = changes.slice(i, i + CHANGE_BATCH);
    const rows = await db
      .select(summaryColumns)
      .from(pages)
      .where(
        and(
          isPublic,
          or(...batch.map((change) => and(eq(pages.locale, change.locale), eq(pages.path, change.path)))),
        ),
      )
      .all();
    fresh.push(...rows.map((row) => ({ ...row, updatedAt: row.updatedAt.getTime() })));
  }
  const changed = new Set(changes.map((change) => pageKey(change.locale, change.path)));
  const next: Catalog = { pages: new Map(catalog.pages), posts: { ...catalog.posts }, tags: { ...catalog.tags } };
  for (const key of changed) next.pages.delete(key);
  for (const page of fresh) next.pages.set(pageKey(page.locale, page.path), page);
  for (const locale of new Set(changes.map((change) => change.locale))) {
    const posts = catalog.posts[locale].filter((post) => !changed.has(pageKey(locale, post.path)));
    for (const page of fresh) {
      if (page.locale !== locale || !page.date) continue;
      posts.splice(sortedIndex(posts, page), 0, page);
    }
    next.posts[locale] = posts;
    next.tags[locale] = buildTagIndex(posts);
  }
  return next;
}

/** Where `page` goes in `posts` (newest first) to keep them in order. */
function sortedIndex(posts: readonly PageSummary[], page: PageSummary): number {
  let low = 0;
  let high = posts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byNewest(posts[middle]!, page) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function isMissingTable(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /no such table/i.test(text);
}

export async function findPage(locale: Locale, path: string): Promise<PageSummary | undefined> {
  return (await getCatalog()).pages.get(pageKey(locale, path));
}

export type PostSort = "newest" | "oldest" | "title";

export interface PostQuery {
  locale: Locale;
  category?: string;
  /** A tag in any of its spellings (see `tagKey`). */
  tag?: string;
  intro?: boolean;
  sort?: PostSort;
  limit?: number;
  offset?: number;
}

export interface PostPage {
  items: PageSummary[];
  /** Posts matching the query before limit and offset. */
  total: number;
}

const collators = new Map<Locale, Intl.Collator>();
function collator(locale: Locale): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(intlLocale(locale))));
  return c;
}

/** Posts of one locale, filtered by tag, category and intro flag, sorted, then cut to a page. */
export async function queryPosts(query: PostQuery): Promise<PostPage> {
  const catalog = await getCatalog();
  const all =
    query.tag === undefined
      ? catalog.posts[query.locale]
      : (catalog.tags[query.locale].get(tagKey(query.tag))?.posts ?? []);
  let matching = all.filter(
    (post) =>
      (query.category === undefined || post.category === query.category) &&
      (query.intro === undefined || post.intro === query.intro),
  );
  if (query.sort === "oldest") matching = matching.toReversed();
  else if (query.sort === "title")
    matching = matching.toSorted((a, b) => collator(query.locale).compare(a.title, b.title));
  const offset = query.offset ?? 0;
  const end = query.limit === undefined ? undefined : offset + query.limit;
  return { items: matching.slice(offset, end), total: matching.length };
}

/** The post before and after this one in date order, for "newer" and "older" links. */
export async function adjacentPosts(
  locale: Locale,
  path: string,
): Promise<{ newer: PageSummary | undefined; older: PageSummary | undefined }> {
  const posts = (await getCatalog()).posts[locale];
  const index = posts.findIndex((post) => post.path === path);
  if (index === -1) return { newer: undefined, older: undefined };
  return { newer: posts[index - 1], older: posts[index + 1] };
}

/** Every published page of every locale (sitemap, search index). */
export async function allPages(): Promise<PageSummary[]> {
  return [...(await getCatalog()).pages.values()];
}

/** The tag `text` names in one locale (in any of its spellings), if a post there carries it. */
export async function findTag(locale: Locale, text: string): Promise<TagSummary | undefined> {
  return (await getCatalog()).tags[locale].get(tagKey(text));
}

/** Every tag of one locale, in the locale's alphabetical order. */
export async function localeTags(locale: Locale): Promise<TagSummary[]> {
  return [...(await getCatalog()).tags[locale].values()].sort((a, b) => collator(locale).compare(a.name, b.name));
}

/** Each catalog's links read backwards: the page in a language that names (locale, path) as its translation. */
const linkedTo = new WeakMap<Catalog, Map<string, PageSummary>>();

function linksOf(catalog: Catalog): Map<string, PageSummary> {
  let links = linkedTo.get(catalog);
  if (!links) {
    links = new Map();
    for (const page of catalog.pages.values()) {
      if (page.translationOf) links.set(pageKey(otherLocale(page.locale), page.translationOf), page);
    }
    linkedTo.set(catalog, links);
  }
  return links;
}

/**
 * The published translation of a page: the page its file links (`translationOf`), or the page that links it;
 * for pages with no link on either side, the other language's page at the same address (which itself links
 * no other page). Undefined when there is none.
 */
export function translationIn(catalog: Catalog, page: PageSummary): PageSummary | undefined {
  const other = otherLocale(page.locale);
  if (page.translationOf) return catalog.pages.get(pageKey(other, page.translationOf));
  const linking = linksOf(catalog).get(pageKey(page.locale, page.path));
  if (linking) return linking;
  const twin = catalog.pages.get(pageKey(other, page.path));
  if (!twin || twin.translationOf || linksOf(catalog).has(pageKey(other, twin.path))) return undefined;
  return twin;
}

/** The addresses (without prefix) of a published page in each language it exists in, itself included. */
export async function pageAlternates(locale: Locale, path: string): Promise<Partial<Record<Locale, string>>> {
  const catalog = await getCatalog();
  const page = catalog.pages.get(pageKey(locale, path));
  if (!page) return {};
  const translation = translationIn(catalog, page);
  return { [locale]: path, ...(translation ? { [translation.locale]: translation.path } : {}) };
}
