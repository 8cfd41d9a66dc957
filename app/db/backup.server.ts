/**
 * Backup and restore of the site's data (README, "Backup and restore"). A backup is taken online: `VACUUM INTO`
 * copies the database inside one read transaction, a consistent snapshot while the site keeps writing (WAL lets
 * writers continue). A restore checks the whole file first and replaces the database by a rename, so the
 * database is either the old one or the restored one, never a mixture.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { config, databaseTarget } from "~/config.server";
import { BackupError, readBackupArchive, writeBackupArchive, type BackupManifest } from "./backup-archive.server";
import { busyTimeoutMs } from "./client.server";
import { runningServers } from "./running-servers.server";

const databaseFile = "database.sqlite";

/** The database file behind the configured database; a BackupError for a database server. */
export function databaseFilePath(): string {
  const { url } = databaseTarget();
  if (!url.startsWith("file:")) {
    throw new BackupError(
      "the database is a libSQL server (DATABASE_URL is not a file:): back it up with the server's own tools " +
        "(for sqld, a copy of its data directory or its snapshots); this command only handles the embedded database",
    );
  }
  const raw = url.slice("file:".length).split("?")[0] ?? "";
  return raw.startsWith("//") ? fileURLToPath(url) : path.resolve(raw);
}

/** DATA_DIR/backups/daftar-20250102T030405Z.tar.gz */
export function defaultBackupPath(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return path.join(config().dataDir, "backups", `daftar-${stamp}.tar.gz`);
}

const temporaryName = (file: string, purpose: string) =>
  `${file}.${purpose}-${process.pid}-${randomBytes(4).toString("hex")}`;

/** Writes a backup of the running site to `out` (created atomically: the file appears complete or not at all). */
export async function createBackup(out: string, now = new Date()): Promise<BackupManifest> {
  const source = databaseFilePath();
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}`);
  mkdirSync(path.dirname(out), { recursive: true });
  const snapshot = temporaryName(out, "snapshot");
  const partial = temporaryName(out, "partial");
  const client = createClient({ url: `file:${source}`, timeout: busyTimeoutMs });
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [snapshot] });
    const manifest = await writeBackupArchive(partial, now, [
      { name: "database", file: databaseFile, source: snapshot },
    ]);
    await rename(partial, out);
    await syncFolder(path.dirname(out));
    return manifest;
  } finally {
    client.close();
    await rm(snapshot, { force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Replaces the database with the one in `file`. Refuses (changing nothing) when the file is damaged or not a
 * backup, and while a server uses the data folder unless `force`.
 */
export async function restoreBackup(file: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const target = databaseFilePath();
  const running = runningServers(config().dataDir);
  if (running.length && !options.force) {
    throw new BackupError(
      `the site is running (process ${running.join(", ")}): stop it first, or pass --force if you are sure it is not`,
    );
  }
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  mkdirSync(path.dirname(target), { recursive: true });
  const incoming = temporaryName(target, "restoring");
  try {
    const manifest = await readBackupArchive(file, async (part) => {
      if (part.name !== "database") throw new BackupError(`this version cannot restore the part "${part.name}"`);
      const handle = await open(incoming, "wx", 0o600);
      return {
        write: async (chunk) => void (await handle.write(chunk)),
        close: async () => {
          await handle.sync();
          await handle.close();
        },
      };
    });
    if (!manifest.parts.some((part) => part.name === "database")) throw new BackupError("the backup has no database");
    await checkDatabase(incoming);
    await retireOldDatabase(target);
    await rename(incoming, target);
    await syncFolder(path.dirname(target));
    return manifest;
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) await rm(incoming + suffix, { force: true });
  }
}

/** SQLite's own check of the restored file, before it replaces anything. */
async function checkDatabase(file: string): Promise<void> {
  const client = createClient({ url: `file:${file}` });
  try {
    const result = await client.execute("PRAGMA integrity_check");
    const verdict = String(result.rows[0]?.[0] ?? "");
    if (verdict !== "ok") throw new BackupError(`the backed-up database is damaged: ${verdict}`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`the backed-up database cannot be opened: ${(error as Error).message}`);
  } finally {
    client.close();
  }
}

/**
 * Folds the old database's write-ahead log into it and removes the log: a log left beside the restored file
 * would be replayed onto it. If the process stops here, the old database is still whole.
 */
async function retireOldDatabase(target: string): Promise<void> {
  if (existsSync(target)) {
    const client = createClient({ url: `file:${target}`, timeout: busyTimeoutMs });
    try {
      await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      client.close();
    }
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) await rm(target + suffix, { force: true });
}

/** Makes a rename in `folder` durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
