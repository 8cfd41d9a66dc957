/**
 * Machine-readable views of the content: the sitemap (every public page in both languages, with hreflang
 * alternates), robots.txt, and the Atom feeds: the site's, each category's and each tag's, in each language.
 */
import { Feed } from "feed";
import { serverT } from "~/i18n/catalogs.server";
import { defaultLocale, locales, type Locale } from "~/i18n/locales";
import { memoiseLoad, memoiseLoads } from "~/lib/memoise-load";
import { findCategory } from "~/settings/app-config";
import { getAppConfig, onAppConfigChange } from "~/settings/app-config.server";
import { allPages, findTag, getCatalog, translationIn, type PageSummary } from "./catalog.server";
import { onContentChange } from "./changes.server";
import { feedPath } from "./head.server";
import { getRenderedPage } from "./render.server";
import { TAGS_PATH } from "./tags.server";
import { pageUrl } from "./urls.server";
import { categoryName } from "./views.server";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Addresses one sitemap file holds; a site with more gets a sitemap index. The protocol allows 50,000 (and 50 MB):
 * files of 10,000 stay well inside both, and each is quick to make.
 */
const SITEMAP_FILE_URLS = 10_000;

/**
 * One address of the sitemap: its path in every language it exists in (the same path, or a linked translation's
 * own), with that language's last change. The key sorts and groups.
 */
type PublicPath = [key: string, byLocale: Map<Locale, { path: string; modified: number }>];

/** The newest change of a list of pages (0 for none). */
function newest(list: readonly PageSummary[]): number {
  let latest = 0;
  for (const page of list) if (page.updatedAt > latest) latest = page.updatedAt;
  return latest;
}

/**
 * Every public address, sorted: published pages, plus the home, the logs, category listings and the tag index
 * (which always exist), and each language's tag pages (a tag in both languages under one address is one entry
 * with both alternates). Made once per content or settings change, not per request: every file of a split
 * sitemap reads it.
 */
const publicPaths = memoiseLoad(async (): Promise<PublicPath[]> => {
  const config = await getAppConfig();
  const catalog = await getCatalog();
  const paths = new Map<string, Map<Locale, { path: string; modified: number }>>();
  const touch = (path: string, locale: Locale, modified: number, key = path) => {
    let byLocale = paths.get(key);
    if (!byLocale) paths.set(key, (byLocale = new Map()));
    byLocale.set(locale, { path, modified: Math.max(byLocale.get(locale)?.modified ?? 0, modified) });
  };
  for (const page of await allPages()) {
    // A translation at another address is one entry with its page, under the pair's own key (the Persian
    // page's address); every other page is grouped by its address, as listings are.
    const translation = translationIn(catalog, page);
    const elsewhere = translation && translation.path !== page.path;
    const pair = elsewhere ? ([page, translation].find((p) => p.locale === defaultLocale) ?? page) : undefined;
    touch(page.path, page.locale, page.updatedAt, pair ? `${pair.path}\u0000${pair.locale}` : page.path);
  }
  for (const locale of locales) {
    const posts = catalog.posts[locale];
    touch("/", locale, newest(posts));
    touch("/logs", locale, newest(posts));
    const byCategory = Map.groupBy(posts, (post) => post.category);
    for (const { slug } of config.categories) touch(`/${slug}`, locale, newest(byCategory.get(slug) ?? []));
    touch(TAGS_PATH, locale, newest(posts));
    for (const tag of catalog.tags[locale].values()) touch(tag.path, locale, newest(tag.posts));
  }
  return [...paths].sort(([a], [b]) => a.localeCompare(b));
});
onContentChange(() => publicPaths.forget());
onAppConfigChange(() => publicPaths.forget());

/** The `<url>` entries of one address: one per language, each with the alternates. */
function urlEntries(origin: string, [, byLocale]: PublicPath): string[] {
  const url = (locale: Locale) => escapeXml(pageUrl(origin, byLocale.get(locale)!.path, locale));
  const alternates = locales
    .filter((locale) => byLocale.has(locale))
    .map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${url(locale)}"/>`);
  const fallback = byLocale.has(defaultLocale) ? defaultLocale : [...byLocale.keys()][0]!;
  alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${url(fallback)}"/>`);
  const entries: string[] = [];
  for (const locale of locales) {
    const modified = byLocale.get(locale)?.modified;
    if (modified === undefined) continue;
    entries.push(
      [
        "  <url>",
        `    <loc>${url(locale)}</loc>`,
        ...(modified > 0 ? [`    <lastmod>${new Date(modified).toISOString()}</lastmod>`] : []),
        ...alternates,
        "  </url>",
      ].join("\n"),
    );
  }
  return entries;
}

const urlset = (entries: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");

/**
 * The sitemap (sitemaps.org XML with xhtml:link alternates per language, and x-default, the Persian page). Up to
 * `maxUrls` addresses it is one file; past that, `/sitemap.xml` is a sitemap index of files
 * `/sitemap.xml?part=1`, `?part=2`… of at most `maxUrls` addresses each, and `part` asks for one of them.
 * Undefined: no such part. Only the asked-for part's entries are written.
 */
export async function sitemapXml(
  origin: string,
  part?: number,
  maxUrls = SITEMAP_FILE_URLS,
): Promise<string | undefined> {
  // Only files that exist are made and kept, so asking for others costs nothing and pushes none out.
  if (!partsOf(await publicPaths.get(), part, maxUrls)) return undefined;
  return sitemapFiles.get(`${maxUrls} ${part ?? 0} ${origin}`, async () => {
    const paths = await publicPaths.get();
    const parts = partsOf(paths, part, maxUrls);
    return parts ? sitemapFile(origin, paths, parts, part, maxUrls) : undefined;
  });
}

/** How many files the sitemap has; 0 when `part` is none of them. */
function partsOf(paths: readonly PublicPath[], part: number | undefined, maxUrls: number): number {
  let total = 0;
  for (const [, byLocale] of paths) total += byLocale.size;
  const parts = Math.ceil(total / maxUrls);
  if (part === undefined) return Math.max(parts, 1);
  return parts > 1 && Number.isInteger(part) && part >= 1 && part <= parts ? parts : 0;
}

/**
 * The sitemap files made since the last content or settings change, by origin and part: each is made once, not
 * per request (a file of 10,000 addresses takes a while). A file made across a change is not kept.
 */
const sitemapFiles = memoiseLoads<string, string | undefined>(8);
onContentChange(() => sitemapFiles.forget());
onAppConfigChange(() => sitemapFiles.forget());

function sitemapFile(
  origin: string,
  paths: readonly PublicPath[],
  parts: number,
  part: number | undefined,
  maxUrls: number,
): string {
  if (part === undefined && parts <= 1) return urlset(paths.flatMap((entry) => urlEntries(origin, entry)));
  if (part === undefined) {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...Array.from(
        { length: parts },
        (_, i) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemap.xml?part=${i + 1}`)}</loc>\n  </sitemap>`,
      ),
      "</sitemapindex>",
      "",
    ].join("\n");
  }
  // The part's addresses: the entries from the (part-1)·maxUrls-th on, an address's languages kept together
  // with their alternates (counted one by one, so a part never holds more than maxUrls).
  const first = (part - 1) * maxUrls;
  const entries: string[] = [];
  let seen = 0;
  for (const entry of paths) {
    const size = entry[1].size;
    if (seen + size > first) {
      const own = urlEntries(origin, entry).slice(Math.max(0, first - seen));
      entries.push(...own.slice(0, maxUrls - entries.length));
      if (entries.length >= maxUrls) break;
    }
    seen += size;
  }
  return urlset(entries);
}

/** Areas crawlers should leave alone, in every language form. */
const privatePrefixes = ["/manage", "/profile"];

export function robotsTxt(origin: string): string {
  const disallowed = privatePrefixes.flatMap((prefix) => [prefix, ...locales.map((locale) => `/${locale}${prefix}`)]);
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * Plain text for the feed's own fields. The feed writer escapes < and > but leaves anything that looks like an
 * entity ("&amp;") as it is, so an ampersand the owner typed is escaped here first.
 */
function feedText(text: string): string {
  return text.replace(/&/g, "&amp;");
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * HTML for feed readers, which show entries away from the site: site-relative links and images made absolute,
 * and the highlighter's colour variables dropped (they mean nothing without the site's stylesheet).
 */
export function feedHtml(html: string, origin: string, pageAddress: string): string {
  return html
    .replace(/ style="[^"]*"/g, "")
    .replace(/(\s(?:href|src))="\/(?!\/)/g, `$1="${origin}/`)
    .replace(/(\shref)="#/g, `$1="${pageAddress}#`);
}

/** Posts in one feed: the newest ones. */
export const FEED_SIZE = 20;

/** What one feed follows: a listing's address (no locale prefix), its newest posts first, and its title. */
interface FeedListing {
  path: string;
  posts: readonly PageSummary[];
  title: string;
}

/** The Atom feed of one language: the newest posts with their full text. */
export async function atomFeed(origin: string, locale: Locale): Promise<string> {
  const config = await getAppConfig();
  const title = serverT(locale)("content.feed.title", { site: config.siteName[locale] });
  return listingFeed(origin, locale, { path: "/", posts: (await getCatalog()).posts[locale], title });
}

/** A category's feed in one language; undefined when the site has no such category. */
export async function categoryFeed(origin: string, locale: Locale, slug: string): Promise<string | undefined> {
  const config = await getAppConfig();
  if (!findCategory(config, slug)) return undefined;
  const title = await listingFeedTitle(locale, { category: slug });
  const posts = (await getCatalog()).posts[locale].filter((post) => post.category === slug);
  return listingFeed(origin, locale, { path: `/${slug}`, posts, title });
}

/**
 * A tag's feed in one language, found as its page is (any spelling of the tag); undefined when no public post of
 * that language carries it. `path` is the tag's one address, which the answer is made for.
 */
export async function tagFeed(
  origin: string,
  locale: Locale,
  written: string,
): Promise<{ path: string; xml: string } | undefined> {
  const tag = await findTag(locale, written);
  if (!tag) return undefined;
  const title = await listingFeedTitle(locale, { tag: tag.name });
  return { path: tag.path, xml: await listingFeed(origin, locale, { path: tag.path, posts: tag.posts, title }) };
}

/** The title of a category's or a tag's feed: the site's name and the listing's, in that language. */
export async function listingFeedTitle(locale: Locale, of: { category: string } | { tag: string }): Promise<string> {
  const site = (await getAppConfig()).siteName[locale];
  const t = serverT(locale);
  return "category" in of
    ? t("content.feed.categoryTitle", { site, category: await categoryName(locale, of.category) })
    : t("content.feed.tagTitle", { site, tag: of.tag });
}

async function listingFeed(origin: string, locale: Locale, listing: FeedListing): Promise<string> {
  const config = await getAppConfig();
  const posts = listing.posts.slice(0, FEED_SIZE);
  const home = pageUrl(origin, "/", locale);
  const siteName = config.siteName[locale];
  const feed = new Feed({
    id: pageUrl(origin, listing.path, locale),
    title: feedText(listing.title),
    description: feedText(config.description[locale]),
    link: pageUrl(origin, listing.path, locale),
    language: locale,
    updated: new Date(Math.max(0, ...posts.map((post) => post.updatedAt))),
    generator: "Daftar",
    feedLinks: { atom: origin + feedPath(locale, listing.path) },
    favicon: `${origin}/favicon.ico`,
    image: `${origin}/icon-512.png`,
    copyright: feedText(`© ${siteName}`),
    // Atom asks for an author on the feed or on every entry: the site is the feed's, and a page without one
    // of its own falls back to it.
    author: { name: feedText(siteName), link: home },
  });
  for (const post of posts) {
    const url = pageUrl(origin, post.path, locale);
    const rendered = await getRenderedPage(locale, post.path);
    feed.addItem({
      id: url,
      link: url,
      title: escapeHtml(post.title),
      description: escapeHtml(post.description),
      content: rendered ? feedHtml(rendered.html, origin, url) : undefined,
      date: new Date(post.updatedAt),
      published: new Date(`${post.date}T00:00:00Z`),
      author: [post.author ? { name: feedText(post.author) } : { name: feedText(siteName), link: home }],
      category: post.category ? [{ term: post.category, name: await categoryName(locale, post.category) }] : undefined,
    });
  }
  // The feed library writes no language on Atom; readers use xml:lang for direction and fonts.
  return feed
    .atom1()
    .replace(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    );
}
