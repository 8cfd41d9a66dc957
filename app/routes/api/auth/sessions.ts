import { removeKeysExcept } from "~/auth/account-keys.server";
import { endSessionsSchema } from "~/auth/schema";
import { destroyOtherSessions } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { writeTransaction } from "~/db/transaction.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * DELETE /api/auth/sessions { keep }: signs the account out of every other browser and removes its keys (browser
 * keys, the linked key) but those in `keep`.
 */
export const loader = apiRoute(
  {
    DELETE: async (ctx) => {
      const { keep } = await ctx.body(endSessionsSchema);
      await writeTransaction(await getDb(), async (tx) => {
        await destroyOtherSessions(tx, ctx.user.id, ctx.user.sessionId);
        await removeKeysExcept(tx, ctx.user.id, keep);
      });
      return json({ message: ctx.t("auth.otherSessionsEnded") });
    },
  },
  { needs: "user" },
);
export const action = loader;
