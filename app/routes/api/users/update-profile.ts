import { updateProfile } from "~/auth/account.server";
import { accountOf } from "~/auth/current-user.server";
import { updateProfileSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/users/update-profile { firstName, lastName, about }: the caller's own profile. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const db = await getDb();
      await updateProfile(db, ctx.user.id, await ctx.body(updateProfileSchema));
      return json({ message: ctx.t("auth.profileUpdated"), user: await accountOf(db, ctx.user.id) });
    },
  },
  { needs: "user", failure: "auth.updateProfileFailed" },
);
export const action = loader;
