/** The content calls: one page, a query over posts, and site search. Routes wrap these in `apiRoute`. */
import { parseBody, type ApiContext } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { getAppConfig } from "~/settings/app-config.server";
import { queryPosts, type PageSummary } from "./catalog.server";
import { getRenderedPage } from "./render.server";
import { postsQuery, searchParamsObject, searchQuery, singleQuery } from "./schema";
import { searchContent } from "./search.server";

function summaryJson(page: PageSummary) {
  return {
    locale: page.locale,
    path: page.path,
    url: localizePath(page.path, page.locale),
    title: page.title,
    description: page.description,
    date: page.date,
    category: page.category,
    tags: page.tags,
    thumbnail: page.thumbnail,
    author: page.author,
    intro: page.intro,
    updatedAt: new Date(page.updatedAt).toISOString(),
  };
}

/** "notes/x/" → "/notes/x"; a locale prefix is read off. */
function resolvePath(raw: string) {
  const cleaned = `/${raw.trim().replace(/^\/+/, "").replace(/\/+$/, "")}`;
  const [pathname] = cleaned.split(/[?#]/);
  return parseLocalizedPath(pathname ?? "/");
}

/** GET /api/content/single?path=&locale= — the page with its front matter, rendered HTML and TOC. */
export async function contentSingle(ctx: ApiContext): Promise<Response> {
  const params = searchParamsObject(new URL(ctx.request.url));
  if (!params.path?.trim()) return jsonError(400, ctx.t("content.api.pathRequired"));
  const query = parseBody(ctx, singleQuery, params);
  const resolved = resolvePath(query.path);
  const locale = resolved.prefix || query.locale || resolved.locale;
  const page = await getRenderedPage(locale, resolved.path);
  if (!page) return jsonError(404, ctx.t("api.notFound"));
  const { summary } = page;
  return json({
    locale,
    path: summary.path,
    url: localizePath(summary.path, locale),
    frontMatter: {
      title: summary.title,
      description: summary.description,
      date: summary.date,
      category: summary.category,
      tags: summary.tags,
      thumbnail: summary.thumbnail,
      author: summary.author,
      toc: summary.toc,
      comments: summary.comments,
      draft: false,
      intro: summary.intro,
    },
    html: page.html,
    toc: page.toc,
    readingMinutes: page.readingMinutes,
    words: page.words,
    updatedAt: new Date(summary.updatedAt).toISOString(),
  });
}

/** GET /api/content/query?locale=&category=&intro=&sort=&limit=&offset= — published posts. */
export async function contentQuery(ctx: ApiContext): Promise<Response> {
  const query = parseBody(ctx, postsQuery, searchParamsObject(new URL(ctx.request.url)));
  if (query.category !== undefined && !(await getAppConfig()).categories.includes(query.category)) {
    return jsonError(400, ctx.t("content.api.invalidCategory"), [
      { path: "category", message: ctx.t("content.api.invalidCategory") },
    ]);
  }
  const result = await queryPosts(query);
  return json({ locale: query.locale, total: result.total, items: result.items.map(summaryJson) });
}

/** GET /api/search?q=&locale=&limit= — pages matching the words, best first, with highlighted excerpts. */
export async function searchCall(ctx: ApiContext): Promise<Response> {
  const query = parseBody(ctx, searchQuery, searchParamsObject(new URL(ctx.request.url)));
  const results = await searchContent(query.q, query.locale, query.limit);
  return json({
    query: query.q,
    locale: query.locale,
    results: results.map((result) => ({
      path: result.path,
      url: localizePath(result.path, query.locale) + (result.section ? `#${result.section.anchor}` : ""),
      title: result.title,
      section: result.section?.heading ?? null,
      excerpt: result.excerpt,
    })),
  });
}
