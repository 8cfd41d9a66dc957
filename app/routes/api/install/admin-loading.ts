import { createSession } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { createFirstAdmin } from "~/install/install.server";
import { adminPayloadSchema } from "~/install/schema";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** POST { firstName, lastName, about, userName, password, pub }: the first administrator, signed in. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const user = await createFirstAdmin(await ctx.body(adminPayloadSchema));
      const { cookie } = await createSession(await getDb(), user.id, ctx.request, ctx);
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
