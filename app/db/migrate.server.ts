import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { projectRoot } from "~/config.server";
import type { Database, DatabaseConnection } from "./client.server";

export const migrationsFolder = path.join(projectRoot, "drizzle");

/** How many migrations this version of the code has. */
export function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has had (0 before the first). */
export async function appliedMigrations(db: Database): Promise<number> {
  try {
    const rows = await db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

export async function isMigrated(db: Database): Promise<boolean> {
  return (await appliedMigrations(db)) >= migrationCount();
}

/**
 * Applies every pending migration (idempotent; all pending ones run in one transaction). Instances starting
 * together may race: the loser's transaction fails on tables the winner made and is rolled back, and since
 * the database now has every migration, that is success.
 */
export async function runMigrations(db: DatabaseConnection["db"]): Promise<void> {
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    if (await isMigrated(db)) return;
    throw error;
  }
}
