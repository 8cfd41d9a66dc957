import { signInWithPasskey } from "~/auth/account.server";
import { passkeySignInSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { signedInAnswer } from "../signed-in.server";

/** POST /api/auth/passkeys/sign-in { passkey }: signs in with a passkey alone (both factors at once). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const { passkey } = await ctx.body(passkeySignInSchema);
      const { user, cookie } = await signInWithPasskey(db, passkey, ctx.request, ctx);
      return signedInAnswer(ctx, db, { user, cookie, secondStep: false }, "auth.loginSuccess");
    },
  },
  { failure: "auth.loginFailed" },
);
export const action = loader;
