import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import type { ApiContext } from "~/lib/api.server";
import { jsonError } from "~/lib/http.server";
import type { Permission } from "./permissions";
import { readSession } from "./sessions.server";
import { permissionsOf, roleNamesOf } from "./users.server";

export interface CurrentUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  displayName: string;
  about: string;
  avatar: string | null;
  pub: string | null;
  roles: string[];
  permissions: Permission[];
  sessionId: string;
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
  const session = await readSession(db, request).catch(() => undefined);
  if (!session) return null;
  const user = await db.select().from(users).where(eq(users.id, session.userId)).get();
  if (!user) return null;
  const [permissions, roles] = await Promise.all([permissionsOf(db, user.id), roleNamesOf(db, user.id)]);
  return {
    id: user.id,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    about: user.about,
    avatar: user.avatar,
    pub: user.pub,
    roles,
    permissions: [...permissions],
    sessionId: session.id,
  };
}

/** API guard: 401 without a session. */
export async function requireApiUser(ctx: ApiContext): Promise<CurrentUser> {
  const user = await currentUser(ctx.request);
  if (!user) throw jsonError(401, ctx.t("api.unauthorized"));
  return user;
}

/** API guard: 401 without a session, 403 with `forbidden` (or the generic message) without the permission. */
export async function requireApiPermission(ctx: ApiContext, permission: Permission, forbidden?: string): Promise<CurrentUser> {
  const user = await requireApiUser(ctx);
  if (!user.permissions.includes(permission)) throw jsonError(403, forbidden ?? ctx.t("api.forbidden"));
  return user;
}

/**
 * Page guard: anonymous visitors go to the login page and come back afterwards; signed-in users without the
 * permission get the 403 page, at the address they asked for.
 */
export async function requirePagePermission(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await currentUser(request);
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  if (!user) {
    const back = url.pathname + url.search;
    throw redirect(`${localizePath("/login", locale)}?redirectTo=${encodeURIComponent(back)}`);
  }
  // The page answers 403 where it stands (the root error boundary shows the permission-denied view).
  if (!user.permissions.includes(permission)) throw data(null, { status: 403 });
  return user;
}
