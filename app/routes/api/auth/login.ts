import { login } from "~/auth/account.server";
import { signedInAnswer } from "./signed-in.server";
import { loginSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";

/** POST /api/auth/login { userName, password, pub?, deviceName? }: a new session (this browser's previous one ends). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      return signedInAnswer(
        ctx,
        db,
        await login(db, await ctx.body(loginSchema), ctx.request, ctx),
        "auth.loginSuccess",
      );
    },
  },
  { failure: "auth.loginFailed" },
);
export const action = loader;
