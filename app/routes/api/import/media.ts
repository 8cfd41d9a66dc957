import { Readable } from "node:stream";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { saveMediaZip } from "~/import/media-uploads.server";
import { importMediaQuery } from "~/import/schema";
import { json } from "~/lib/http.server";

/**
 * POST /api/import/media?uploadId=: the old site's uploads as a zip (the body, streamed to the disk, bounded and
 * checked), kept for the export `uploadId` until it is imported; 201 with how many files it holds.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { uploadId } = ctx.query(importMediaQuery);
      const body = ctx.request.body ? Readable.fromWeb(ctx.request.body as never) : null;
      return json(await saveMediaZip(await getDb(), ctx.user.id, uploadId, body), 201);
    },
  },
  { needs: "builds.push", failure: "import.error.mediaUploadFailed" },
);
export const action = loader;
