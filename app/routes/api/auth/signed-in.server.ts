import { accountOf } from "~/auth/current-user.server";
import type { UserRow } from "~/auth/users.server";
import type { SignIn } from "~/auth/account.server";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import type { ApiContext } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * The answer of a call that signs someone in (login, registration): the account, and the session cookie; or,
 * for an account with a second factor, `secondStep` and the pending sign-in's cookie (no account: nothing is
 * open yet).
 */
export async function signedInAnswer(
  { t }: ApiContext,
  db: Database,
  { user, cookie, secondStep }: { user: UserRow } & SignIn,
  message: MessageKey,
  status = 200,
): Promise<Response> {
  if (secondStep) {
    return json({ message: t("auth.secondStep.needed"), secondStep: true }, { headers: { "Set-Cookie": cookie } });
  }
  return json(
    { message: t(message), user: await accountOf(db, user.id) },
    { status, headers: { "Set-Cookie": cookie } },
  );
}
