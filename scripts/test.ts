/**
 * `npm test`: every check the project has, in order, with one closing line "N passed, N failed".
 * Lint and typecheck count as one check each; then every Vitest test, the integration tests once more against a
 * libSQL server, and every Playwright test.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIfStale, projectRoot } from "./build-if-stale.ts";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const tmp = path.join(projectRoot, "tmp");
mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n━━ ${label}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`━━ ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function check(label: string, ok: boolean) {
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is needed for the end-to-end tests and was not found at ${chromium}.\n` +
        "Install it with: sudo apt-get update && sudo apt-get install -y chromium\n" +
        "(or point CHROMIUM_PATH at an existing Chromium).",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing it with apt-get…");
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error("Could not install Chromium with apt-get; install the 'chromium' package and run the tests again.");
    process.exit(1);
  }
}

/** Counts from Vitest's JSON report; a crash before the report counts as one failure. */
function vitestCounts(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    testResults: { status: string }[];
  };
  const brokenFiles = report.testResults.filter((r) => r.status === "failed").length;
  return {
    passed: report.numPassedTests,
    failed: Math.max(report.numFailedTests, report.numFailedTests === 0 ? brokenFiles : 0),
  };
}

interface PlaywrightSpec {
  tests: { results: { status: string }[]; status: string }[];
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}

function playwrightCounts(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[]; errors?: unknown[] };
  let ok = 0;
  let bad = 0;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === "expected" || t.status === "flaky") ok++;
        else if (t.status !== "skipped") bad++;
      }
    }
    suite.suites?.forEach(walk);
  };
  report.suites.forEach(walk);
  return { passed: ok, failed: bad + (report.errors?.length ?? 0) };
}

const started = Date.now();
ensureChromium();

check(
  "lint",
  run("lint", "npx", ["eslint", ".", "--max-warnings", "0"]) && run("lint", "npx", ["prettier", "--check", "."]),
);
check(
  "typecheck",
  run("typecheck", "npx", ["react-router", "typegen"]) && run("typecheck", "npx", ["tsc", "--noEmit"]),
);

buildIfStale();

const vitestReport = path.join(tmp, "vitest-report.json");
rmSync(vitestReport, { force: true });
run("unit and integration", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const unit = vitestCounts(vitestReport);
passed += unit.passed;
failed += unit.failed;
if (unit.failed) failures.push(`${unit.failed} unit/integration test(s)`);

// The integration suite again, against a libSQL server (sqld) instead of a database file (vitest.sqld.config.ts).
const sqldReport = path.join(tmp, "vitest-sqld-report.json");
rmSync(sqldReport, { force: true });
run("integration on a libSQL server", "npx", [
  "vitest",
  "run",
  "-c",
  "vitest.sqld.config.ts",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${sqldReport}`,
]);
const onServer = vitestCounts(sqldReport);
passed += onServer.passed;
failed += onServer.failed;
if (onServer.failed) failures.push(`${onServer.failed} integration test(s) on a libSQL server`);

const playwrightReport = path.join(tmp, "playwright-report.json");
rmSync(playwrightReport, { force: true });
run("end-to-end", "npx", ["playwright", "test"]);
const e2e = playwrightCounts(playwrightReport);
passed += e2e.passed;
failed += e2e.failed;
if (e2e.failed) failures.push(`${e2e.failed} end-to-end test(s)`);

console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.${failures.length ? ` Failed: ${failures.join(", ")}.` : ""}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
