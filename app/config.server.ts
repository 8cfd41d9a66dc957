import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module (works from sources and from the build). */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
})();

/** Where the site keeps its own files: the embedded database, the setup token, uploads. */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || path.join(projectRoot, "data"));
}

/** The database the installer saved (DATA_DIR/config.json), when the owner entered one there. */
export interface SavedDatabaseConfig {
  databaseUrl: string;
  databaseAuthToken?: string;
}

export function savedConfigPath(): string {
  return path.join(dataDir(), "config.json");
}

export function savedDatabaseConfig(): SavedDatabaseConfig | undefined {
  try {
    const value = JSON.parse(readFileSync(savedConfigPath(), "utf8")) as Partial<SavedDatabaseConfig>;
    return typeof value.databaseUrl === "string" && value.databaseUrl ? (value as SavedDatabaseConfig) : undefined;
  } catch {
    return undefined;
  }
}

/** The installer's saved choice, else DATABASE_URL, else the embedded file in DATA_DIR. */
export function databaseUrl(): string {
  return savedDatabaseConfig()?.databaseUrl || process.env.DATABASE_URL || `file:${path.join(dataDir(), "daftar.db")}`;
}

export function databaseAuthToken(): string | undefined {
  const saved = savedDatabaseConfig();
  if (saved) return saved.databaseAuthToken || undefined;
  return process.env.DATABASE_AUTH_TOKEN || undefined;
}

export const isProduction = process.env.NODE_ENV === "production";
