import { existsSync } from "node:fs";
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

export function databaseUrl(): string {
  return process.env.DATABASE_URL || `file:${path.join(dataDir(), "daftar.db")}`;
}

export function databaseAuthToken(): string | undefined {
  return process.env.DATABASE_AUTH_TOKEN || undefined;
}

export const isProduction = process.env.NODE_ENV === "production";
