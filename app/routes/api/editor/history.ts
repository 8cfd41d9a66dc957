import { pageHistory, versionTexts } from "~/builds/page-history.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { restoreVersion } from "~/editor/restore-version.server";
import { historyQuery, restoreSchema } from "~/editor/schema";
import { json } from "~/lib/http.server";

/**
 * GET /api/editor/history?locale=&path=: the page's versions, newest first, a page at a time (`before`); with
 * `version=` (and `against=previous|current`) the two texts that version's diff compares.
 * POST /api/editor/history { locale, path, version, baseHash }: that version restored as a change in the open
 * build; 409 when the page changed since `baseHash`.
 * Whoever may open the editor (commit.create, which opens drafts too) may read and restore a page's history.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { locale, path, before, version, against } = ctx.query(historyQuery);
      const db = await getDb();
      if (version) return json(await versionTexts(db, { locale, path }, version, against));
      return json(await pageHistory(db, { locale, path }, { before: before || undefined }));
    },
    POST: async (ctx) => {
      const restored = await restoreVersion(await getDb(), ctx.user, await ctx.body(restoreSchema), ctx.locale);
      return json({ message: ctx.t("editor.history.restored"), ...restored }, 201);
    },
  },
  { needs: "commit.create", failure: "editor.history.failed" },
);
export const action = loader;
