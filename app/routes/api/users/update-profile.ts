import { updateProfile } from "~/auth/account.server";
import { accountOf, requireApiUser } from "~/auth/current-user.server";
import { updateProfileSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** PUT /api/users/update-profile: the caller's own first name, last name and about. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const user = await requireApiUser(ctx);
      const db = await getDb();
      await updateProfile(db, user.id, await ctx.body(updateProfileSchema));
      return json({ message: ctx.t("auth.profileUpdated"), user: await accountOf(db, user.id) });
    },
  },
  { failure: "auth.updateProfileFailed" },
);
export const action = loader;
