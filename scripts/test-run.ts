/**
 * One test run (`npm test`, or one `vitest` or `playwright` command on its own) and what it leaves behind.
 *
 * The run puts a marker in the environment, DAFTAR_TEST_RUN=<id>, which every process it starts inherits (servers,
 * sqld, git, Chromium and their children), and points TMPDIR at a folder of its own, where every folder its tests
 * make goes. At the end, a process whose environment (as it started, /proc/<pid>/environ) carries the marker is
 * one the run started and failed to end, and what remains in the folder is what its tests failed to remove.
 * Processes of other runs carry another id, and processes nobody started from the run carry none: neither is
 * counted.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const runMarker = "DAFTAR_TEST_RUN";
/** Set by tests/setup.ts for each test file, so what one file failed to end is named with it. */
export const fileMarker = "DAFTAR_TEST_FILE";

export interface TestRun {
  id: string;
  /** The run's temporary folder (TMPDIR for everything it starts). */
  tmp: string;
  /** Whether this process began the run (and so ends it), rather than joining the run of a parent. */
  owner: boolean;
}

/** Joins the run this process was started in, or begins one: marker and TMPDIR set in `process.env`. */
export function beginRun(): TestRun {
  const joined = process.env[runMarker];
  if (joined && path.basename(tmpdir()) === `daftar-run-${joined}`) return { id: joined, tmp: tmpdir(), owner: false };
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  const tmp = path.join(tmpdir(), `daftar-run-${id}`);
  mkdirSync(tmp, { recursive: true });
  process.env[runMarker] = id;
  process.env.TMPDIR = tmp;
  return { id, tmp, owner: true };
}

export interface Survivor {
  pid: number;
  command: string;
}

/** `/proc/<pid>/stat` fields after the command name: state, parent. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state = "", ppid = "0"] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function pids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function ancestors(pid: number): number[] {
  const found: number[] = [];
  for (let at = stat(pid)?.ppid ?? 0; at > 1 && !found.includes(at); at = stat(at)?.ppid ?? 0) found.push(at);
  return found;
}

const esbuildService = /\/esbuild --service=\S+ --ping$/;

/**
 * The processes whose environment carries `marker=id` (the run's marker by default), except this process and its
 * ancestors (the runners that started it) and, with `spareChildren`, its own children (a runner's workers, which
 * it ends itself after its teardown). Empty where there is no /proc.
 */
export function survivors(id: string, { spareChildren = false, marker = runMarker } = {}): Survivor[] {
  if (!existsSync("/proc/self/environ")) return [];
  const spared = new Set([process.pid, ...ancestors(process.pid)]);
  const needle = Buffer.from(`\0${marker}=${id}\0`);
  const found: Survivor[] = [];
  for (const pid of pids()) {
    if (spared.has(pid)) continue;
    let environ: Buffer;
    try {
      environ = Buffer.concat([Buffer.from("\0"), readFileSync(`/proc/${pid}/environ`)]);
    } catch {
      continue; // Ended meanwhile, or another user's.
    }
    if (!environ.includes(needle)) continue;
    const status = stat(pid);
    if (!status || status.state === "Z" || (spareChildren && status.ppid === process.pid)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    } catch {
      continue; // Ended meanwhile.
    }
    // esbuild's service, started by this process's own code transforms, pings it and ends with it.
    if (status.ppid === process.pid && esbuildService.test(command)) continue;
    found.push({ pid, command });
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits up to `graceMs` for the run's processes to end by themselves (a runner's workers finish exiting after it),
 * then kills what is left and names it.
 */
export async function endSurvivors(
  id: string,
  { graceMs = 5_000, spareChildren = false, marker = runMarker } = {},
): Promise<Survivor[]> {
  const deadline = Date.now() + graceMs;
  let left = survivors(id, { spareChildren, marker });
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(200);
    left = survivors(id, { spareChildren, marker });
  }
  for (const { pid } of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
  return left;
}

/** Caches that tools keep in TMPDIR for the run's own benefit, not left by a test. */
const caches = /^(tsx-\d+|playwright-transform-cache(-\d+)?|node-compile-cache)$/;

/** What tests left in a temporary folder (the run's, or a test file's). */
export function leftovers(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((name) => !caches.test(name));
}

/** Removes the run's temporary folder. */
export function removeRunFolder(run: TestRun): void {
  rmSync(run.tmp, { recursive: true, force: true });
}

/** One report line per survivor and leftover; empty when the run left nothing. */
export function describeLeftBehind(survived: Survivor[], left: string[], tmp: string): string[] {
  return [
    ...survived.map(({ pid, command }) => `process ${pid} still running: ${command.slice(0, 300)}`),
    ...left.map((name) => `left in the temporary folder: ${path.join(tmp, name)}`),
  ];
}

/**
 * For a test runner's global setup: joins the run or begins one. The teardown returned, in a run this runner
 * began, kills the run's processes still alive (a test file that crashed or timed out before its cleanup), removes
 * the run's folder, and fails naming what was left. In a run begun by `npm test`, that check is `npm test`'s, at
 * the end of each of its phases.
 */
export function guardRun(): () => Promise<void> {
  const run = beginRun();
  return async () => {
    if (!run.owner) return;
    const survived = await endSurvivors(run.id, { spareChildren: true, graceMs: 2_000 });
    const left = leftovers(run.tmp);
    removeRunFolder(run);
    const lines = describeLeftBehind(survived, left, run.tmp);
    if (lines.length > 0) {
      throw new Error(`The tests left these behind (now ended and removed):\n${lines.join("\n")}`);
    }
  };
}
