/**
 * Prepares a real database the way the installer does (migrations, default data, accounts), for tests that
 * need an installed site. Uses the same services as the installer; nothing is faked.
 */
import { eq } from "drizzle-orm";
import { createUser } from "~/auth/users.server";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { settings } from "~/db/schema";
import { loadDefaultData } from "~/install/defaults.server";

export interface SeedUser {
  userName: string;
  password: string;
  roles: string[];
  firstName?: string;
  lastName?: string;
}

/** Admin, Editor, Moderator and Member accounts, each holding the role of its name. Password: "password123". */
export const seedUsers: SeedUser[] = [
  { userName: "admin", password: "password123", roles: ["Admin"], firstName: "Ava", lastName: "Admin" },
  { userName: "editor", password: "password123", roles: ["Editor"], firstName: "Eli", lastName: "Editor" },
  { userName: "moderator", password: "password123", roles: ["Moderator"], firstName: "Mina", lastName: "Moderator" },
  { userName: "member", password: "password123", roles: ["Member"], firstName: "Mo", lastName: "Member" },
];

export async function seedDatabase(
  db: DatabaseConnection["db"],
  options: { installed?: boolean; users?: SeedUser[] } = {},
): Promise<void> {
  await runMigrations(db);
  await loadDefaultData(db);
  for (const user of options.users ?? seedUsers) {
    await createUser(
      db,
      {
        userName: user.userName,
        password: user.password,
        firstName: user.firstName ?? user.userName,
        lastName: user.lastName ?? "Tester",
        about: "Test account",
      },
      user.roles,
    );
  }
  if (options.installed !== false) {
    const row = await db.select().from(settings).where(eq(settings.key, "app")).get();
    await db
      .update(settings)
      .set({ value: { ...(row?.value as object), installed: true } })
      .where(eq(settings.key, "app"));
  }
}

/** Seeds the database file at `url` (a site process's DATABASE_URL) and closes the connection. */
export async function seedDatabaseAt(url: string, options?: Parameters<typeof seedDatabase>[1]): Promise<void> {
  const connection = await openDatabase(url);
  try {
    await seedDatabase(connection.db, options);
  } finally {
    connection.client.close();
  }
}
