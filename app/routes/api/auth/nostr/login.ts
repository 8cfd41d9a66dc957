import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { signedChallengeSchema } from "~/nostr/schema";
import { signInWithNostr } from "~/nostr/sign-in.server";
import { signedInAnswer } from "../signed-in.server";

/** POST /api/auth/nostr/login { event }: signs in the member whose linked key signed the challenge. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const { event } = await ctx.body(signedChallengeSchema);
      const signedIn = await signInWithNostr(db, event, ctx.request, ctx);
      return signedInAnswer(ctx, db, signedIn, "nostr.signin.done");
    },
  },
  { failure: "auth.loginFailed" },
);
export const action = loader;
