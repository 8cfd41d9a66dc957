/**
 * Runs before each test file: the file gets its own data folder and database, so files never share state. The
 * database is a file in that folder, or, when TEST_DATABASE=sqld (the second integration run), a libSQL server
 * of the file's own on a free loopback port.
 *
 * The file also gets a temporary folder of its own (TMPDIR, for it and every process it starts), removed with
 * everything in it when the file ends, and a marker in the environment of every process it starts
 * (scripts/test-run.ts): a process still carrying it when the file ends is killed and fails the file, named.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { startSqld } from "../scripts/sqld";
import { describeLeftBehind, endSurvivors, fileMarker } from "../scripts/test-run";

// Put back when the file ends, for a runner that reuses this process for the next file.
const before = {
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  TMPDIR: process.env.TMPDIR,
  [fileMarker]: process.env[fileMarker],
};
// Named for the test file, so what a file failed to remove says whose it is.
const testFile = path.basename(expect.getState().testPath ?? "unknown").replace(/\.test\.tsx?$/, "");
const folder = mkdtempSync(path.join(tmpdir(), `daftar-test-${testFile}-`));
const dir = path.join(folder, "data");
const scratch = path.join(folder, "tmp");
mkdirSync(dir);
mkdirSync(scratch);
process.env.DATA_DIR = dir;
process.env.TMPDIR = scratch;
const fileId = randomBytes(8).toString("hex");
process.env[fileMarker] = fileId;
delete process.env.DATABASE_AUTH_TOKEN;
delete process.env.DAFTAR_INSTALLED;

const server = process.env.TEST_DATABASE === "sqld" ? await startSqld({ dbPath: path.join(dir, "sqld") }) : undefined;
process.env.DATABASE_URL = server?.url ?? `file:${path.join(dir, "daftar.db")}`;

afterAll(async () => {
  let survived;
  try {
    await server?.stop();
  } finally {
    survived = await endSurvivors(fileId, { marker: fileMarker, graceMs: 2_000 });
    rmSync(folder, { recursive: true, force: true });
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const lines = describeLeftBehind(survived, [], scratch);
  if (lines.length > 0) throw new Error(`This test file left these running (now killed):\n${lines.join("\n")}`);
});
