/**
 * HTTP Basic authentication, for clients that cannot hold a session (git asks its user for a name and password and
 * sends them with every request): the account's user name and password, checked on every request as a login
 * checks them (the login limits count each attempt), with the account's permissions read then. No session is made.
 */
import type { Database } from "~/db/client.server";
import { ServiceError } from "~/lib/service-error";
import { checkPassword } from "./account.server";
import { accountOf, type Account } from "./current-user.server";
import { refuseDisabled } from "./users.server";

/** The user name and password of an `Authorization: Basic` header, or null when the request has none. */
export function basicCredentials(request: Request): { userName: string; password: string } | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { userName: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The account a request's Basic credentials name, or null when it carries none. Wrong credentials are a 401, too
 * many attempts a 429 (as for a login), a disabled account a 403.
 */
export async function basicAuthAccount(db: Database, request: Request, address: string): Promise<Account | null> {
  const credentials = basicCredentials(request);
  if (!credentials) return null;
  const user = await checkPassword(db, credentials, address || "unknown");
  refuseDisabled(user);
  // Read after the check: an account disabled meanwhile counts for nothing.
  const account = await accountOf(db, user.id);
  if (!account) throw new ServiceError(403, "auth.accountDisabled");
  return account;
}
