import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { applyImport } from "~/import/apply.server";
import { keptMediaZip } from "~/import/media-uploads.server";
import { planImport } from "~/import/plan.server";
import { importChoicesSchema } from "~/import/schema";
import { dropUpload, uploadedExport } from "~/import/uploads.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/import/run { uploadId, locales }: imports the export sent as one build (see app/import/apply.server.ts),
 * its images from the uploads zip sent with it (POST /api/import/media), when there is one;
 * answers when it is done with the report (the old addresses that will lead to their pages once the build is
 * published, and those that cannot). Its progress meanwhile is
 * GET /api/import/progress, from any instance.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { uploadId, locales } = await ctx.body(importChoicesSchema);
      const db = await getDb();
      const site = await uploadedExport(db, ctx.user.id, uploadId);
      const plan = await planImport(db, site, {
        locales,
        mayAddCategories: ctx.user.permissions.includes("settings.edit"),
      });
      const media = await keptMediaZip(uploadId);
      let report;
      try {
        report = await applyImport(db, plan, { userId: ctx.user.id, locale: ctx.locale, media });
      } finally {
        media?.close();
      }
      await dropUpload(db, ctx.user.id, uploadId);
      const message =
        report.runId === null
          ? ctx.t("import.apply.nothingToDo")
          : ctx.t("import.apply.done", { pages: report.pages, comments: report.comments, images: report.images });
      return json({ message, report });
    },
  },
  { needs: "builds.push", failure: "import.error.importFailed" },
);
export const action = loader;
