import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { beginImport } from "~/import/apply.server";
import { keptMediaZip } from "~/import/media-uploads.server";
import { planImport } from "~/import/plan.server";
import { importChoicesSchema } from "~/import/schema";
import { dropUpload, keptUpload, uploadedExport } from "~/import/uploads.server";
import { json } from "~/lib/http.server";

/** How long the call waits for the import to end before it answers that it goes on (202). */
const WAIT_MS = 20_000;

/**
 * POST /api/import/run { uploadId, locales }: imports the export sent as one build (see app/import/apply.server.ts),
 * its images from the uploads zip sent with it (POST /api/import/media), when there is one. A small import is
 * answered when it is done, with the report (the old addresses that will lead to their pages once the build is
 * published, and those that cannot); a large one goes on by itself, answered 202 with its run, and is followed with
 * GET /api/import/progress (from any instance) to its report or its failure: a call kept waiting for minutes would
 * be cut by a proxy, or by the server's idle bound.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { uploadId, locales } = await ctx.body(importChoicesSchema);
      const db = await getDb();
      await keptUpload(db, ctx.user.id, uploadId);
      const media = await keptMediaZip(uploadId);
      // The export is read again in the run (it may take longer than a call should wait without a word).
      const plan = async () =>
        planImport(db, await uploadedExport(db, ctx.user.id, uploadId), {
          locales,
          mayAddCategories: ctx.user.permissions.includes("settings.edit"),
        });
      let started;
      try {
        started = await beginImport(db, plan, { userId: ctx.user.id, locale: ctx.locale, media });
      } catch (error) {
        media?.close();
        throw error;
      }
      const { runId, finished } = started;
      // Whoever waits or not, the export and its zip go once imported; a failure is recorded in the run.
      const after = finished.then(() => dropUpload(db, ctx.user.id, uploadId)).finally(() => media?.close());
      after.catch(() => {});
      let timer: ReturnType<typeof setTimeout> | undefined;
      const report = await Promise.race([
        finished,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
      if (report === null) return json({ runId, message: ctx.t("import.apply.goesOn") }, 202);
      await after;
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
