import { changePassword } from "~/auth/account.server";
import { requireApiUser } from "~/auth/current-user.server";
import { changePasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/auth/change-password: every other session of the account ends. */
const route = apiRoute(
  {
    PUT: async (ctx) => {
      const user = await requireApiUser(ctx);
      const input = parseBody(ctx, changePasswordSchema, await readJson(ctx));
      await changePassword(await getDb(), user, input);
      return json({ message: ctx.t("auth.passwordChanged") });
    },
  },
  { failure: "auth.changePasswordFailed" },
);
export const loader = route.loader;
export const action = route.action;
