import { userIdSchema } from "~/auth/schema";
import { setUserDisabled } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import type { ApiHandler, SignedInContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * The handler of POST /api/users/disable and /api/users/enable, which differ only in the status they set. Their
 * routes need users.manage; the service refuses disabling oneself and the last manager.
 */
export function accountStatusCall(disabled: boolean): ApiHandler<SignedInContext> {
  return async (ctx) => {
    const { userId } = await ctx.body(userIdSchema);
    await setUserDisabled(await getDb(), ctx.user, userId, disabled);
    return json({ message: ctx.t(disabled ? "manage.userDisabled" : "manage.userEnabled") });
  };
}
