import { importFromRemote } from "~/builds/import.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/builds/import: pages changed on the remote host come into the open build for review. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const report = await importFromRemote(await getDb(), ctx.user, ctx.locale);
      const outcome = report.imported
        ? ctx.t("builds.imported", { count: String(report.imported) })
        : ctx.t("builds.importedNone");
      // Files left out are named: an invalid page, one the open build changes, or a text the site cannot render.
      const skipped = report.skipped.length
        ? ctx.t("builds.importSkipped", { files: report.skipped.map((file) => file.path).join(", ") })
        : "";
      return json({ message: [outcome, skipped].filter(Boolean).join(" "), ...report });
    },
  },
  { needs: "builds.push", failure: "builds.importFailed" },
);
export const action = loader;
