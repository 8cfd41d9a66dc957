import { requireKeyProof } from "~/keys/key-proof.server";
import { createSession } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { createFirstAdmin } from "~/install/install.server";
import { adminPayloadSchema } from "~/install/schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST { firstName, lastName, about, userName, password, pub?, proof? }: the first administrator, signed in. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const input = await ctx.body(adminPayloadSchema);
      // The browser's key becomes the administrator's only with proof that the browser holds it.
      if (input.pub) requireKeyProof(input.proof, { pub: input.pub, request: ctx.request, action: "install" });
      const user = await createFirstAdmin(input);
      const { cookie } = await createSession(await getDb(), user.id, ctx.request, ctx, { withPassword: true });
      const { id, userName, displayName } = user;
      return json(
        { message: ctx.t("install.toast.adminCreated"), user: { id, userName, displayName } },
        { status: 201, headers: { "Set-Cookie": cookie } },
      );
    },
  },
  { gate: "installer" },
);
export const action = loader;
