/**
 * What the public content routes load: the home page, the logs archive, the tag index and tag pages, and the
 * catch-all page (a category's listing, a post or a plain page). Route modules call these and stay thin.
 */
import { summaryFields } from "./import.server";
import { data, redirect, type MetaDescriptor } from "react-router";
import { pickMessages, serverT } from "~/i18n/catalogs.server";
import { locales, localizePath, otherLocale, parseLocalizedPath, type Locale } from "~/i18n/locales";
import type { Messages } from "~/i18n/translate";
import { getAppConfig } from "~/settings/app-config.server";
import { findCategory, siteInfo, type SiteInfo } from "~/settings/app-config";
import { findTag, localeTags, pageAlternates, queryPosts } from "./catalog.server";
import { ContentParseError, parseContentFile } from "./front-matter";
import { cacheableDocumentAt } from "./document-store.server";
import { contentHead } from "./head.server";
import { listingFeedTitle } from "./seo.server";
import { getRenderedPage, renderBody, type RenderedPage } from "./render.server";
import { tagOfPath, TAGS_PATH } from "./tags.server";
import { viewPreloads } from "./view-chunks.server";
import { approvedCount } from "~/comments/comments.server";
import { getDb } from "~/db/client.server";
import { WorkRefused } from "~/lib/work-queue.server";
import { redirectTarget } from "~/lib/redirect-target";
import { locationOf, redirectFor, wasRemoved } from "./redirects.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { ArticleView, LinkItem, ListingView, PostCard, TagItem, YearGroup } from "./view-types";
import {
  articleView,
  categoryName,
  HOME_LATEST,
  parsePageNumber,
  postCard,
  postCount,
  postListing,
  thumbnailImage,
  type PostListing,
} from "./views.server";

interface Context {
  url: URL;
  locale: Locale;
  path: string;
  origin: string;
  site: SiteInfo;
  messages: Messages;
}

/**
 * A published page, rendered. While the rendering threads are too busy to take it, the page answers 503 with
 * "busy, try again" (and Retry-After), not an internal error.
 */
function renderedPage(locale: Locale, path: string): Promise<RenderedPage | undefined> {
  return getRenderedPage(locale, path).catch((error: unknown) => {
    if (!(error instanceof WorkRefused)) throw error;
    throw data({ message: serverT(locale)(error.key, error.vars) }, { status: error.status, headers: error.headers });
  });
}

/** `url` is React Router's normalised URL (no `.data` suffix on client navigations). */
async function context(request: Request, url: URL): Promise<Context> {
  const { locale, path } = parseLocalizedPath(url.pathname);
  const config = await getAppConfig().catch(() => undefined);
  // Before installation there is no content: the root shows the installer (503, the site is not open yet).
  if (!config?.installed) throw data(null, { status: 503 });
  return {
    url,
    locale,
    path,
    origin: siteOrigin(request),
    site: siteInfo(config, locale),
    messages: pickMessages(locale, ["content"]),
  };
}

function notFound(): never {
  throw data(null, { status: 404 });
}

/** `?page=` as it is written in links: absent for the first page. */
const pageParam = (page: number | undefined) => (page && page > 1 ? String(page) : undefined);

// ── Home ────────────────────────────────────────────────────────────────────

export interface HomeData {
  messages: Messages;
  head: MetaDescriptor[];
  title: string;
  description: string;
  html: string;
  intro: PostCard | null;
  latest: PostCard[];
}

/** Home: its own page ("/"), the newest post marked intro, and the latest posts. */
export async function loadHome(request: Request, url: URL) {
  const ctx = await context(request, url);
  // An old site's address may be its home with a query ("/?p=123"): only a request with one looks it up.
  if (ctx.url.search.length > 1) {
    const location = await redirectLocation(ctx, "/");
    if (location) throw redirect(location, { status: 301 });
  }
  const [home, intro, latest] = await Promise.all([
    renderedPage(ctx.locale, "/"),
    queryPosts({ locale: ctx.locale, intro: true, limit: 1 }),
    queryPosts({ locale: ctx.locale, limit: HOME_LATEST + 1 }),
  ]);
  const introPost = intro.items[0];
  const latestPosts = latest.items.filter((post) => post.path !== introPost?.path).slice(0, HOME_LATEST);
  const result: HomeData = {
    messages: ctx.messages,
    head: contentHead({
      locale: ctx.locale,
      origin: ctx.origin,
      site: ctx.site,
      path: "/",
      description: home?.summary.description || ctx.site.description,
      seo: { title: home?.summary.seoTitle, description: home?.summary.seoDescription },
    }),
    title: ctx.site.title,
    description: home?.summary.description || ctx.site.description,
    html: home?.html ?? "",
    intro: introPost ? await postCard(introPost, { featured: true }) : null,
    latest: await Promise.all(latestPosts.map((post) => postCard(post))),
  };
  return data(result, cacheableDocumentAt(ctx.url));
}

// ── Logs archive ────────────────────────────────────────────────────────────

export interface LogsData {
  messages: Messages;
  head: MetaDescriptor[];
  title: string;
  description: string;
  html: string;
  /** "All" first, then each category; `current` marks the one shown. */
  filters: (LinkItem & { current: boolean })[];
  groups: YearGroup[];
  total: string;
  pagination: ListingView["pagination"];
}

/** The archive of dated posts, newest first, by pages, optionally of one category (`?category=`). */
export async function loadLogs(request: Request, url: URL) {
  const ctx = await context(request, url);
  const config = await getAppConfig();
  const category = ctx.url.searchParams.get("category") ?? undefined;
  if (category !== undefined && !findCategory(config, category)) notFound();
  const page = parsePageNumber(ctx.url.searchParams.get("page"));
  if (!page) notFound();
  const listing = await postListing(ctx.locale, {
    path: "/logs",
    category,
    page,
    params: category ? { category } : {},
  });
  if (!listing) notFound();
  const own = await renderedPage(ctx.locale, "/logs");
  const t = serverT(ctx.locale);
  const logsUrl = localizePath("/logs", ctx.locale);
  const filters = [
    { url: logsUrl, label: t("content.logs.all"), current: category === undefined },
    ...(await Promise.all(
      config.categories.map(async ({ slug }) => ({
        url: `${logsUrl}?category=${encodeURIComponent(slug)}`,
        label: await categoryName(ctx.locale, slug),
        current: slug === category,
      })),
    )),
  ];
  const title = own?.summary.title ?? t("common.nav.logs");
  const description = own?.summary.description ?? "";
  const result: LogsData = {
    messages: ctx.messages,
    head: contentHead({
      locale: ctx.locale,
      origin: ctx.origin,
      site: ctx.site,
      path: "/logs",
      title,
      description,
      pageLabel: pageLabel(listing, category ? await categoryName(ctx.locale, category) : undefined),
    }),
    title,
    description,
    html: own?.html ?? "",
    filters,
    groups: listing.groups,
    total: listing.total,
    pagination: listing.pagination,
  };
  return data(result, cacheableDocumentAt(ctx.url, { category, page: pageParam(page) }));
}

/** "Books – Page 2 of 3" style suffix for the document title of a filtered or later page. */
function pageLabel(listing: PostListing, filter?: string): string | undefined {
  const parts = [filter, listing.page > 1 ? listing.pagination?.label : undefined].filter(Boolean);
  return parts.length ? parts.join(" – ") : undefined;
}

// ── Catch-all: category listing, post or page ───────────────────────────────

export interface PageData {
  messages: Messages;
  head: MetaDescriptor[];
  view: ArticleView | ListingView;
  /** The languages this page exists in (a page may be written in one only); categories exist in all. */
  locales?: Locale[];
  /** Its address in each of them, when its translation is at another address. */
  alternates?: Partial<Record<Locale, string>>;
}

/** The page for any other path: a category's listing, a post, a plain page, or 404. */
export async function loadPage(request: Request, url: URL) {
  const ctx = await context(request, url);
  // One address per page: "/about/" becomes "/about". An address that is no path here ("//host/") is no page.
  if (ctx.url.pathname.length > 1 && ctx.url.pathname.endsWith("/")) {
    // An old address with its slash goes where the address without it goes, in one hop.
    const bare = decodedPath(ctx.path.replace(/\/+$/, "") || "/");
    const moved = bare === null ? undefined : await redirectLocation(ctx, bare);
    if (moved) throw redirect(moved, 301);
    const target = redirectTarget(ctx.url.pathname.replace(/\/+$/, "") + ctx.url.search);
    if (!target) notFound();
    throw redirect(target, 301);
  }
  const config = await getAppConfig();
  const slug = ctx.path.slice(1);
  if (findCategory(config, slug)) {
    const page = pageParam(parsePageNumber(ctx.url.searchParams.get("page")));
    const result = await categoryPage(ctx, slug);
    result.head.push(...viewPreloads("category"));
    return data(result, cacheableDocumentAt(ctx.url, { page }));
  }

  // Pages are stored by their address as written ("/notes/نیم-فاصله"); the URL carries it percent-encoded.
  const path = decodedPath(ctx.path);
  if (path === null) notFound();
  const page = await renderedPage(ctx.locale, path);
  if (!page) return noPageAt(ctx, path);
  // Its translation is the page its file links, else the other language's page at the same address.
  const alternates = await pageAlternates(ctx.locale, path);
  const pageLocales = locales.filter((locale) => alternates[locale] !== undefined);
  const view = await articleView(page);
  if (view.comments) view.commentCount = await approvedCount(await getDb(), view.path);
  const { summary } = page;
  const result: PageData = {
    // A page with comments also needs the comments section's words (and its form's validation messages).
    messages: view.comments ? pickMessages(ctx.locale, ["content", "comments", "validation"]) : ctx.messages,
    head: contentHead({
      locale: ctx.locale,
      origin: ctx.origin,
      site: ctx.site,
      path,
      locales: pageLocales,
      title: summary.title,
      description: summary.description,
      seo: { title: summary.seoTitle, description: summary.seoDescription },
      image: thumbnailImage(page),
      article: summary.date
        ? {
            published: summary.date,
            modified: summary.updatedAt,
            author: summary.author,
            section: view.category?.label ?? null,
            tags: summary.tags,
          }
        : undefined,
    }),
    view,
    locales: pageLocales,
    alternates,
  };
  result.head.push(...viewPreloads("article"));
  return data(result, cacheableDocumentAt(ctx.url));
}

/**
 * An address without a page: 301 to where its page went (the request's query kept when the target has none),
 * 410 when its page was deleted, else 404. The first two are kept like a page's document (every instance drops
 * them when redirects or pages change), since they are the same for every reader; a 404 is not kept, so
 * addresses that never existed cannot fill the store.
 */
async function noPageAt(ctx: Context, path: string): Promise<never> {
  const address = localizePath(path, ctx.locale);
  const db = await getDb();
  const kept = cacheableDocumentAt(ctx.url)?.headers;
  const location = await redirectLocation(ctx, path);
  if (location) throw redirect(location, { status: 301, headers: kept });
  if (await wasRemoved(db, address)) throw data(null, { status: 410, headers: kept });
  notFound();
}

/**
 * Where the redirect a request for `path` (decoded, without its language prefix) meets leads: the request's query
 * kept when the target has none and the source did not name it.
 */
async function redirectLocation(ctx: Context, path: string): Promise<string | undefined> {
  const found = await redirectFor(await getDb(), localizePath(path, ctx.locale), ctx.url.search);
  if (!found) return undefined;
  return locationOf(found.byQuery || /[?#]/.test(found.to) ? found.to : found.to + ctx.url.search);
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path).normalize("NFC");
  } catch {
    return null;
  }
}

async function categoryPage(ctx: Context, slug: string): Promise<PageData> {
  const page = parsePageNumber(ctx.url.searchParams.get("page"));
  if (!page) notFound();
  const listing = await postListing(ctx.locale, { path: ctx.path, category: slug, page });
  if (!listing) notFound();
  const own = await renderedPage(ctx.locale, ctx.path);
  // The category's stored name is its heading; a page written at its address gives the text below it.
  const title = await categoryName(ctx.locale, slug);
  const description = own?.summary.description ?? "";
  return {
    messages: ctx.messages,
    head: contentHead({
      locale: ctx.locale,
      origin: ctx.origin,
      site: ctx.site,
      path: ctx.path,
      title,
      description,
      pageLabel: pageLabel(listing),
      feed: { path: `/${slug}`, title: await listingFeedTitle(ctx.locale, { category: slug }) },
    }),
    view: {
      kind: "category",
      title,
      description,
      html: own?.html ?? "",
      groups: listing.groups,
      total: listing.total,
      pagination: listing.pagination,
    },
  };
}

// ── Tags ────────────────────────────────────────────────────────────────────

/**
 * One address per page: any other spelling of `path` (another case, lower-case hex digits, a decomposed
 * form, a trailing slash) redirects to it, keeping the locale prefix as written and the query. So links, the
 * sitemap and the document cache only ever meet the one spelling.
 */
function requireAddress(ctx: Context, path: string): void {
  const { prefix } = parseLocalizedPath(ctx.url.pathname);
  const address = (prefix ? `/${prefix}` : "") + path;
  if (ctx.url.pathname === address) return;
  const target = redirectTarget(address + ctx.url.search);
  if (!target) notFound();
  throw redirect(target, 301);
}


export interface TagsData {
  messages: Messages;
  head: MetaDescriptor[];
  title: string;
  description: string;
  html: string;
  /** Alphabetical in the page's language. */
  tags: TagItem[];
}

/** The tag index: every tag of the language's posts, alphabetically, with how many posts carry it. */
export async function loadTags(request: Request, url: URL) {
  const ctx = await context(request, url);
  requireAddress(ctx, TAGS_PATH);
  // A page written at /tags gives the index its title and text, as /logs does for the archive.
  const own = await renderedPage(ctx.locale, TAGS_PATH);
  const t = serverT(ctx.locale);
  const title = own?.summary.title ?? t("content.tags.title");
  const description = own?.summary.description || t("content.tags.description");
  const result: TagsData = {
    messages: ctx.messages,
    head: contentHead({ locale: ctx.locale, origin: ctx.origin, site: ctx.site, path: TAGS_PATH, title, description }),
    title,
    description,
    html: own?.html ?? "",
    tags: (await localeTags(ctx.locale)).map((tag) => ({
      url: localizePath(tag.path, ctx.locale),
      label: tag.name,
      count: postCount(tag.posts.length, ctx.locale),
    })),
  };
  return data(result, cacheableDocumentAt(ctx.url));
}

export interface TagData {
  messages: Messages;
  head: MetaDescriptor[];
  /** The tag as its posts write it. */
  tag: string;
  /** "Tag: {tag}" */
  title: string;
  groups: YearGroup[];
  total: string;
  pagination: ListingView["pagination"];
  /** The languages with a page for this tag at the same address. */
  locales: Locale[];
}

/**
 * A tag's page: the language's posts carrying it, newest first, by pages (`page`, read from the query by the
 * route); 404 when no post carries it.
 */
export async function loadTag(request: Request, url: URL, page: number) {
  const ctx = await context(request, url);
  const written = tagOfPath(ctx.path);
  const tag = written === undefined ? undefined : await findTag(ctx.locale, written);
  if (!tag) notFound();
  requireAddress(ctx, tag.path);
  const listing = await postListing(ctx.locale, { path: tag.path, tag: tag.name, page });
  if (!listing) notFound();
  // The other language is an alternate only where its posts carry the tag under the same address.
  const twin = await findTag(otherLocale(ctx.locale), tag.name);
  const tagLocales = locales.filter((locale) => locale === ctx.locale || twin?.path === tag.path);
  const t = serverT(ctx.locale);
  const title = t("content.tags.heading", { tag: tag.name });
  const result: TagData = {
    messages: ctx.messages,
    head: contentHead({
      locale: ctx.locale,
      origin: ctx.origin,
      site: ctx.site,
      path: tag.path,
      locales: tagLocales,
      title,
      description: t("content.tags.pageDescription", { tag: tag.name }),
      pageLabel: pageLabel(listing),
      feed: { path: tag.path, title: await listingFeedTitle(ctx.locale, { tag: tag.name }) },
    }),
    tag: tag.name,
    title,
    groups: listing.groups,
    total: postCount(tag.posts.length, ctx.locale),
    pagination: listing.pagination,
    locales: tagLocales,
  };
  return data(result, cacheableDocumentAt(ctx.url, { page: pageParam(page) }));
}

// ── A private preview ───────────────────────────────────────────────────────

/**
 * A page that is not public yet, as it will look: its text (a content file) through the same renderer and view
 * as a published page. Never kept and never indexed: `Cache-Control: private, no-store`, `X-Robots-Tag` and the
 * robots meta say so, and no referrer carries the link's address to the sites its page links to.
 */
export async function loadPreview(
  request: Request,
  url: URL,
  preview: { locale: Locale; path: string; text: string },
) {
  const ctx = await context(request, url);
  let parsed: ReturnType<typeof parseContentFile>;
  try {
    parsed = parseContentFile(preview.text);
  } catch (error) {
    if (error instanceof ContentParseError) notFound();
    throw error;
  }
  const summary = {
    ...summaryFields({ locale: preview.locale, path: preview.path, frontMatter: parsed.frontMatter }),
    updatedAt: Date.now(),
  };
  const page = await renderBody(summary, parsed.body).catch((error: unknown) => {
    if (!(error instanceof WorkRefused)) throw error;
    throw data({ message: serverT(ctx.locale)(error.key, error.vars) }, { status: error.status, headers: error.headers });
  });
  // Nobody can comment on a page that is not public: the preview shows no comments section.
  const view = { ...(await articleView(page)), comments: false };
  const result: PageData = {
    messages: ctx.messages,
    head: [
      { title: serverT(ctx.locale)("content.preview.title", { title: summary.title, site: ctx.site.name }) },
      { name: "robots", content: "noindex, nofollow" },
      { name: "referrer", content: "no-referrer" },
      ...viewPreloads("article"),
    ],
    view,
    locales: [preview.locale],
  };
  return data(result, { headers: PREVIEW_HEADERS });
}

/** What every preview answer (and a link that opens nothing) carries. */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};
