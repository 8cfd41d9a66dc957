import { importFromRemote } from "~/builds/import.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** POST /api/builds/import: pages changed on the remote host come into the open build for review. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const report = await importFromRemote(await getDb(), ctx.user, ctx.locale);
      const message = report.imported
        ? ctx.t("builds.imported", { count: String(report.imported) })
        : ctx.t("builds.importedNone");
      return json({ message, ...report });
    },
  },
  { needs: "builds.push", failure: "builds.importFailed" },
);
export const action = loader;
