/** What several account calls share: their handlers and answers are written once here. */
import { getDb, type Database } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import type { ApiContext, ApiHandler, SignedInContext } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { accountOf } from "./current-user.server";
import { changeUserRoles, type RoleChange } from "./roles.server";
import { userRolesSchema } from "./schema";
import type { UserRow } from "./users.server";

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

/** The answer of a call that signs someone in (login, registration): the account, and the session cookie. */
export async function signedInAnswer(
  { t }: ApiContext,
  db: Database,
  { user, cookie }: { user: UserRow; cookie: string },
  message: MessageKey,
  status = 200,
): Promise<Response> {
  return json(
    { message: t(message), user: await accountOf(db, user.id) },
    { status, headers: { "Set-Cookie": cookie } },
  );
}
