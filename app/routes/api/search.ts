import { searchQuery } from "~/content/schema";
import { searchContentAsMeant } from "~/content/search.server";
import type { SearchResponse } from "~/content/view-types";
import { localizePath } from "~/i18n/locales";
import { apiRoute, type ApiContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * GET /api/search?q=&locale=&limit=&exact= — pages matching the words, best first, with highlighted excerpts. A
 * query typed in the other keyboard layout is searched as meant, unless exact=1.
 */
async function search(ctx: ApiContext): Promise<Response> {
  const query = ctx.query(searchQuery);
  const answer = await searchContentAsMeant(query.q, query.locale, query.limit, query.exact === "1");
  const exactly = new URLSearchParams({ q: query.q, locale: query.locale, limit: String(query.limit), exact: "1" });
  const body: SearchResponse = {
    query: query.q,
    locale: query.locale,
    results: answer.results.map((result) => ({
      path: result.path,
      url: localizePath(result.path, query.locale) + (result.section ? `#${result.section.anchor}` : ""),
      title: result.title,
      section: result.section?.heading ?? null,
      excerpt: result.excerpt,
    })),
    showing: answer.showing ?? null,
    searchExactly: answer.showing ? `/api/search?${exactly}` : null,
  };
  return json(body);
}

export const loader = apiRoute({ GET: search });
export const action = loader;
