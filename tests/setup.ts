/**
 * Runs before each test file: the file gets its own data folder and database file, so files never share state.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "daftar-test-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "daftar.db")}`;
delete process.env.DATABASE_AUTH_TOKEN;
delete process.env.DAFTAR_INSTALLED;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
