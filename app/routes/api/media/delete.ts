import { deleteMedia } from "~/builds/media.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { deleteMediaSchema } from "~/media/schema";

/**
 * POST /api/media/delete { file }: deletes an image no page uses (commit.create, as uploading). A published
 * one is deleted by a commit of the open build; one only in the open build leaves it at once. 409 naming a page
 * that uses it.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { file } = await ctx.body(deleteMediaSchema);
      const result = await deleteMedia(await getDb(), ctx.user, file, ctx.locale);
      return json({ message: ctx.t(result.pending ? "media.delete.done" : "media.delete.doneNow"), ...result });
    },
  },
  { needs: "commit.create", failure: "media.delete.failed" },
);
export const action = loader;
