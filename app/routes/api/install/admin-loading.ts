import { createSession } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { handleInstallApi, methodNotAllowed } from "~/install/api.server";
import { createFirstAdmin } from "~/install/install.server";
import { adminPayloadSchema } from "~/install/schema";
import { parseBody, readJson } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { requestInfoContext } from "~/request-context";
import type { Route } from "./+types/admin-loading";

export const loader = methodNotAllowed;

/** POST { firstName, lastName, about, userName, password, pub }: the first administrator, signed in. */
export function action({ request, context }: Route.ActionArgs) {
  return handleInstallApi(request, async (ctx) => {
    const input = parseBody(ctx, adminPayloadSchema, await readJson(ctx));
    const user = await createFirstAdmin(input);
    const { cookie } = await createSession(await getDb(), user.id, request, { ip: context.get(requestInfoContext).ip });
    return json(
      {
        message: ctx.t("install.toast.adminCreated"),
        user: { id: user.id, userName: user.userName, displayName: user.displayName },
      },
      { status: 201, headers: { "Set-Cookie": cookie } },
    );
  });
}
