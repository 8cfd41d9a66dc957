/**
 * Child processes that may start children of their own (tsx runs node, a server may run helpers) are started as
 * the leader of a process group of their own and ended as a group: a signal to the leader alone would leave its
 * children running, adopted by init. A group is killed as soon as its leader has ended (what remains of it is
 * orphaned), and every group still alive is killed when this process exits or is ended by a signal it does not
 * otherwise handle, so nothing started here outlives its starter.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const live = new Set<ChildProcess>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group has already gone.
  }
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // Synchronous: the last thing this process does.
  process.on("exit", () => {
    for (const child of live) killGroup(child.pid!);
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      // Someone else handles this signal (a graceful shutdown that ends its children itself): leave it to them.
      if (process.listenerCount(signal) > 1) return;
      for (const child of live) killGroup(child.pid!);
      process.removeListener(signal, onSignal);
      // The default action, which the listener replaced: this process ends by the same signal.
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** `spawn`, with the child leading a process group of its own. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  hookExit();
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid === undefined) return child;
  live.add(child);
  child.once("exit", () => {
    live.delete(child);
    killGroup(child.pid!);
  });
  return child;
}

/** Whether the child is still running. */
export function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * Sends `signal` to the child's group and waits for the child to end; after `graceMs` (a process wedged by a test,
 * or ignoring the signal) the group is killed. Resolves with the exit code (null when a signal ended it).
 */
export async function endGroup(
  child: ChildProcess,
  { signal = "SIGTERM", graceMs = 20_000 }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<number | null> {
  // A child already ended had its group ended with it (spawnGroup), and its id may now be another process's.
  if (child.pid === undefined || !running(child)) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => {
    if (!running(child)) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  if (running(child)) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
  const killer = setTimeout(() => killGroup(child.pid!), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(killer);
    killGroup(child.pid);
  }
}

/** A command that ended with a status other than 0, with what it wrote to its error output. */
export class CommandFailed extends Error {
  constructor(
    readonly command: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`${command} ended with ${code ?? "a signal"}: ${stderr.trim()}`);
  }
}

/**
 * Runs a command in a process group of its own and gives its output (like `execFile`, whose child would outlive a
 * test that gave up waiting for it): rejects with `CommandFailed` unless it ends with status 0, and stops it when
 * its output passes `maxBuffer` bytes.
 */
export function execGroup(
  command: string,
  args: string[],
  { maxBuffer = 64 * 1024 * 1024, ...options }: SpawnOptions & { maxBuffer?: number } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    child.stdout!.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBuffer) void endGroup(child, { signal: "SIGKILL" });
      else out.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => err.push(chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8");
      const name = [command, ...args].join(" ");
      if (size > maxBuffer) reject(new CommandFailed(name, code, `more than ${maxBuffer} bytes of output`));
      else if (code !== 0) reject(new CommandFailed(name, code, stderr));
      else resolve(Buffer.concat(out));
    });
  });
}
