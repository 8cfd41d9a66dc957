import { authorize } from "~/auth/current-user.server";
import { authenticationOptions, registrationOptions } from "~/auth/passkeys.server";
import { readPendingSignIn } from "~/auth/pending-sign-in.server";
import { requireRecentProof } from "~/auth/recent-proof.server";
import { passkeyOptionsSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig } from "~/settings/app-config.server";

/**
 * POST /api/auth/passkeys/options { purpose }: a WebAuthn challenge (taken once, within two minutes) and its
 * options. "register" (adding a passkey) and "confirm" need a session, "register" recent proof too;
 * "second-step" needs a pending sign-in; "sign-in" is open to anyone, counted per address; the others per account.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const { purpose } = await ctx.body(passkeyOptionsSchema);
      const address = ctx.ip ?? "unknown";
      if (purpose === "register") {
        const user = await authorize(ctx.request, "user");
        await requireRecentProof(db, user);
        const site = (await getAppConfig()).siteName[ctx.locale];
        return json({ options: await registrationOptions(db, user, ctx.request, site) });
      }
      if (purpose === "confirm") {
        const user = await authorize(ctx.request, "user");
        return json({ options: await authenticationOptions(db, ctx.request, purpose, user.id, address) });
      }
      if (purpose === "second-step") {
        const pending = await readPendingSignIn(db, ctx.request);
        if (!pending) throw new ServiceError(401, "auth.secondStep.expired");
        return json({ options: await authenticationOptions(db, ctx.request, purpose, pending.userId, address) });
      }
      return json({ options: await authenticationOptions(db, ctx.request, purpose, null, address) });
    },
  },
  { failure: "auth.passkey.failed" },
);
export const action = loader;
