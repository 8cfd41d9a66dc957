import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { databaseAuthToken, databaseUrl } from "~/config.server";
import * as schema from "./schema";

export type Database = LibSQLDatabase<typeof schema>;

export interface DatabaseConnection {
  client: Client;
  db: Database;
  url: string;
}

export const busyTimeoutMs = 5000;

/** Opens a connection; file databases get their folder, WAL and a busy timeout. */
export async function openDatabase(url: string, authToken?: string): Promise<DatabaseConnection> {
  const isFile = url.startsWith("file:");
  if (isFile) mkdirSync(path.dirname(filePathOf(url)), { recursive: true });
  // `timeout` is SQLite's busy timeout, set on every pooled connection: concurrent writers wait instead of
  // failing. libSQL turns foreign keys on by itself.
  const client = createClient({ url, authToken, timeout: busyTimeoutMs });
  // WAL lets readers proceed during a write; it is a property of the database file, so setting it once is enough.
  if (isFile) await client.execute("PRAGMA journal_mode = WAL");
  return { client, db: drizzle(client, { schema }), url };
}

function filePathOf(url: string): string {
  const raw = url.slice("file:".length).split("?")[0] ?? "";
  return raw.startsWith("//") ? fileURLToPath(url) : path.resolve(raw);
}

let current: Promise<DatabaseConnection> | undefined;

/** The process's database connection, opened on first use from DATABASE_URL / DATA_DIR. */
export function connection(): Promise<DatabaseConnection> {
  current ??= openDatabase(databaseUrl(), databaseAuthToken()).catch((error: unknown) => {
    current = undefined;
    throw error;
  });
  return current;
}

export async function getDb(): Promise<Database> {
  return (await connection()).db;
}

/** Switches the process to another database (the installer does this after the owner enters one). */
export async function replaceConnection(next: DatabaseConnection): Promise<void> {
  const previous = current;
  current = Promise.resolve(next);
  if (previous) (await previous.catch(() => undefined))?.client.close();
}

export async function closeDatabase(): Promise<void> {
  const previous = current;
  current = undefined;
  if (previous) (await previous.catch(() => undefined))?.client.close();
}
