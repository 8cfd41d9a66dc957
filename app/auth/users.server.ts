import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rolePermissions, roles, userRoles, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import { isPermission, type Permission } from "./permissions";
import { hashPassword } from "./password.server";

export interface NewUser {
  userName: string;
  firstName: string;
  lastName: string;
  about: string;
  password?: string;
  pub?: string | null;
  email?: string | null;
}

export type UserRow = typeof users.$inferSelect;

/**
 * An account counts only while it is enabled, whatever credential names it: a session, a password, a signed
 * request, a linked key, a provider. Every way in makes this one check (a cookie of a disabled account simply
 * reads as no session, see `accountOf`).
 */
export function refuseDisabled(user: Pick<UserRow, "disabledAt">): void {
  if (user.disabledAt) throw new ServiceError(403, "auth.accountDisabled");
}

/** The same rule in a query: rows of enabled accounts only. */
export const enabledAccount = isNull(users.disabledAt);

export function displayNameOf(user: Pick<NewUser, "firstName" | "lastName" | "userName">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.userName;
}

export async function findUserByName(db: Database, userName: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`${users.userName} = ${userName.trim()} COLLATE NOCASE`)
    .get();
}

/**
 * Creates a user holding the named roles. Run it inside a transaction when other writes belong with it. A
 * user name that exists (in any letter case) is refused with 409 "auth.userNameTaken" on the userName field,
 * also when two requests race.
 */
export async function createUser(db: Database, input: NewUser, roleNames: readonly string[]): Promise<UserRow> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let user: UserRow | undefined;
  try {
    user = await db
      .insert(users)
      .values({
        userName: input.userName.trim(),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        about: input.about.trim(),
        displayName: displayNameOf(input),
        email: input.email ?? null,
        pub: input.pub ?? null,
        passwordHash,
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error, "user_name")) {
      throw new ServiceError(409, "auth.userNameTaken", {
        issues: [{ path: "userName", message: "auth.userNameTaken" }],
      });
    }
    throw error;
  }
  if (roleNames.length > 0) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.name, [...roleNames]))
      .all();
    if (found.length !== roleNames.length) throw new Error(`Unknown role in ${roleNames.join(", ")}`);
    await db.insert(userRoles).values(found.map((role) => ({ userId: user.id, roleId: role.id })));
  }
  return user;
}

export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  return /UNIQUE constraint failed/i.test(text) && (!column || text.includes(column));
}

/** The permissions a user holds through their roles, read from the database now (never cached in a cookie). */
export async function permissionsOf(db: Database, userId: number): Promise<Set<Permission>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .all();
  return new Set(rows.map((r) => r.permission).filter(isPermission));
}

export async function roleNamesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId)))
    .all();
  return rows.map((r) => r.name);
}

/**
 * The enabled members holding `permission` through one of their roles, by the name they show (their display name,
 * else their user name), alphabetically, at most `limit` of them.
 */
export async function membersWhoMay(
  db: Database,
  permission: Permission,
  limit: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectDistinct({ id: users.id, displayName: users.displayName, userName: users.userName })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(and(eq(rolePermissions.permission, permission), enabledAccount))
    .orderBy(users.id)
    .limit(limit)
    .all();
  return rows
    .map((row) => ({ id: row.id, name: row.displayName.trim() || row.userName }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
