import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb, type Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { parseLocalizedPath } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { redirectTarget } from "~/lib/redirect-target";
import { ServiceError } from "~/lib/service-error";
import { hasNostrAuthorization, httpAuthWindowMs, memberOfHttpAuth } from "~/auth/nostr-http-auth.server";
import type { Permission } from "./permissions";
import type { SessionUser } from "./session-user";
import { readSession } from "./sessions.server";
import { permissionsOf, refuseDisabled, roleNamesOf } from "./users.server";

/** An account as the API shows it to its owner: profile, roles and the permissions they give. */
export interface Account {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  displayName: string;
  about: string;
  email: string | null;
  avatar: string | null;
  pub: string | null;
  roles: string[];
  permissions: Permission[];
}

export interface CurrentUser extends Account {
  sessionId: string;
  sessionExpiresAt: Date;
}

// One lookup per request, however many loaders and checks ask.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user with their permissions as the database has them now, or null. */
export function currentUser(request: Request): Promise<CurrentUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookup(request);
    perRequest.set(request, found);
  }
  return found;
}

async function lookup(request: Request): Promise<CurrentUser | null> {
  const db = await getDb();
  // A request signed with a Nostr key (NIP-98) speaks for that key's member; a bad signature is refused, never
  // read as anonymous.
  if (hasNostrAuthorization(request)) {
    const { userId, event } = await memberOfHttpAuth(db, request);
    const user = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).get();
    if (user) refuseDisabled(user);
    const account = await accountOf(db, userId);
    if (!account) throw new ServiceError(401, "nostr.auth.unknownKey", { reason: "unknown-key" });
    return {
      ...account,
      sessionId: `nostr:${event.id}`,
      sessionExpiresAt: new Date(event.created_at * 1000 + httpAuthWindowMs),
    };
  }
  const session = await readSession(db, request).catch(() => undefined);
  if (!session) return null;
  // A disabled account's sessions end when it is disabled; one started in that same moment counts for nothing.
  const account = await accountOf(db, session.userId);
  return account ? { ...account, sessionId: session.id, sessionExpiresAt: session.expiresAt } : null;
}

/**
 * The account `userId` with its roles and permissions as the database has them now; null when there is none
 * or it is disabled (a disabled account counts for nothing, whatever names it).
 */
export async function accountOf(db: Database, userId: number): Promise<Account | null> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || user.disabledAt) return null;
  const [permissions, roles] = await Promise.all([permissionsOf(db, user.id), roleNamesOf(db, user.id)]);
  return {
    id: user.id,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    about: user.about,
    email: user.email,
    avatar: user.avatar,
    pub: user.pub,
    roles,
    permissions: [...permissions].sort(),
  };
}

/** The account part of a CurrentUser, without its session. */
export function accountPart(user: CurrentUser): Account {
  const { sessionId: _id, sessionExpiresAt: _expires, ...account } = user;
  return account;
}

/** The root loader's summary of the signed-in user, or null. A broken session reads as none. */
export async function sessionUserOf(request: Request): Promise<SessionUser | null> {
  const user = await currentUser(request).catch(() => null);
  return user && sessionUserPart(user);
}

/** What pages know of the signed-in user (`SessionUser`). */
export function sessionUserPart(user: CurrentUser): SessionUser {
  const { id, userName, displayName, firstName, lastName, about, avatar, permissions } = user;
  return { id, userName, displayName, firstName, lastName, about, avatar, permissions };
}

/** What a call answers (403) to a caller without the permission it needs; the generic message otherwise. */
const forbiddenMessages: Partial<Record<Permission, MessageKey>> = {
  "dashboard.read": "manage.forbiddenView",
  "users.manage": "manage.forbiddenManage",
  "comments.create": "comments.forbiddenPost",
  "comments.edit": "comments.forbiddenEdit",
  "settings.edit": "settings.forbiddenEdit",
  "commit.create": "editor.forbiddenCommit",
  "builds.read": "builds.forbiddenRead",
  "builds.push": "builds.forbiddenPush",
};

/**
 * The caller of an API call that needs one (see `needs` in app/edge/api-route.server.ts): 401 without a session; for
 * a permission, 403 without it, saying `forbidden` when given, else the permission's own message.
 */
export async function authorize(
  request: Request,
  needs: "user" | Permission,
  forbidden?: MessageKey,
): Promise<CurrentUser> {
  const user = await currentUser(request);
  if (!user) throw new ServiceError(401, "api.unauthorized");
  if (needs !== "user") requirePermission(user, needs, forbidden);
  return user;
}

/**
 * For a call whose methods need different permissions (reading with dashboard.read, saving with settings.edit):
 * the method's own check, with the same 403 as `needs`.
 */
export function requirePermission(
  user: Pick<CurrentUser, "permissions">,
  permission: Permission,
  forbidden?: MessageKey,
): void {
  if (!user.permissions.includes(permission)) {
    throw new ServiceError(403, forbidden ?? forbiddenMessages[permission] ?? "api.forbidden");
  }
}

/**
 * Page guard: anonymous visitors go to the login page and come back afterwards; signed-in users without the
 * permission get the 403 page, at the address they asked for.
 */
export async function requirePagePermission(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await requirePageUser(request);
  // The page answers 403 where it stands (the root error boundary shows the permission-denied view).
  if (!user.permissions.includes(permission)) throw data(null, { status: 403 });
  return user;
}

/** Page guard: anonymous visitors go to the login page (in the same locale form) and come back afterwards. */
export async function requirePageUser(request: Request): Promise<CurrentUser> {
  const user = await currentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  // Client navigations ask for "<page>.data" (and "/_root.data" for the home page): come back to the page.
  const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  const { prefix } = parseLocalizedPath(pathname);
  url.searchParams.delete("_routes");
  const back = pathname + (url.searchParams.size ? `?${url.searchParams}` : "");
  const login = `${prefix ? `/${prefix}` : ""}/login`;
  throw redirect(redirectTarget(`${login}?redirectTo=${encodeURIComponent(back)}`) ?? login);
}
