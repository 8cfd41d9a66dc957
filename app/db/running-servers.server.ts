/**
 * Which server processes use a data folder: each one writes DATA_DIR/.servers/<pid> when it starts and removes
 * it when it stops, so a restore can refuse to replace a database under a running site. A process killed
 * without a chance to clean up leaves its file behind; a file whose process no longer exists does not count.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const folder = (dataDir: string) => path.join(dataDir, ".servers");

/** Best effort: a read-only data folder (a deployment that only reads its database) must not stop the server. */
export function markServerRunning(dataDir: string): void {
  try {
    mkdirSync(folder(dataDir), { recursive: true });
    writeFileSync(path.join(folder(dataDir), String(process.pid)), new Date().toISOString() + "\n");
  } catch (error) {
    console.warn(
      `Cannot mark this server in ${folder(dataDir)} (${(error as Error).message}): restore will not see it.`,
    );
  }
}

export function markServerStopped(dataDir: string): void {
  try {
    rmSync(path.join(folder(dataDir), String(process.pid)), { force: true });
  } catch {
    // Read-only: nothing was marked.
  }
}

/** The process ids of servers running on this data folder now (stale marks are removed). */
export function runningServers(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(folder(dataDir));
  } catch {
    return [];
  }
  const running: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) running.push(pid);
    else rmSync(path.join(folder(dataDir), name), { force: true });
  }
  return running;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
