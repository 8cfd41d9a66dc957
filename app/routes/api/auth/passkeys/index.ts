import { addPasskeyFactor, removePasskeyFactor } from "~/auth/second-factor.server";
import { addPasskeySchema, removePasskeySchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { secondFactorRequiredOf } from "~/edge/second-factor-requirement.server";
import { json } from "~/lib/http.server";

/**
 * The caller's passkeys. POST { name, response }: adds one (the answer to a "register" challenge); the
 * account's first factor brings its recovery codes, in the answer this once. DELETE { id }: removes one (not the last factor while the owner requires one). Both
 * need recent proof, the second factor included.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { name, response } = await ctx.body(addPasskeySchema);
      const db = await getDb();
      const recoveryCodes = await addPasskeyFactor(db, ctx.user, name, response, ctx.request);
      return json({ message: ctx.t("auth.passkey.added"), recoveryCodes }, 201);
    },
    DELETE: async (ctx) => {
      const { id } = await ctx.body(removePasskeySchema);
      await removePasskeyFactor(await getDb(), ctx.user, id, { keepOne: await secondFactorRequiredOf(ctx.user) });
      return json({ message: ctx.t("auth.passkey.removed") });
    },
  },
  { needs: "user", failure: "auth.passkey.failed" },
);
export const action = loader;
