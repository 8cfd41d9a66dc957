import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { suggestionsQuery } from "~/editor/schema";
import { editorSuggestions } from "~/editor/suggestions.server";
import { json } from "~/lib/http.server";

/**
 * GET /api/editor/suggestions?locale=: the tags the site's posts carry in that language, with their counts, and
 * the members who may write (commit.create, as the editor itself).
 */
export const loader = apiRoute(
  { GET: async (ctx) => json(await editorSuggestions(await getDb(), ctx.query(suggestionsQuery).locale)) },
  { needs: "commit.create", forbidden: "editor.suggestions.forbidden" },
);
export const action = loader;
