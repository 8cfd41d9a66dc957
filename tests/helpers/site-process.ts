/**
 * Runs the production server (`server/prod.ts`, as `npm start` does) in a child process on a free loopback
 * port with its own data folder, for end-to-end tests and benchmarks.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";
import { endGroup, running, spawnGroup } from "../../scripts/process-group";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../../scripts/start-flags";

export interface SiteProcess {
  url: string;
  dataDir: string;
  /** The server's process id. */
  pid: number;
  output(): string;
  /** Sends `signal` and waits for the process to end; its exit code (null when a signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** Ends the server (killed after a grace if it does not end by itself) and removes the folder this made. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** How long `stop()` waits for the server to end by itself before killing it. */
const stopGraceMs = 20_000;

export async function startSite(env: Record<string, string> = {}): Promise<SiteProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "daftar-site-"));
  const port = await freePort();
  // One process, as `npm start` runs it, with its flags (see scripts/start.ts): signals reach the server itself.
  // It leads a process group of its own, ended with the test process if the test never stops it.
  const child: ChildProcess = spawnGroup(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "tsx", "server/prod.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENVIRONMENT,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, "daftar.db")}`,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  const removeFolder = () => {
    if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  try {
    await started;
  } catch (error) {
    await endGroup(child, { signal: "SIGKILL" });
    removeFolder();
    throw error;
  }
  const exited = new Promise<number | null>((resolve) => {
    if (!running(child)) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async kill(signal) {
      if (running(child)) child.kill(signal);
      return exited;
    },
    async stop() {
      // A server wedged by the test's own attack may never finish its shutdown: it is killed after a grace.
      await endGroup(child, { graceMs: stopGraceMs });
      removeFolder();
    },
  };
}
