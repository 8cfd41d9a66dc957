/**
 * What /manage/users reads and does to accounts: the searchable, sortable list; adding, editing, disabling,
 * deleting an account; setting its password and ending its sessions.
 *
 * Acting on someone else's account needs more than users.manage: whoever acts must hold every permission the
 * account holds, or a user manager could set an administrator's password and sign in as them. Changes that can
 * leave nobody able to manage users (disabling, deleting) run in one write transaction with the last-manager
 * check (see roles.server.ts).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { containsText, keyboardFolded } from "~/db/folded-match.server";
import {
  builds,
  comments,
  commits,
  devices,
  oauthAccounts,
  roles,
  sessions,
  settingsHistory,
  userRoles,
  users,
} from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { foldKeyboard } from "~/i18n/fold";
import { ServiceError } from "~/lib/service-error";
import { removeEveryOtherWayIn, removeKeysExcept } from "./account-keys.server";
import { hashPassword } from "./password.server";
import { assertManagersRemain, grantableRoleNames, type Actor } from "./roles.server";
import type { UserListQuery } from "./schema";
import {
  createUser,
  displayNameOf,
  isUniqueViolation,
  permissionsOf,
  type NewUser,
  type UserRow,
} from "./users.server";
import type { SessionUser } from "./session-user";

/** A user as the users screen lists them: who they are as every page knows them, and what an administrator sees. */
export interface UserListItem extends Omit<SessionUser, "permissions"> {
  email: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  disabled: boolean;
  roles: { id: number; name: string }[];
}

export interface UserPage {
  users: UserListItem[];
  total: number;
  page: number;
  pageSize: number;
}

const order: Record<UserListQuery["sort"], SQL[]> = {
  "joined-asc": [asc(users.id)],
  "joined-desc": [desc(users.id)],
  "name-asc": [asc(sql`${users.displayName} COLLATE NOCASE`), asc(users.id)],
  "name-desc": [desc(sql`${users.displayName} COLLATE NOCASE`), asc(users.id)],
  // Never signed in sorts as the oldest.
  "signin-desc": [sql`${users.lastSignInAt} IS NULL`, desc(users.lastSignInAt), asc(users.id)],
  "signin-asc": [sql`${users.lastSignInAt} IS NOT NULL`, asc(users.lastSignInAt), asc(users.id)],
};

/** One page of accounts matching `q` (user name, names or e-mail), a status and a role, in the chosen order. */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserPage> {
  // Arabic yeh/kaf typed (or stored) for Persian ones, so «علي» finds «علی».
  const q = foldKeyboard(query.q.trim());
  const like = (column: AnySQLiteColumn) => containsText(keyboardFolded(column), q);
  const where = and(
    q
      ? or(
          like(users.userName),
          like(users.displayName),
          like(users.firstName),
          like(users.lastName),
          like(users.email),
        )
      : undefined,
    query.status === "active"
      ? isNull(users.disabledAt)
      : query.status === "disabled"
        ? isNotNull(users.disabledAt)
        : undefined,
    query.role
      ? inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, query.role)))
      : undefined,
  );
  const [totalRow, rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where).get(),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all(),
  ]);
  const ids = rows.map((r) => r.id);
  const held = ids.length
    ? await db
        .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, ids))
        .orderBy(asc(roles.id))
        .all()
    : [];
  return {
    users: rows.map((row) => ({
      id: row.id,
      userName: row.userName,
      displayName: row.displayName,
      firstName: row.firstName,
      lastName: row.lastName,
      about: row.about,
      avatar: row.avatar,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      disabled: row.disabledAt !== null,
      roles: held.filter((h) => h.userId === row.id).map(({ id, name }) => ({ id, name })),
    })),
    total: totalRow?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An administrator adds an account holding roles they may give (see roles.server.ts). */
export async function addUser(
  db: Database,
  actor: Actor,
  input: Omit<NewUser, "pub" | "email"> & { roleIds: number[] },
): Promise<UserRow> {
  const roleNames = await grantableRoleNames(db, actor, input.roleIds);
  return writeTransaction(db, (tx) => createUser(tx, input, roleNames));
}

/**
 * The account `userId`, if the actor may act on it: it exists (404 otherwise) and holds no permission the
 * actor lacks (403 otherwise).
 */
async function actionable(db: Database, actor: Actor, userId: number): Promise<UserRow> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ServiceError(404, "manage.userNotFound");
  const held = await permissionsOf(db, userId);
  if ([...held].some((permission) => !actor.permissions.includes(permission))) {
    throw new ServiceError(403, "manage.forbiddenHigherAccount");
  }
  return user;
}

function emailIssue(error: unknown): never {
  if (isUniqueViolation(error, "email")) {
    throw new ServiceError(409, "manage.emailTaken", { issues: [{ path: "email", message: "manage.emailTaken" }] });
  }
  throw error;
}

function sameAddress(stored: string | null, typed: string): boolean {
  return stored !== null && stored.toLowerCase() === typed.toLowerCase();
}

/** Changes an account's names, about and e-mail address (empty: none). */
export async function updateUser(
  db: Database,
  actor: Actor,
  input: { userId: number; firstName: string; lastName: string; about: string; email: string },
): Promise<void> {
  try {
    await writeTransaction(db, async (tx) => {
      const user = await actionable(tx, actor, input.userId);
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          about: input.about,
          email: input.email || null,
          // An address an administrator typed is nobody's word that it reaches the member: a changed one is not
          // confirmed (no reset link goes there until the member confirms it).
          emailConfirmedAt: sameAddress(user.email, input.email) ? user.emailConfirmedAt : null,
          displayName: displayNameOf({ ...input, userName: user.userName }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
    });
  } catch (error) {
    emailIssue(error);
  }
}

/**
 * Disables an account (it cannot sign in, and every session it has ends at once) or enables it again. Nobody
 * disables their own account, and the last enabled manager cannot be disabled.
 */
export async function setUserDisabled(db: Database, actor: Actor, userId: number, disabled: boolean): Promise<void> {
  if (disabled && userId === actor.id) throw new ServiceError(409, "manage.cannotDisableSelf");
  await writeTransaction(db, async (tx) => {
    const user = await actionable(tx, actor, userId);
    if (disabled === (user.disabledAt !== null)) return;
    await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    if (disabled) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await assertManagersRemain(tx);
    }
  });
}

/**
 * Deletes an account. Its comments stay, attributed to a deleted account (its name and key leave them); its
 * sessions, roles and linked sign-ins go; what it made elsewhere (builds, commits, settings changes) stays
 * without its name. Nobody deletes their own account here, and the last manager cannot be deleted.
 */
export async function deleteUser(db: Database, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.id) throw new ServiceError(409, "manage.cannotDeleteSelf");
  await writeTransaction(db, async (tx) => {
    const user = await actionable(tx, actor, userId);
    await tx
      .update(comments)
      .set({ authorDeleted: true, authorName: "", authorPub: null, userId: null })
      .where(eq(comments.userId, user.id));
    // Every reference is settled here rather than left to the foreign keys' actions, which a server may not apply.
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
    await tx.update(devices).set({ userId: null }).where(eq(devices.userId, user.id));
    await tx.update(settingsHistory).set({ userId: null }).where(eq(settingsHistory.userId, user.id));
    await tx.update(builds).set({ createdBy: null }).where(eq(builds.createdBy, user.id));
    await tx.update(commits).set({ authorId: null }).where(eq(commits.authorId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    await assertManagersRemain(tx);
  });
}

/**
 * Sets a new password for an account and ends its sessions, so whoever knew the old one is signed out; the
 * account is presumed to be in someone else's hands, so every other way in goes too (browser keys, the linked
 * key, provider accounts): the new password is the way back. On one's own account the session in use stays.
 */
export async function setUserPassword(
  db: Database,
  actor: Actor & { sessionId?: string },
  input: { userId: number; password: string },
): Promise<void> {
  // Hashing takes a while: never inside the transaction.
  const passwordHash = await hashPassword(input.password);
  await writeTransaction(db, async (tx) => {
    const user = await actionable(tx, actor, input.userId);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endSessions(tx, user.id, user.id === actor.id ? actor.sessionId : undefined);
    if (user.id !== actor.id) await removeEveryOtherWayIn(tx, user.id);
  });
}

/**
 * Ends every session of an account (on one's own account, all but the one in use) and removes its browser keys,
 * which sign requests without a session (a sign-in adds a browser's key back); how many sessions ended. The
 * linked key and provider accounts stay: they may be the owner's only way in.
 */
export async function endUserSessions(
  db: Database,
  actor: Actor & { sessionId?: string },
  userId: number,
): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const user = await actionable(tx, actor, userId);
    const ended = await endSessions(tx, user.id, user.id === actor.id ? actor.sessionId : undefined);
    if (user.id !== actor.id) await removeKeysExcept(tx, user.id, user.nostrPub ? [user.nostrPub] : []);
    return ended;
  });
}

async function endSessions(tx: Database, userId: number, keep?: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}
