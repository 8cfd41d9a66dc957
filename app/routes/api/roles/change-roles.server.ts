import { changeUserRoles, type RoleChange } from "~/auth/roles.server";
import { userRolesSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import type { ApiHandler, SignedInContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * The handler of the calls that change an account's roles (add-user, remove-user, set-user), which differ only
 * in the change and its message. Their routes need users.manage; the service refuses escalation and the loss
 * of the last manager.
 */
export function userRolesCall(change: RoleChange, success: MessageKey): ApiHandler<SignedInContext> {
  return async (ctx) => {
    const changes = await changeUserRoles(await getDb(), ctx.user, await ctx.body(userRolesSchema), change);
    return json({ message: ctx.t(success), ...changes });
  };
}
