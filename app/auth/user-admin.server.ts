/** What /manage/users reads and does to accounts: the searchable list and adding an account. */
import { asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { roles, userRoles, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { grantableRoleNames, type Actor } from "./roles.server";
import { createUser, type NewUser, type UserRow } from "./users.server";

export interface UserListItem {
  id: number;
  userName: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  createdAt: string;
  roles: { id: number; name: string }[];
}

export interface UserPage {
  users: UserListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** Arabic yeh/kaf typed (or stored) for Persian ones, so «علي» finds «علی». */
function fold(text: string): string {
  return text.replace(/[يى]/g, "ی").replace(/ك/g, "ک").toLowerCase();
}

function folded(column: AnySQLiteColumn): SQL {
  return sql`lower(replace(replace(replace(${column}, 'ي', 'ی'), 'ى', 'ی'), 'ك', 'ک'))`;
}

/** One page of accounts, newest last, matching `q` in the user name or any part of the name. */
export async function listUsers(db: Database, query: { q: string; page: number; pageSize: number }): Promise<UserPage> {
  const q = fold(query.q.trim());
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: AnySQLiteColumn) => sql`${folded(column)} LIKE ${pattern} ESCAPE '\\'`;
  const where = q
    ? or(like(users.userName), like(users.displayName), like(users.firstName), like(users.lastName), like(users.email))
    : undefined;
  const [totalRow, rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where).get(),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
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
      email: row.email,
      createdAt: row.createdAt.toISOString(),
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
