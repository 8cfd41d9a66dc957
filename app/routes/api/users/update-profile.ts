import { updateProfile } from "~/auth/account.server";
import { accountOf, requireApiUser } from "~/auth/current-user.server";
import { updateProfileSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/users/update-profile: the caller's own first name, last name and about. */
const route = apiRoute(
  {
    PUT: async (ctx) => {
      const user = await requireApiUser(ctx);
      const input = parseBody(ctx, updateProfileSchema, await readJson(ctx));
      const db = await getDb();
      await updateProfile(db, user.id, input);
      return json({ message: ctx.t("auth.profileUpdated"), user: await accountOf(db, user.id) });
    },
  },
  { failure: "auth.updateProfileFailed" },
);
export const loader = route.loader;
export const action = route.action;
