import { login } from "~/auth/account.server";
import { accountOf } from "~/auth/current-user.server";
import { loginSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/login: a new session (any previous one of this browser ends). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const { user, cookie } = await login(db, await ctx.body(loginSchema), ctx.request, ctx);
      return json(
        { message: ctx.t("auth.loginSuccess"), user: await accountOf(db, user.id) },
        { headers: { "Set-Cookie": cookie } },
      );
    },
  },
  { failure: "auth.loginFailed" },
);
export const action = loader;
