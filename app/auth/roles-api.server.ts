import { getDb } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import type { ApiHandler } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { requireApiPermission } from "./current-user.server";
import { changeUserRoles, type RoleChange } from "./roles.server";
import { userRolesSchema } from "./schema";

/**
 * The handler of the calls that change an account's roles (add-user, remove-user, set-user): they differ only
 * in the change and its message. Needs users.manage; the service refuses escalation and the last manager's loss.
 */
export function userRolesCall(change: RoleChange, success: MessageKey): ApiHandler {
  return async (ctx) => {
    const actor = await requireApiPermission(ctx, "users.manage", "manage.forbiddenManage");
    const changes = await changeUserRoles(await getDb(), actor, await ctx.body(userRolesSchema), change);
    return json({ message: ctx.t(success), ...changes });
  };
}
