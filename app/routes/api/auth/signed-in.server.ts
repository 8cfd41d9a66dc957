import { accountOf } from "~/auth/current-user.server";
import type { UserRow } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import type { ApiContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

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
