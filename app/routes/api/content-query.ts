import { queryPosts, type PageSummary } from "~/content/catalog.server";
import { postsQuery } from "~/content/schema";
import { localizePath } from "~/i18n/locales";
import { apiRoute, type ApiContext } from "~/edge/api-route.server";
import { json, jsonError } from "~/lib/http.server";
import { getAppConfig } from "~/settings/app-config.server";
import { findCategory } from "~/settings/app-config";

/** A post as the API lists it. */
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

/** GET /api/content/query?locale=&category=&intro=&sort=&limit=&offset= — published posts. */
async function contentQuery(ctx: ApiContext): Promise<Response> {
  const query = ctx.query(postsQuery);
  if (query.category !== undefined && !findCategory(await getAppConfig(), query.category)) {
    return jsonError(400, ctx.t("content.api.invalidCategory"), [
      { path: "category", message: ctx.t("content.api.invalidCategory") },
    ]);
  }
  const result = await queryPosts(query);
  return json({ locale: query.locale, total: result.total, items: result.items.map(summaryJson) });
}

export const loader = apiRoute({ GET: contentQuery });
export const action = loader;
