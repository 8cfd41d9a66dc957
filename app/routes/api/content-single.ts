import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { apiRoute, type ApiContext } from "~/edge/api-route.server";
import { json, jsonError } from "~/lib/http.server";
import { getRenderedPage } from "~/content/render.server";
import { singleQuery } from "~/content/schema";

/** "notes/x/" → "/notes/x"; a locale prefix is read off. */
function resolvePath(raw: string) {
  const cleaned = `/${raw.trim().replace(/^\/+/, "").replace(/\/+$/, "")}`;
  const [pathname] = cleaned.split(/[?#]/);
  return parseLocalizedPath(pathname ?? "/");
}

/** GET /api/content/single?path=&locale= — the page with its front matter, rendered HTML and TOC. */
async function contentSingle(ctx: ApiContext): Promise<Response> {
  if (!new URL(ctx.request.url).searchParams.get("path")?.trim()) {
    return jsonError(400, ctx.t("content.api.pathRequired"));
  }
  const query = ctx.query(singleQuery);
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

export const loader = apiRoute({ GET: contentSingle });
export const action = loader;
