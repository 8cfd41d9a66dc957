import path from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { projectRoot } from "~/config.server";
import type { DatabaseConnection } from "./client.server";

export const migrationsFolder = path.join(projectRoot, "drizzle");

/** Applies every pending migration (idempotent; each migration runs in its own transaction). */
export async function runMigrations(db: DatabaseConnection["db"]): Promise<void> {
  await migrate(db, { migrationsFolder });
}
