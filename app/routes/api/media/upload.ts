import { getDb } from "~/db/client.server";
import { uploadMedia } from "~/builds/media.server";
import { uploadQuery } from "~/media/schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/media/upload?name=: an image for a page, its bytes as the body (any content type: the bytes say
 * what they are). Checked, re-encoded without metadata and added to the open build; 201 with its address.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { name } = ctx.query(uploadQuery);
      const bytes = new Uint8Array(await ctx.request.arrayBuffer());
      const uploaded = await uploadMedia(await getDb(), ctx.user, bytes, name ?? "", ctx.locale);
      return json({ message: ctx.t("media.uploaded"), ...uploaded }, uploaded.published ? 200 : 201);
    },
  },
  { needs: "commit.create", failure: "media.uploadFailed" },
);
export const action = loader;
