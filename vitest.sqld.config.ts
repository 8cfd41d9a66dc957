/**
 * The integration suite once more, every test file against a libSQL server (sqld) of its own instead of a
 * database file (tests/setup.ts starts it). Left out: suites about the database file itself, and the hostile-input
 * suites, which check how routes answer malformed input (the same whatever the database) and fingerprint the whole
 * database after each of thousands of refusals (minutes over HTTP, seconds on a file).
 */
import { suite } from "./vitest.config";

export default suite(["tests/integration/**/*.test.{ts,tsx}"], {
  exclude: [
    // Online backup and restore of the database file (a server is backed up by its own means).
    "tests/integration/backup.test.ts",
    // Crashes, full disks and read-only storage under the embedded database file.
    "tests/integration/faults.test.ts",
    // The embedded database's per-process transaction turns.
    "tests/integration/comments-concurrency.test.ts",
    // Which database files the installer may open.
    "tests/integration/installer-database-url.test.ts",
    // Malformed input to every route.
    "tests/integration/hostile-input.test.ts",
    "tests/integration/hostile-installer.test.ts",
    // Exhaustion attacks measured on a server process of their own (memory and latency, not the database).
    "tests/integration/hostile-load-*.test.ts",
  ],
  env: { TEST_DATABASE: "sqld" },
});
