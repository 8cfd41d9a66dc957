import { Readable } from "node:stream";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { planImport, previewOf } from "~/import/plan.server";
import { importUploadQuery } from "~/import/schema";
import { saveUpload } from "~/import/uploads.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/import/upload?kind=wordpress|ghost&name=: an export file as the body (streamed to a temporary file,
 * bounded), kept for its preview and import; 201 with its id and the preview of what it would bring in.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { kind, name } = ctx.query(importUploadQuery);
      const db = await getDb();
      const body = ctx.request.body ? Readable.fromWeb(ctx.request.body as never) : null;
      const upload = await saveUpload(db, ctx.user.id, kind, name ?? "", body);
      const preview = previewOf(
        await planImport(db, upload.site, { mayAddCategories: ctx.user.permissions.includes("settings.edit") }),
      );
      return json({ uploadId: upload.id, preview }, 201);
    },
  },
  { needs: "builds.push", failure: "import.error.uploadFailed" },
);
export const action = loader;
