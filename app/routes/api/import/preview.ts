import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { planImport, previewOf } from "~/import/plan.server";
import { importChoicesSchema } from "~/import/schema";
import { uploadedExport } from "~/import/uploads.server";
import { json } from "~/lib/http.server";

/** POST /api/import/preview { uploadId, locales }: the preview again, with the languages the writer chose. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { uploadId, locales } = await ctx.body(importChoicesSchema);
      const db = await getDb();
      const site = await uploadedExport(db, ctx.user.id, uploadId);
      return json({
        preview: previewOf(
          await planImport(db, site, { locales, mayAddCategories: ctx.user.permissions.includes("settings.edit") }),
        ),
      });
    },
  },
  { needs: "builds.push", failure: "import.error.previewFailed" },
);
export const action = loader;
