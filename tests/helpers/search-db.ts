/**
 * A search index on the test file's own database (migrated as the installer does), emptied before each use: the
 * index the site uses, on a real libSQL database.
 */
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { SearchIndex } from "~/content/search/search-index.server";

let connection: Promise<DatabaseConnection> | undefined;

async function open(): Promise<DatabaseConnection> {
  const opened = await openDatabase(process.env.DATABASE_URL!);
  await runMigrations(opened.db);
  return opened;
}

/** An empty search index on the test file's database. */
export async function emptySearchIndex(): Promise<SearchIndex> {
  connection ??= open();
  const index = new SearchIndex((await connection).db);
  await index.replaceAll([]);
  return index;
}

/** Closes the connection (afterAll). */
export async function closeSearchDatabase(): Promise<void> {
  const opened = await connection;
  connection = undefined;
  opened?.client.close();
}
