/**
 * Roles and who holds them. Two rules keep the permission system closed (docs/decisions/007-accounts.md):
 * - nobody grants or takes away what they do not hold themselves: a new role may only carry permissions its
 *   creator holds, and a role may only be given to or taken from someone by a holder of all its permissions;
 * - the last account able to manage users (users.manage) can never lose it.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { permissions as permissionTable, rolePermissions, roles, userRoles, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { adminRoleName, isPermission, type Permission } from "./permissions";
import { isUniqueViolation } from "./users.server";

export interface RoleInfo {
  id: number;
  name: string;
  description: string;
  builtIn: boolean;
  permissions: Permission[];
  userCount: number;
}

export interface Actor {
  id: number;
  permissions: readonly Permission[];
}

/** Every role with its permissions and how many accounts hold it, built-in roles first. */
export async function listRoles(db: Database): Promise<RoleInfo[]> {
  const [rows, grants, holders] = await Promise.all([
    db
      .select()
      .from(roles)
      .orderBy(sql`${roles.builtIn} DESC`, asc(roles.id))
      .all(),
    db.select().from(rolePermissions).all(),
    db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).groupBy(userRoles.roleId).all(),
  ]);
  return rows.map((role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    builtIn: role.builtIn,
    permissions: grants
      .filter((g) => g.roleId === role.id)
      .map((g) => g.permission)
      .filter(isPermission)
      .sort(),
    userCount: holders.find((h) => h.roleId === role.id)?.n ?? 0,
  }));
}

/** The permission catalogue with descriptions, as the installer loaded it. */
export async function listPermissions(db: Database): Promise<{ name: Permission; description: string }[]> {
  const rows = await db.select().from(permissionTable).orderBy(asc(permissionTable.name)).all();
  return rows.filter((row): row is { name: Permission; description: string } => isPermission(row.name));
}

/** Refuses when `wanted` holds a permission the actor does not. */
export function assertHolds(actor: Actor, wanted: Iterable<Permission>): void {
  const missing = [...wanted].filter((p) => !actor.permissions.includes(p));
  if (missing.length) throw new ServiceError(403, "manage.forbiddenEscalation");
}

export async function createRole(
  db: Database,
  actor: Actor,
  input: { name: string; description: string; permissions: Permission[] },
): Promise<RoleInfo> {
  const wanted = [...new Set(input.permissions)];
  assertHolds(actor, wanted);
  try {
    return await writeTransaction(db, async (tx) => {
      const role = await tx
        .insert(roles)
        .values({ name: input.name, description: input.description })
        .returning()
        .get();
      await tx.insert(rolePermissions).values(wanted.map((permission) => ({ roleId: role.id, permission })));
      return { ...role, permissions: wanted.sort(), userCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error, "name")) {
      throw new ServiceError(409, "manage.roleNameTaken", {
        issues: [{ path: "name", message: "manage.roleNameTaken" }],
      });
    }
    throw error;
  }
}

async function rolesByIds(db: Database, roleIds: readonly number[]): Promise<RoleInfo[]> {
  const ids = [...new Set(roleIds)];
  const found = (await listRoles(db)).filter((role) => ids.includes(role.id));
  if (found.length !== ids.length) throw new ServiceError(404, "manage.roleNotFound");
  return found;
}

async function assertUserExists(db: Database, userId: number): Promise<void> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new ServiceError(404, "manage.userNotFound");
}

async function roleIdsOf(db: Database, userId: number): Promise<number[]> {
  const rows = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).all();
  return rows.map((r) => r.roleId);
}

/** How many enabled accounts hold `permission` through any of their roles (a disabled one cannot use it). */
export async function holdersOf(db: Database, permission: Permission): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(DISTINCT ${userRoles.userId})` })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(rolePermissions.permission, permission), isNull(users.disabledAt)))
    .get();
  return Number(row?.n ?? 0);
}

/**
 * The last-manager check: run inside the write transaction of any change that can take users.manage from
 * someone (a role taken away or edited, a role, an account deleted, an account disabled), after the change.
 * At zero the transaction is rolled back. Writers queue on that transaction, so two such changes at once are
 * checked one after the other and cannot both succeed.
 */
export async function assertManagersRemain(tx: Database): Promise<void> {
  if ((await holdersOf(tx, "users.manage")) === 0) throw new ServiceError(409, "manage.lastManager");
}

/** How a call changes an account's roles: gives more, takes some away, or sets exactly these. */
export type RoleChange = "add" | "remove" | "set";

const nextRoles: Record<RoleChange, (current: number[], roleIds: number[]) => number[]> = {
  add: (current, roleIds) => [...current, ...roleIds],
  remove: (current, roleIds) => current.filter((id) => !roleIds.includes(id)),
  set: (_current, roleIds) => roleIds,
};

/**
 * Changes the roles of `userId` in one write transaction (writers queue on it, so two managers removing each
 * other at the same moment cannot both succeed), refusing escalation and the loss of the last users.manage
 * holder.
 */
export async function changeUserRoles(
  db: Database,
  actor: Actor,
  { userId, roleIds }: { userId: number; roleIds: number[] },
  change: RoleChange,
): Promise<{ added: number[]; removed: number[] }> {
  await assertUserExists(db, userId);
  return writeTransaction(db, async (tx) => {
    const current = await roleIdsOf(tx, userId);
    const wanted = [...new Set(nextRoles[change](current, roleIds))];
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    const touched = await rolesByIds(tx, [...added, ...removed]);
    assertHolds(
      actor,
      touched.flatMap((role) => role.permissions),
    );
    if (removed.length) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, removed)));
    }
    if (added.length) {
      await tx
        .insert(userRoles)
        .values(added.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
    }
    if (removed.length) await assertManagersRemain(tx);
    return { added, removed };
  });
}

/** Validates that every role exists and that the actor may give all of them; returns their names. */
export async function grantableRoleNames(db: Database, actor: Actor, roleIds: number[]): Promise<string[]> {
  const found = await rolesByIds(db, roleIds);
  assertHolds(
    actor,
    found.flatMap((role) => role.permissions),
  );
  return found.map((role) => role.name);
}

/** The Admin role made by the installer: it always holds every permission and cannot be changed or deleted. */
function isAdminRole(role: Pick<RoleInfo, "name" | "builtIn">): boolean {
  return role.builtIn && role.name === adminRoleName;
}

async function roleById(db: Database, roleId: number): Promise<RoleInfo> {
  const [role] = await rolesByIds(db, [roleId]);
  return role!;
}

/**
 * Changes a role's name, description and permissions. Whoever does it must hold every permission the role had
 * and every one it will have (changing a role changes what each of its holders may do). Built-in roles keep
 * their names (registration and the installer find them by name); the Admin role cannot be changed at all.
 */
export async function updateRole(
  db: Database,
  actor: Actor,
  input: { roleId: number; name: string; description: string; permissions: Permission[] },
): Promise<RoleInfo> {
  const wanted = [...new Set(input.permissions)].sort();
  try {
    return await writeTransaction(db, async (tx) => {
      const role = await roleById(tx, input.roleId);
      if (isAdminRole(role)) throw new ServiceError(403, "manage.adminRoleProtected");
      if (role.builtIn && input.name !== role.name) {
        throw new ServiceError(409, "manage.builtInName", {
          issues: [{ path: "name", message: "manage.builtInName" }],
        });
      }
      assertHolds(actor, [...role.permissions, ...wanted]);
      await tx
        .update(roles)
        .set({ name: input.name, description: input.description, updatedAt: new Date() })
        .where(eq(roles.id, role.id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      await tx.insert(rolePermissions).values(wanted.map((permission) => ({ roleId: role.id, permission })));
      if (role.permissions.includes("users.manage") && !wanted.includes("users.manage")) {
        await assertManagersRemain(tx);
      }
      return { ...role, name: input.name, description: input.description, permissions: wanted };
    });
  } catch (error) {
    if (isUniqueViolation(error, "name")) {
      throw new ServiceError(409, "manage.roleNameTaken", {
        issues: [{ path: "name", message: "manage.roleNameTaken" }],
      });
    }
    throw error;
  }
}

/**
 * Deletes a role made in the dashboard; its holders lose it. Built-in roles stay. Whoever deletes it must hold
 * all its permissions, and someone must still be able to manage users afterwards.
 */
export async function deleteRole(db: Database, actor: Actor, roleId: number): Promise<RoleInfo> {
  return writeTransaction(db, async (tx) => {
    const role = await roleById(tx, roleId);
    if (role.builtIn)
      throw new ServiceError(403, isAdminRole(role) ? "manage.adminRoleProtected" : "manage.builtInRole");
    assertHolds(actor, role.permissions);
    // Its grants go with it (said here rather than left to the foreign keys' cascade, which a server may not apply).
    await tx.delete(userRoles).where(eq(userRoles.roleId, role.id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    await tx.delete(roles).where(eq(roles.id, role.id));
    if (role.permissions.includes("users.manage")) await assertManagersRemain(tx);
    return role;
  });
}
