import { register } from "~/auth/account.server";
import { accountOf } from "~/auth/current-user.server";
import { registerSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/register: a Member account, logged in at once. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const { user, cookie } = await register(db, await ctx.body(registerSchema), ctx.request, ctx);
      return json(
        { message: ctx.t("auth.registered"), user: await accountOf(db, user.id) },
        { status: 201, headers: { "Set-Cookie": cookie } },
      );
    },
  },
  { failure: "auth.registerFailed" },
);
export const action = loader;
