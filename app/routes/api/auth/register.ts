import { register } from "~/auth/account.server";
import { accountOf } from "~/auth/current-user.server";
import { registerSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/register: a Member account, logged in at once. */
const route = apiRoute(
  {
    POST: async (ctx) => {
      const input = parseBody(ctx, registerSchema, await readJson(ctx));
      const db = await getDb();
      const { user, cookie } = await register(db, input, ctx.request, ctx);
      return json(
        { message: ctx.t("auth.registered"), user: await accountOf(db, user.id) },
        { status: 201, headers: { "Set-Cookie": cookie } },
      );
    },
  },
  { failure: "auth.registerFailed" },
);
export const loader = route.loader;
export const action = route.action;
