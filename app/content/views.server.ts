/**
 * View models for the content routes: the catalog and rendered pages turned into what the components show,
 * formatted for the locale on the server (Jalali dates and Persian digits in fa).
 */
import { serverT } from "~/i18n/catalogs.server";
import { asciiDigits, formatDate, formatNumber, formatYear } from "~/i18n/format";
import { localizePath, type Locale } from "~/i18n/locales";
import { adjacentPosts, findTag, queryPosts, type PageSummary } from "./catalog.server";
import { mediaImage, mediaPicture } from "~/media/published.server";
import { imageSize } from "./images.server";
import { getAppConfig } from "~/settings/app-config.server";
import { findCategory } from "~/settings/app-config";
import { imageHtml } from "./markdown/pictures";
import type { RenderedPage } from "./render.server";
import type {
  ArticleView,
  DateView,
  LinkItem,
  PaginationView,
  PostCard,
  TagLink,
  ThumbnailView,
  YearGroup,
} from "./view-types";

/** Posts per page in the logs archive, on category pages and on tag pages. */
export const POSTS_PER_PAGE = 8;
/** Posts listed under "Latest posts" on the home page. */
export const HOME_LATEST = 6;

/** "1 post", "3 posts" (a listing's total, a tag's posts). */
export function postCount(count: number, locale: Locale): string {
  const t = serverT(locale);
  return t(count === 1 ? "content.postCount.one" : "content.postCount.other", { count: formatNumber(count, locale) });
}

export function dateView(date: string, locale: Locale): DateView {
  return { iso: date, label: formatDate(date, locale) };
}

/**
 * A category's name in a language, as the categories page stores it (the one name of the category everywhere:
 * menus, post cards, its own page's heading); the slug for a category that no longer exists.
 */
export async function categoryName(locale: Locale, slug: string): Promise<string> {
  return findCategory(await getAppConfig(), slug)?.name[locale] ?? slug;
}

/** The link to a category's page; none for a post whose category does not exist (anymore). */
export async function categoryLink(locale: Locale, slug: string | null): Promise<LinkItem | null> {
  const category = slug ? findCategory(await getAppConfig(), slug) : undefined;
  if (!category) return null;
  return { url: localizePath(`/${category.slug}`, locale), label: category.name[locale] };
}

/** The home page's featured card: its picture beside the text from tablets up, above it on phones. */
const FEATURED_SIZES = "(min-width: 40rem) 36rem, calc(100vw - 2rem)";

async function featuredThumbnail(src: string | null): Promise<ThumbnailView | null> {
  if (!src) return null;
  const image = await mediaImage(src);
  const size = image ?? (await imageSize(src));
  const html = imageHtml(
    { src, width: size?.width, height: size?.height, picture: image ? mediaPicture(image) : undefined },
    { className: "h-auto w-full object-cover sm:h-full", sizes: FEATURED_SIZES },
  );
  return { html };
}

/** A post as a card; `featured` (the home page's introduction) also shows its picture. */
export async function postCard(post: PageSummary, { featured = false } = {}): Promise<PostCard> {
  return {
    url: localizePath(post.path, post.locale),
    title: post.title,
    description: post.description,
    date: dateView(post.date ?? "", post.locale),
    category: await categoryLink(post.locale, post.category),
    thumbnail: featured ? await featuredThumbnail(post.thumbnail) : null,
  };
}

/** Consecutive posts grouped under their year in the locale's calendar (a Jalali year in fa). */
export async function groupByYear(posts: PageSummary[], locale: Locale): Promise<YearGroup[]> {
  const groups: YearGroup[] = [];
  for (const post of posts) {
    const year = post.date ? formatYear(new Date(post.date), locale) : "";
    const card = await postCard(post);
    const last = groups.at(-1);
    if (last?.year === year) last.posts.push(card);
    else groups.push({ year, posts: [card] });
  }
  return groups;
}

export function readingTimeLabel(minutes: number, locale: Locale): string {
  return serverT(locale)("content.post.readingTime", { minutes: formatNumber(minutes, locale) });
}

/** A page's tags as written, each linked to its tag page (under the tag's own spelling of the address). */
async function tagLinks(locale: Locale, tags: readonly string[]): Promise<TagLink[]> {
  return Promise.all(
    tags.map(async (tag) => {
      const found = await findTag(locale, tag);
      return { label: tag, url: found ? localizePath(found.path, locale) : null };
    }),
  );
}

function linkTo(post: PageSummary | undefined): LinkItem | null {
  return post ? { url: localizePath(post.path, post.locale), label: post.title } : null;
}

/** A page's thumbnail with what is known of it: its size, its variants and share image when it is published media. */
export function thumbnailImage(page: RenderedPage) {
  const src = page.summary.thumbnail;
  if (!src) return null;
  return {
    src,
    width: page.thumbnailSize?.width,
    height: page.thumbnailSize?.height,
    picture: page.thumbnailPicture,
    share: page.thumbnailShare,
  };
}

/** A post (a dated page) or a plain page, ready to show. */
export async function articleView(page: RenderedPage): Promise<ArticleView> {
  const { summary } = page;
  const locale = summary.locale;
  const isPost = summary.date !== null;
  const adjacent = isPost ? await adjacentPosts(locale, summary.path) : { newer: undefined, older: undefined };
  const image = thumbnailImage(page);
  const thumbnail = image
    ? { html: imageHtml(image, { className: "mt-8 h-auto w-full rounded-xl border dark:brightness-90" }) }
    : null;
  return {
    kind: isPost ? "post" : "page",
    title: summary.title,
    description: summary.description,
    html: page.html,
    toc: summary.toc ? page.toc : [],
    author: summary.author,
    date: summary.date ? dateView(summary.date, locale) : null,
    readingTime: isPost ? readingTimeLabel(page.readingMinutes, locale) : null,
    category: await categoryLink(locale, summary.category),
    tags: await tagLinks(locale, summary.tags),
    thumbnail,
    comments: summary.comments,
    commentCount: 0,
    path: localizePath(summary.path, locale),
    newer: linkTo(adjacent.newer),
    older: linkTo(adjacent.older),
  };
}

/**
 * `?page=` as a page number: absent is 1; Persian and Arabic-Indic digits are read too; anything else
 * (zero, negatives, words) is undefined, which the routes answer with 404.
 */
export function parsePageNumber(value: string | null): number | undefined {
  if (value === null) return 1;
  const digits = asciiDigits(value.trim());
  if (!/^\d{1,6}$/.test(digits)) return undefined;
  const page = Number(digits);
  return page >= 1 ? page : undefined;
}

/** Links to every page of a listing; query parameters other than `page` are kept. */
export function paginationView(
  locale: Locale,
  path: string,
  params: Record<string, string>,
  page: number,
  pages: number,
): PaginationView | null {
  if (pages <= 1) return null;
  const url = (n: number) => {
    const query = new URLSearchParams(params);
    if (n > 1) query.set("page", String(n));
    const search = query.toString();
    return localizePath(path, locale) + (search ? `?${search}` : "");
  };
  const t = serverT(locale);
  return {
    label: t("content.pagination.status", { page: formatNumber(page, locale), pages: formatNumber(pages, locale) }),
    previous: page > 1 ? url(page - 1) : null,
    next: page < pages ? url(page + 1) : null,
    pages: Array.from({ length: pages }, (_, i) => ({
      url: url(i + 1),
      label: formatNumber(i + 1, locale),
      current: i + 1 === page,
    })),
  };
}

export interface PostListing {
  groups: YearGroup[];
  total: string;
  pagination: PaginationView | null;
  page: number;
  pages: number;
}

/**
 * One page of posts, newest first, optionally of one category or one tag; undefined when the page number is
 * past the end (an empty listing still has its first page).
 */
export async function postListing(
  locale: Locale,
  options: { path: string; category?: string; tag?: string; page: number; params?: Record<string, string> },
): Promise<PostListing | undefined> {
  const { items, total } = await queryPosts({
    locale,
    category: options.category,
    tag: options.tag,
    limit: POSTS_PER_PAGE,
    offset: (options.page - 1) * POSTS_PER_PAGE,
  });
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  if (options.page > pages) return undefined;
  return {
    groups: await groupByYear(items, locale),
    total: postCount(total, locale),
    pagination: paginationView(locale, options.path, options.params ?? {}, options.page, pages),
    page: options.page,
    pages,
  };
}
