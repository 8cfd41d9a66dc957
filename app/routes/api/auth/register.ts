import { register } from "~/auth/account.server";
import { signedInAnswer } from "./signed-in.server";
import { registerSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";

/** POST /api/auth/register: a Member account, signed in at once. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const signedIn = await register(db, await ctx.body(registerSchema), ctx.request, ctx);
      return signedInAnswer(ctx, db, signedIn, "auth.registered", 201);
    },
  },
  { failure: "auth.registerFailed" },
);
export const action = loader;
