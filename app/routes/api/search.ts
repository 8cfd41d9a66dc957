import { searchQuery } from "~/content/schema";
import { searchContent } from "~/content/search.server";
import { localizePath } from "~/i18n/locales";
import { apiRoute, type ApiContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/search?q=&locale=&limit= — pages matching the words, best first, with highlighted excerpts. */
async function search(ctx: ApiContext): Promise<Response> {
  const query = ctx.query(searchQuery);
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

export const loader = apiRoute({ GET: search });
export const action = loader;
