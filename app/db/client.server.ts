import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client, type ResultSet, type TransactionMode } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { databaseTarget } from "~/config.server";
import { outboundFetch, type Purpose } from "~/lib/outbound.server";
import * as schema from "./schema";
import { retryWhenBusy } from "./transaction.server";
import { DatabaseUnreachableError } from "./unavailable.server";

/**
 * What services run their statements on: the connection, or a transaction opened on it (the same query
 * builder), so a service works alike inside and outside a caller's transaction.
 */
export type Database = BaseSQLiteDatabase<"async", ResultSet, typeof schema>;

export interface DatabaseConnection {
  client: Client;
  /** The connection's own query builder (the migrator needs this one, not a transaction). */
  db: LibSQLDatabase<typeof schema>;
  url: string;
}

export const busyTimeoutMs = 5000;
/**
 * The longest a request to a libSQL server may take. The client sets no limit of its own, so a server that
 * accepts a connection and never answers would hold a page (and whatever waits on it) forever.
 */
export const remoteRequestTimeoutMs = 15_000;

/**
 * Opens a connection; file databases get their folder, WAL and a busy timeout. A server is reached through the
 * outbound module under `purpose`'s address rule: every request over HTTP (libSQL's `ws:`/`wss:` addresses are
 * spoken over `http:`/`https:`, which libSQL servers answer on the same port), so each connection goes to the
 * address that was checked, within a time limit.
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  purpose: Extract<Purpose, "operator" | "installerDatabase"> = "operator",
): Promise<DatabaseConnection> {
  const isFile = url.startsWith("file:");
  if (isFile) mkdirSync(path.dirname(filePathOf(url)), { recursive: true });
  // `timeout` is SQLite's busy timeout, set on every pooled connection: concurrent writers wait instead of
  // failing. libSQL turns foreign keys on by itself.
  const client = createClient({
    url: isFile ? url : url.replace(/^ws(s?):/, "http$1:"),
    authToken,
    timeout: busyTimeoutMs,
    fetch: isFile ? undefined : outboundFetch(purpose, { timeoutMs: remoteRequestTimeoutMs }),
  });
  if (isFile) guardInteractiveTransactions(client);
  else retryBusyStatements(client);
  // WAL lets readers proceed during a write; it is a property of the database file, so setting it once is enough.
  if (isFile) await client.execute("PRAGMA journal_mode = WAL");
  return { client, db: drizzle(client, { schema }), url };
}

/**
 * The embedded database runs SQLite synchronously on the JavaScript thread. An interactive transaction holds the
 * write lock across awaits; if another statement of this process then waits for that lock, SQLite's busy wait
 * blocks the thread, the transaction can never finish, and both fail after the timeout. So, within one process,
 * an open transaction runs alone: other statements and transactions wait for it (in the event loop, not in
 * SQLite). Separate processes still coordinate through SQLite's own locking and busy timeout.
 */
function guardInteractiveTransactions(client: Client): void {
  // A FIFO mutex: each caller chains onto the tail synchronously, so turns can never overlap.
  let tail: Promise<void> = Promise.resolve();
  const acquire = (): Promise<() => void> => {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => turn);
    return new Promise((resolve, reject) => {
      let timedOut = false;
      // A statement that waits this long was almost certainly issued on `db` inside a transaction callback
      // (which must use its `tx`): fail loudly instead of hanging, and give the turn back when it comes.
      const timer = setTimeout(() => {
        timedOut = true;
        reject(new Error("Database statement waited 15 s for a transaction of this process to end"));
      }, 15_000);
      timer.unref?.();
      void previous.then(() => {
        clearTimeout(timer);
        if (timedOut) release();
        else resolve(release);
      });
    });
  };

  const transaction = client.transaction.bind(client);
  client.transaction = async (mode?: TransactionMode) => {
    const release = await acquire();
    try {
      const tx = await transaction(mode);
      for (const method of ["commit", "rollback"] as const) {
        const settle = tx[method].bind(tx);
        tx[method] = async () => {
          try {
            return await settle();
          } finally {
            release();
          }
        };
      }
      const close = tx.close.bind(tx);
      tx.close = () => {
        close();
        release();
      };
      return tx;
    } catch (error) {
      release();
      throw error;
    }
  };
  // Single statements and batches run synchronously inside SQLite, so taking a turn costs them nothing.
  for (const method of ["execute", "batch", "migrate", "executeMultiple"] as const) {
    const run = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const release = await acquire();
      try {
        return await run(...args);
      } finally {
        release();
      }
    };
  }
}

/**
 * A libSQL server under load answers "busy" (a statement waited too long for the write lock, or the server is
 * shedding load with 429). A single statement or a batch either ran whole or not at all, so it is sent again,
 * with pauses, until a deadline (`retryWhenBusy`). Interactive transactions are retried whole by
 * `writeTransaction`.
 */
function retryBusyStatements(client: Client): void {
  for (const method of ["execute", "batch"] as const) {
    const run = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => retryWhenBusy(() => run(...args));
  }
}

function filePathOf(url: string): string {
  const raw = url.slice("file:".length).split("?")[0] ?? "";
  return raw.startsWith("//") ? fileURLToPath(url) : path.resolve(raw);
}

let current: Promise<DatabaseConnection> | undefined;

/** The process's database connection, opened on first use (see databaseTarget). */
export function connection(): Promise<DatabaseConnection> {
  if (!current) {
    const { url, authToken, fromInstaller } = databaseTarget();
    // A failed open is forgotten, so the next use tries again: the site recovers when the database comes back.
    current = openDatabase(url, authToken, fromInstaller ? "installerDatabase" : "operator").catch((error: unknown) => {
      current = undefined;
      throw new DatabaseUnreachableError(error);
    });
  }
  return current;
}

export async function getDb(): Promise<DatabaseConnection["db"]> {
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
