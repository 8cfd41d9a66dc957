/**
 * Runs before each test file: the file gets its own data folder and database, so files never share state. The
 * database is a file in that folder, or, when TEST_DATABASE=sqld (the second integration run), a libSQL server
 * of the file's own on a free loopback port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { startSqld } from "../scripts/sqld";

const dir = mkdtempSync(path.join(tmpdir(), "daftar-test-"));
process.env.DATA_DIR = dir;
delete process.env.DATABASE_AUTH_TOKEN;
delete process.env.DAFTAR_INSTALLED;

const server = process.env.TEST_DATABASE === "sqld" ? await startSqld({ dbPath: path.join(dir, "sqld") }) : undefined;
process.env.DATABASE_URL = server?.url ?? `file:${path.join(dir, "daftar.db")}`;

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});
