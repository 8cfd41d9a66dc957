import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { removeAvatar, setAvatar } from "~/media/avatars.server";

/**
 * PUT /api/users/avatar: the caller's profile picture, its bytes as the body (cropped to a square by the
 * browser; checked and re-encoded here). DELETE /api/users/avatar: removes it.
 */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const bytes = new Uint8Array(await ctx.request.arrayBuffer());
      const avatar = await setAvatar(await getDb(), ctx.user.id, bytes);
      return json({ message: ctx.t("media.avatar.saved"), avatar });
    },
    DELETE: async (ctx) => {
      await removeAvatar(await getDb(), ctx.user.id);
      return json({ message: ctx.t("media.avatar.removed"), avatar: null });
    },
  },
  { needs: "user", failure: "media.avatar.failed" },
);
export const action = loader;
