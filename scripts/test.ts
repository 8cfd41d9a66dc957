/**
 * `npm test`: every check the project has, in order, with one closing line "N passed, N failed".
 * Lint and typecheck count as one check each; then every Vitest test, the integration tests once more against a
 * libSQL server, and every Playwright test. Each phase is timed. The run's processes carry a marker and its
 * temporary folders live in one folder of its own (scripts/test-run.ts): after each phase, a process of the
 * run still alive is killed and named, and so is what remains in the folder; either fails one more check,
 * "nothing left behind".
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beginRun, describeLeftBehind, endSurvivors, leftovers, removeRunFolder } from "./test-run.ts";
import { buildIfStale, projectRoot } from "./build-if-stale.ts";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const tmp = path.join(projectRoot, "tmp");
mkdirSync(tmp, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed test by name with the start of its message, repeated at the end where a log's tail shows it. */
const failedTests: string[] = [];

const run = beginRun();
/** Seconds per phase, printed together at the end. */
const phaseSeconds = new Map<string, number>();
/** What the phases left behind, one line each. */
const leftBehind: string[] = [];
let current: ChildProcess | undefined;
let interrupted: NodeJS.Signals | undefined;

/** Runs one command of a phase; its time adds to the phase's. */
async function command(phase: string, name: string, args: string[]): Promise<boolean> {
  if (interrupted) return false;
  console.log(`\n━━ ${phase}: ${[name, ...args].join(" ")}`);
  const started = Date.now();
  const child = spawn(name, args, { cwd: projectRoot, stdio: "inherit", env: process.env });
  current = child;
  const status = await new Promise<number | null>((resolve) => {
    child.once("error", () => resolve(null));
    child.once("exit", (code) => resolve(code));
  });
  current = undefined;
  const seconds = (Date.now() - started) / 1000;
  phaseSeconds.set(phase, (phaseSeconds.get(phase) ?? 0) + seconds);
  console.log(`━━ ${phase}: exit ${status} in ${seconds.toFixed(1)} s`);
  return status === 0;
}

/** After a phase: the run's processes still alive are killed, what it left in the run's folder removed; both named. */
async function sweep(phase: string): Promise<void> {
  const survived = await endSurvivors(run.id);
  const left = leftovers(run.tmp);
  for (const name of left) rmSync(path.join(run.tmp, name), { recursive: true, force: true });
  const lines = describeLeftBehind(survived, left, run.tmp).map((line) => `${phase}: ${line}`);
  for (const line of lines) console.error(`━━ left behind by ${line}`);
  leftBehind.push(...lines);
}

// Ctrl+C reaches the running command too (same process group); a signal sent to this process alone is passed on.
// Either way the run stops after that command, and what it left is still swept.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    interrupted = signal;
    current?.kill(signal);
  });
}

async function stopIfInterrupted(phase: string): Promise<void> {
  if (!interrupted) return;
  await sweep(phase);
  removeRunFolder(run);
  console.error(`\nInterrupted (${interrupted}).`);
  process.exit(130);
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

/** The first lines of a failure's message: enough to tell a flaky wait from a wrong answer. */
function firstLines(message: string | undefined): string {
  return (message ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");
}

/**
 * Counts from Vitest's JSON report; a crash before the report counts as one failure, and so does a run that failed
 * with every test passed: an error no test handled (the report has no place for it; the log above shows it).
 */
function vitestCounts(file: string, label: string, exitedWell: boolean): { passed: number; failed: number } {
  if (!existsSync(file)) {
    failedTests.push(`${label}: no report (the run ended before writing it)`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  for (const result of report.testResults) {
    const testFile = path.relative(projectRoot, result.name);
    const broken = result.assertionResults.filter((test) => test.status === "failed");
    for (const test of broken) {
      failedTests.push(`${label}: ${testFile} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    }
    if (result.status === "failed" && broken.length === 0) {
      failedTests.push(`${label}: ${testFile} (the file failed)\n${firstLines(result.message)}`);
    }
  }
  const brokenFiles = report.testResults.filter((r) => r.status === "failed").length;
  const failed = Math.max(report.numFailedTests, report.numFailedTests === 0 ? brokenFiles : 0);
  if (failed === 0 && !exitedWell) {
    failedTests.push(`${label}: failed outside any test (an unhandled error: see "Unhandled Errors" in its log)`);
    return { passed: report.numPassedTests, failed: 1 };
  }
  return { passed: report.numPassedTests, failed };
}

interface PlaywrightSpec {
  title: string;
  file: string;
  tests: { projectName?: string; results: { status: string; error?: { message?: string } }[]; status: string }[];
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}

function playwrightCounts(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) {
    failedTests.push("Playwright: no report (the run ended before writing it)");
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    suites: PlaywrightSuite[];
    errors?: { message?: string }[];
  };
  for (const error of report.errors ?? [])
    failedTests.push(`Playwright: outside any test\n${firstLines(error.message)}`);
  let ok = 0;
  let bad = 0;
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === "expected" || t.status === "flaky") ok++;
        else if (t.status !== "skipped") {
          bad++;
          const error = t.results.find((r) => r.error)?.error?.message;
          failedTests.push(`Playwright: ${spec.file} › ${spec.title}\n${firstLines(error)}`);
        }
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
  (await command("lint", "npx", ["eslint", ".", "--max-warnings", "0"])) &&
    (await command("lint", "npx", ["prettier", "--check", "."])) &&
    // Dead code: knip reads the route modules' generated types, so they are generated first.
    (await command("lint", "npx", ["react-router", "typegen"])) &&
    (await command("lint", "npx", ["knip", "--no-progress"])),
);
await sweep("lint");
await stopIfInterrupted("lint");
check(
  "typecheck",
  (await command("typecheck", "npx", ["react-router", "typegen"])) &&
    (await command("typecheck", "npx", ["tsc", "--noEmit"])),
);
await sweep("typecheck");
await stopIfInterrupted("typecheck");

const buildStarted = Date.now();
buildIfStale();
phaseSeconds.set("build", (Date.now() - buildStarted) / 1000);
await sweep("build");

const vitestReport = path.join(tmp, "vitest-report.json");
rmSync(vitestReport, { force: true });
const unitExitedWell = await command("Vitest on files", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
await sweep("Vitest on files");
await stopIfInterrupted("Vitest on files");
const unit = vitestCounts(vitestReport, "Vitest on files", unitExitedWell);
passed += unit.passed;
failed += unit.failed;
if (unit.failed) failures.push(`${unit.failed} unit/integration test(s)`);

// The integration suite again, against a libSQL server (sqld) instead of a database file (vitest.sqld.config.ts).
const sqldReport = path.join(tmp, "vitest-sqld-report.json");
rmSync(sqldReport, { force: true });
const onServerExitedWell = await command("Vitest on sqld", "npx", [
  "vitest",
  "run",
  "-c",
  "vitest.sqld.config.ts",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${sqldReport}`,
]);
await sweep("Vitest on sqld");
await stopIfInterrupted("Vitest on sqld");
const onServer = vitestCounts(sqldReport, "Vitest on sqld", onServerExitedWell);
passed += onServer.passed;
failed += onServer.failed;
if (onServer.failed) failures.push(`${onServer.failed} integration test(s) on a libSQL server`);

const playwrightReport = path.join(tmp, "playwright-report.json");
rmSync(playwrightReport, { force: true });
await command("Playwright", "npx", ["playwright", "test"]);
await sweep("Playwright");
await stopIfInterrupted("Playwright");
const e2e = playwrightCounts(playwrightReport);
passed += e2e.passed;
failed += e2e.failed;
if (e2e.failed) failures.push(`${e2e.failed} end-to-end test(s)`);

removeRunFolder(run);
check("nothing left behind", leftBehind.length === 0);
if (leftBehind.length > 0) {
  console.error(`\nThe tests left these behind (ended and removed now):\n${leftBehind.join("\n")}`);
}

if (failedTests.length > 0) {
  console.log("\nFailed tests:");
  for (const line of failedTests) console.log(`  ${line}`);
}

console.log("\nTime per phase:");
for (const [phase, seconds] of phaseSeconds) console.log(`  ${phase.padEnd(16)} ${seconds.toFixed(0).padStart(6)} s`);
console.log(
  `\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s.${failures.length ? ` Failed: ${failures.join(", ")}.` : ""}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
