import { createSession } from "~/auth/sessions.server";
import { findUserByName } from "~/auth/users.server";
import type { Database } from "~/db/client.server";

/** A signed-in session for a seeded user, as the Cookie header a browser would send. */
export async function sessionCookieFor(db: Database, userName: string): Promise<string> {
  const user = await findUserByName(db, userName);
  if (!user) throw new Error(`no user ${userName}`);
  const { cookie } = await createSession(db, user.id, new Request("http://127.0.0.1/"));
  return cookie.split(";")[0]!;
}
